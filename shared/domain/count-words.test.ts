import { describe, expect, it } from 'vitest';
import { countOf } from './count-words';

describe('countOf', () => {
  it('says one thing in the singular, none and many in the plural, with thousands grouped', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(1204, 'question')).toBe('1,204 questions');
    expect(countOf(2, 'reply', 'replies')).toBe('2 replies');
  });
});
