import { useMemo } from 'react';
import type { ChartTheme } from '@shared/reports/charts';
import { lightChartTheme } from '@shared/reports/charts';
import { useTheme } from '../../stores/theme';

const css = (style: CSSStyleDeclaration, name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;

/** Chart colours read from the CSS variables of the current theme, so charts switch with light / dark. */
export function useChartTheme(): ChartTheme {
  // The theme on screen, not the choice: with "system" chosen the OS can switch it while the choice stays the same.
  const resolved = useTheme((s) => s.resolved);
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const v = (name: string, fallback: string) => css(style, name, fallback);
    const accent = v('--accent', lightChartTheme.accent);
    return {
      text: v('--text', lightChartTheme.text),
      muted: v('--text-muted', lightChartTheme.muted),
      grid: v('--border', lightChartTheme.grid),
      accent,
      ok: v('--ok', lightChartTheme.ok),
      warn: v('--warn', lightChartTheme.warn),
      danger: v('--danger', lightChartTheme.danger),
      background: v('--bg-elevated', lightChartTheme.background),
      series: [accent, v('--knowledge', '#c2690f'), v('--perception', '#8a4fd8'), v('--ok', '#1f8a4c'), v('--danger', '#c23b3b'), '#0f8a8a', v('--warn', '#a86200'), v('--text-muted', '#5d6877')],
      font: v('--font-sans', lightChartTheme.font),
    };
    // `resolved` is the dependency that matters: the variables change when data-theme does.
  }, [resolved]);
}
