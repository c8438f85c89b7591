import type { EChartsOption } from 'echarts';
import type { ChartTheme } from './charts';

const axisStyle = (theme: ChartTheme) => ({
  axisLabel: { color: theme.muted }, axisLine: { lineStyle: { color: theme.grid } }, axisTick: { show: false },
});

/** Work done per day: saves, submissions and verdicts side by side. */
export function throughputBars(theme: ChartTheme, days: readonly { day: string; saves: number; submissions: number; reviews: number }[]): EChartsOption {
  const series = (name: string, key: 'saves' | 'submissions' | 'reviews', color: string) =>
    ({ type: 'bar' as const, name, data: days.map((d) => d[key]), itemStyle: { color, borderRadius: [3, 3, 0, 0] }, barMaxWidth: 22 });
  return {
    animation: false, backgroundColor: 'transparent', textStyle: { color: theme.text, fontFamily: theme.font, fontSize: 12 },
    legend: { top: 0, textStyle: { color: theme.muted } },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 30, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), ...axisStyle(theme) },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: theme.muted }, splitLine: { lineStyle: { color: theme.grid } } },
    series: [series('saves', 'saves', theme.series[0]!), series('submissions', 'submissions', theme.series[2]!), series('verdicts', 'reviews', theme.series[1]!)],
  };
}

/** Why checkers flag questions, most frequent first. */
export function reasonBars(theme: ChartTheme, reasons: readonly { label: string; count: number }[]): EChartsOption {
  return {
    animation: false, backgroundColor: 'transparent', textStyle: { color: theme.text, fontFamily: theme.font, fontSize: 12 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 30, top: 4, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { color: theme.muted }, splitLine: { lineStyle: { color: theme.grid } } },
    yAxis: { type: 'category', inverse: true, data: reasons.map((r) => r.label), ...axisStyle(theme), axisLabel: { color: theme.text } },
    series: [{ type: 'bar', data: reasons.map((r) => r.count), itemStyle: { color: theme.warn, borderRadius: [0, 3, 3, 0] }, barMaxWidth: 18,
      label: { show: true, position: 'right', color: theme.muted } }],
  };
}
