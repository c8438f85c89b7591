import type { EChartsOption, CustomSeriesRenderItem } from 'echarts';
import type { AccuracyCellData } from '../contract/report-entities';
import { ciText, pct1 } from './format';
import { chartText, escapeHtml } from './safe-text';

/** Colours a chart takes from the app's theme (CSS variables in the renderer, the light palette in HTML exports). */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  accent: string;
  ok: string;
  warn: string;
  danger: string;
  background: string;
  series: readonly string[];
  font: string;
}

export const lightChartTheme: ChartTheme = {
  text: '#17202b', muted: '#5d6877', grid: '#dde1e7', accent: '#2f6fdb', ok: '#1f8a4c', warn: '#a86200', danger: '#c23b3b',
  background: '#ffffff', series: ['#2f6fdb', '#c2690f', '#8a4fd8', '#1f8a4c', '#c23b3b', '#0f8a8a', '#a86200', '#5d6877'],
  font: "'Inter', 'Segoe UI', system-ui, sans-serif",
};

export interface LabelledCell {
  label: string;
  cell: AccuracyCellData;
}

/** Chart data is numeric; one decimal keeps tooltips and labels from showing float noise. */
const round1 = (x: number) => Math.round(x * 10) / 10;

function base(theme: ChartTheme): EChartsOption {
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: theme.text, fontFamily: theme.font, fontSize: 12 },
    color: [...theme.series],
  };
}

function valueAxis(theme: ChartTheme, name: string) {
  return {
    type: 'value' as const, min: 0, max: 100, name, nameLocation: 'middle' as const, nameGap: 26,
    nameTextStyle: { color: theme.muted }, axisLabel: { color: theme.muted }, splitLine: { lineStyle: { color: theme.grid } },
  };
}

function categoryAxis(theme: ChartTheme, labels: readonly string[]) {
  return {
    type: 'category' as const, data: labels.map(chartText), inverse: true,
    axisLabel: { color: theme.text, width: 230, overflow: 'truncate' as const }, axisLine: { lineStyle: { color: theme.grid } }, axisTick: { show: false },
  };
}

/** Whiskers for 95% intervals on horizontal bars; data rows are [low, high, category index, series offset]. */
function whiskers(stroke: string): CustomSeriesRenderItem {
  return (_params, api) => {
    const index = api.value(2) as number;
    const offset = api.value(3) as number;
    const band = (api.size!([0, 1]) as number[])[1]!;
    const low = api.coord([api.value(0), index]);
    const high = api.coord([api.value(1), index]);
    const y = low[1]! + offset * band;
    const cap = Math.max(3, band * 0.12);
    const line = (x1: number, y1: number, x2: number, y2: number) => ({ type: 'line' as const, shape: { x1, y1, x2, y2 }, style: { stroke, lineWidth: 1.2 } });
    return { type: 'group', children: [line(low[0]!, y, high[0]!, y), line(low[0]!, y - cap, low[0]!, y + cap), line(high[0]!, y - cap, high[0]!, y + cap)] };
  };
}

/** Accuracy per group as horizontal bars with 95% interval whiskers, n in the tooltip. One or more series. */
export function accuracyBars(theme: ChartTheme, labels: readonly string[],
  series: readonly { name: string; cells: readonly (AccuracyCellData | undefined)[] }[]): EChartsOption {
  const k = series.length;
  // Bars of one category sit side by side; each whisker is shifted to the middle of its own bar.
  const barShare = 0.7 / k;
  return {
    ...base(theme),
    grid: { left: 8, right: 24, top: k > 1 ? 30 : 8, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    legend: k > 1 ? { top: 0, textStyle: { color: theme.text } } : { show: false },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const param = p as { seriesIndex: number; dataIndex: number };
        const cell = series[param.seriesIndex]?.cells[param.dataIndex];
        const label = escapeHtml(labels[param.dataIndex] ?? '');
        return cell ? `${label}<br/>${escapeHtml(series[param.seriesIndex]!.name)}: <b>${pct1(cell.accuracy)}%</b> (${cell.correct}/${cell.n})<br/>95% CI ${ciText(cell)}` : label;
      },
    },
    xAxis: valueAxis(theme, 'accuracy (%)'),
    yAxis: categoryAxis(theme, labels),
    series: [
      ...series.map((s, i) => ({
        type: 'bar' as const, name: chartText(s.name), data: s.cells.map((c) => c ? round1(c.accuracy) : null), barMaxWidth: 22,
        itemStyle: { color: theme.series[i % theme.series.length], borderRadius: [0, 3, 3, 0] },
      })),
      ...series.map((s, i) => ({
        type: 'custom' as const, name: chartText(s.name), silent: true, z: 5,
        renderItem: whiskers(theme.text),
        data: s.cells.flatMap((c, j) => c ? [[c.ci95.low, c.ci95.high, j, (i - (k - 1) / 2) * barShare]] : []),
        encode: { x: [0, 1], y: 2 }, tooltip: { show: false },
      })),
    ],
  };
}

/** VRPTest's Figure 3: a radar over intervention levels and relation values, one line per run. */
export function vrpRadar(theme: ChartTheme, axes: readonly string[], lines: readonly { name: string; values: readonly (number | null)[] }[]): EChartsOption {
  return {
    ...base(theme),
    legend: { bottom: 0, textStyle: { color: theme.text } },
    tooltip: { trigger: 'item' },
    radar: {
      indicator: axes.map((name) => ({ name: chartText(name), max: 100, min: 0 })),
      radius: '62%',
      axisName: { color: theme.muted },
      splitLine: { lineStyle: { color: theme.grid } },
      splitArea: { show: false },
      axisLine: { lineStyle: { color: theme.grid } },
    },
    series: [{
      type: 'radar',
      data: lines.map((l, i) => ({
        name: chartText(l.name), value: l.values.map((v) => v === null ? 0 : round1(v)),
        lineStyle: { color: theme.series[i % theme.series.length], width: 2 }, itemStyle: { color: theme.series[i % theme.series.length] },
        areaStyle: { opacity: 0.06 },
      })),
    }],
  };
}

/** MMStar's seeing-or-not: S_v, S_wv and S_t side by side, with intervals. */
export function seeingBars(theme: ChartTheme, cells: readonly LabelledCell[]): EChartsOption {
  return accuracyBars(theme, cells.map((c) => c.label), [{ name: 'accuracy', cells: cells.map((c) => c.cell) }]);
}

/** The heat cell's colour as 0–255 channels: between the theme background and the accent. */
function heatRgb(value: number, theme: Pick<ChartTheme, 'accent' | 'background'>): number[] {
  const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const from = parse(theme.background.length === 7 ? theme.background : '#ffffff');
  const to = parse(theme.accent.length === 7 ? theme.accent : '#2f6fdb');
  const t = Math.max(0, Math.min(1, value / 100)) * 0.85;
  return from.map((f, i) => Math.round(f + (to[i]! - f) * t));
}

/** A 0–100 value as a heat colour between the theme background and the accent, for the conditional heatmap. */
export function heatColour(value: number, theme: Pick<ChartTheme, 'accent' | 'background'>): string {
  return `rgb(${heatRgb(value, theme).join(', ')})`;
}

/** WCAG 2 relative luminance of 0–255 channels. */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white, whichever contrasts more with the cell: one of the two always holds at least 4.58:1 (WCAG AA asks
 * 4.5:1), where the theme's own text colour fell to 4.33:1 on a full cell (issue 34).
 */
export function heatText(value: number, theme: Pick<ChartTheme, 'accent' | 'background'>): string {
  const l = luminance(heatRgb(value, theme));
  return (1.05 / (l + 0.05) >= (l + 0.05) / 0.05) ? '#ffffff' : '#000000';
}

/** The chart size the HTML export renders bars at, growing with the number of categories. */
export const barsHeight = (categories: number, series = 1) => Math.max(160, 56 + categories * Math.max(34, 16 * series + 12));
