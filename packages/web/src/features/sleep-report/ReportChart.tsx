import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLEEP_REPORT_NS } from './i18n.ts';

type Chart = ReturnType<typeof import('./sleepCharts.ts')['init']>;

export interface ReportChartProps {
  /** What the chart shows (its accessible name). */
  label: string;
  /** The chart's figures in words: the text alternative read instead of the picture. */
  summary: string;
  option: EChartsCoreOption;
  height?: number;
}

/** One report chart: ECharts loaded on first use, redrawn when the option changes, resized with the window. */
export function ReportChart({ label, summary, option, height = 220 }: ReportChartProps) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    import('./sleepCharts.ts').then(
      ({ init }) => {
        if (disposed || !host.current) return;
        chart.current ??= init(host.current, undefined, { renderer: 'canvas' });
        chart.current.setOption(option, true);
      },
      () => setFailed(true),
    );
    return () => {
      disposed = true;
    };
  }, [option]);

  useEffect(() => {
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  return (
    <figure className="sleep-chart">
      <div ref={host} className="sleep-chart__canvas" style={{ height }} role="img" aria-label={`${label}. ${summary}`} />
      <figcaption className={failed ? 'sleep-chart__caption' : 'visually-hidden'}>{failed ? t('sleepReport.chart.failed') : summary}</figcaption>
    </figure>
  );
}
