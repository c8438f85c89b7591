import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { accuracyBars, lightChartTheme, vrpRadar } from './charts';
import { echarts } from './echarts-setup';
import { chartText, escapeHtml, neutraliseFormula } from './safe-text';

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

  it('keeps every text ECharts measures from being a name every object inherits', () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    const label = chartText('__proto__defineGetter__ and toString');
    // Invisible, so the label reads as typed; no piece of it (what truncation and wrapping measure) is such a name.
    expect(label.replaceAll('\u2060', '')).toBe('__proto__defineGetter__ and toString');
    for (let a = 0; a < label.length; a++) for (let b = a + 1; b <= label.length; b++) expect(inherited).not.toContain(label.slice(a, b));
    expect(chartText('plain label')).toBe('plain label');
  });

  it('renders charts of such names without touching Object.prototype', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const names = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
    const cell = { n: 4, correct: 2, accuracy: 50, ci95: { low: 20, high: 80 } };
    const options = [
      accuracyBars(lightChartTheme, names, names.map((name) => ({ name, cells: names.map(() => cell) }))),
      vrpRadar(lightChartTheme, names, names.map((name) => ({ name, values: names.map(() => 50) }))),
    ];
    for (const option of options) {
      // Twice: the second look-up is the one that moved a cached entry (here Object.prototype) to the list's tail.
      for (let i = 0; i < 2; i++) {
        const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 400 });
        chart.setOption(option);
        expect(chart.renderToSVGString()).toContain('proto');
        chart.dispose();
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(Object.getOwnPropertyNames(Object)).not.toContain('next');
  });
});
