import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { accuracyBars, lightChartTheme } from './charts';
import { escapeHtml, neutraliseFormula } from './safe-text';

describe('output encoding', () => {
  it('escapes category and series names in chart tooltips', () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const option = accuracyBars(lightChartTheme, [hostile], [{ name: `<b>${hostile}</b>`, cells: [{ n: 10, correct: 5, accuracy: 0.5, ci95: { low: 0.2, high: 0.8 } }] }]);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter({ seriesIndex: 0, dataIndex: 0 });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b><');
    expect(html).toContain(escapeHtml(hostile));
    // Parsed as HTML, the text reads as it was typed.
    expect(html.startsWith('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;<br/>')).toBe(true);
  });

  it('neutralises formula-leading CSV cells and leaves numbers and plain text alone', () => {
    const row = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1)', '\tTAB', 'plain', '-0.25', '+3', '12%', 42, null];
    const safe = row.map((c) => neutraliseFormula(c));
    expect(safe).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'+1+2", "'-2+3+cmd|' /C calc'!A0", "'@SUM(A1)", "'\tTAB", 'plain', '-0.25', '+3', '12%', 42, null]);
    // Through the CSV writer and back, no cell begins with a formula character any more.
    const back = parse(stringify([safe.map((c) => (c === null ? '' : String(c)))])) as string[][];
    expect(back[0]!.slice(0, 5).every((c) => c.startsWith('\''))).toBe(true);
  });
});
