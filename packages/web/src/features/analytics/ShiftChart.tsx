import type { ResponseTimes } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_NS } from './i18n.ts';

type Chart = ReturnType<typeof import('./barChart.ts')['init']>;

/** Median and 90th percentile per shift as bars; the table "By shift" holds the same figures for screen readers. */
export function ShiftChart({ figures }: { figures: ResponseTimes }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    let disposed = false;
    const labels = figures.shifts.map((shift) => shift.label);
    const value = (index: number, pick: 'medianSeconds' | 'p90Seconds') => figures.byShift.find((row) => row.shift === index)?.[pick] ?? null;
    void import('./barChart.ts').then(({ init }) => {
      if (disposed || !host.current) return;
      chart.current ??= init(host.current, undefined, { renderer: 'canvas' });
      chart.current.setOption({
        animation: false,
        grid: { left: 48, right: 16, top: 40, bottom: 28 },
        legend: { top: 0, left: 'center', data: [t('analytics.median'), t('analytics.p90')] },
        tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} s` : '—') },
        xAxis: { type: 'category', data: labels },
        yAxis: { type: 'value', min: 0 },
        series: [
          { name: t('analytics.median'), type: 'bar', data: figures.shifts.map((shift) => value(shift.index, 'medianSeconds')), color: '#0f6e7a' },
          { name: t('analytics.p90'), type: 'bar', data: figures.shifts.map((shift) => value(shift.index, 'p90Seconds')), color: '#b5541a' },
        ],
      });
    });
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
    };
  }, [figures, t]);

  useEffect(() => () => chart.current?.dispose(), []);

  return (
    <figure className="analytics-chart">
      <figcaption>{t('analytics.chartTitle')}</figcaption>
      <div ref={host} className="analytics-chart__canvas" role="img" aria-label={t('analytics.chartSummary')} />
    </figure>
  );
}
