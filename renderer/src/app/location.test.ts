import { describe, expect, it } from 'vitest';
import { formatPlace, parsePlace, type Place } from './location';

const place = (p: Partial<Place>): Place => ({ screen: 'datasets', id: null, item: null, tab: null, ...p });

describe('the location in the URL', () => {
  it('round-trips every screen with what is open on it', () => {
    const places: Place[] = [
      place({ screen: 'datasets', id: 3, item: 41 }),
      place({ screen: 'datasets', id: 3 }),
      place({ screen: 'annotate', id: 41 }),
      place({ screen: 'review', id: 12 }),
      place({ screen: 'runs', id: 7 }),
      place({ screen: 'reports', tab: 'run', id: 7 }),
      place({ screen: 'reports', tab: 'compare' }),
      place({ screen: 'reports', tab: 'leaderboard' }),
      place({ screen: 'settings' }),
    ];
    for (const p of places) expect(parsePlace(formatPlace(p))).toEqual(p);
    expect(formatPlace(places[0]!)).toBe('#/datasets/3/item/41');
    expect(formatPlace(places[5]!)).toBe('#/reports/run/7');
  });

  it('opens the renamed screens from links written with their former ids', () => {
    expect(parsePlace('#/canvas')).toEqual(place({ screen: 'vrp' }));
    expect(parsePlace('#/prompts')).toEqual(place({ screen: 'optimize' }));
    expect(formatPlace(parsePlace('#/prompts'))).toBe('#/optimize');
  });

  it('falls back to what it can read from a damaged or old link', () => {
    expect(parsePlace('')).toEqual(place({}));
    expect(parsePlace('#/nowhere/5')).toEqual(place({}));
    expect(parsePlace('#/annotate')).toEqual(place({ screen: 'annotate' }));
    expect(parsePlace('#/annotate/abc')).toEqual(place({ screen: 'annotate' }));
    expect(parsePlace('#/reports/sideways/3')).toEqual(place({ screen: 'reports' }));
    // A settings link has nothing open on it: an id there is ignored when written back.
    expect(formatPlace(place({ screen: 'settings', id: 4 }))).toBe('#/settings');
  });
});
