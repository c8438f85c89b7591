import { describe, expect, it } from 'vitest';
import { heatColour, heatText, lightChartTheme } from './charts';

/** WCAG 2 contrast of two colours written as `#rrggbb` or `rgb(r, g, b)`. */
function contrast(a: string, b: string): number {
  const channels = (c: string) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : c.slice(4, -1).split(',').map(Number));
  const lum = (c: string) => {
    const [r, g, b] = channels(c).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The studio's heatmap cells (accent and elevated background of tokens.css) and the HTML export's (the light chart theme).
const themes = {
  'studio light': { ...lightChartTheme, accent: '#2860c4', background: '#ffffff', text: '#17202b' },
  'studio dark': { ...lightChartTheme, accent: '#5b93f0', background: '#181d23', text: '#e4e8ee' },
  'HTML export': lightChartTheme,
};

describe('heatmap cell text', () => {
  for (const [name, theme] of Object.entries(themes)) {
    it(`holds WCAG AA (4.5:1) on every value from 0 to 100 in the ${name} colours`, () => {
      const low = [];
      for (let v = 0; v <= 100; v += 0.5) {
        const ratio = contrast(heatText(v, theme), heatColour(v, theme));
        if (ratio < 4.5) low.push(`${v}: ${ratio.toFixed(2)}`);
      }
      expect(low).toEqual([]);
    });
  }
});
