import { describe, expect, it } from 'vitest';
import { ActiveClock } from './active-clock';

const s = (seconds: number) => seconds * 1000;

describe('active time on a form', () => {
  it('counts while the person acts, and at most one idle minute after their last action', () => {
    const clock = new ActiveClock(0, true);
    clock.activity(s(10));
    clock.activity(s(30));
    expect(clock.take(s(40))).toBe(s(40));
    // Away from s(40) on: the clock runs to s(30) + 60 s = s(90), then stops.
    expect(clock.take(s(600))).toBe(s(50));
    clock.activity(s(700));
    expect(clock.take(s(710))).toBe(s(10));
  });

  it('does not count while the page is hidden, and showing it again counts as coming back', () => {
    const clock = new ActiveClock(0, true);
    clock.activity(s(5));
    clock.visibility(false, s(20));
    clock.activity(s(50));
    expect(clock.take(s(100))).toBe(s(20));
    clock.visibility(true, s(200));
    expect(clock.take(s(230))).toBe(s(30));
  });

  it('starts a new count at every take, so no time is given twice', () => {
    const clock = new ActiveClock(0, true);
    clock.activity(s(1));
    const first = clock.take(s(10));
    const second = clock.take(s(10));
    expect([first, second]).toEqual([s(10), 0]);
  });

  it('ignores time going backwards', () => {
    const clock = new ActiveClock(s(100), true);
    clock.activity(s(50));
    expect(clock.take(s(40))).toBe(0);
    expect(clock.take(s(110))).toBe(s(10));
  });
});
