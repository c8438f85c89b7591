import { useEffect, useRef } from 'react';
import type { EChartsOption } from 'echarts';
import { echarts } from '@shared/reports/echarts-setup';

interface Props {
  option: EChartsOption;
  height: number;
  /** What the chart shows, for screen readers (the numbers are also in the table beside it). */
  label: string;
  testId?: string;
}

/** An ECharts chart drawn as SVG, resized with its container and disposed with the component. */
export function Chart({ option, height, label, testId }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const el = ref.current!;
    const instance = echarts.init(el, null, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    chart.current?.resize();
  }, [height]);

  return <div ref={ref} className="chart" style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}
