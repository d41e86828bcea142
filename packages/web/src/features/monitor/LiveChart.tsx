import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '../shared/timeZone.ts';
import { MONITOR_NS } from './i18n.ts';
import { HISTORY_MS, liveBoard, type LiveSample } from './liveBoard.ts';
import { useRecentSamples } from './monitorApi.ts';

type Chart = ReturnType<typeof import('./lineChart.ts')['init']>;

function series(samples: readonly LiveSample[], pick: (sample: LiveSample) => number | null): Array<[number, number | null]> {
  return samples.map((sample) => [sample.t, pick(sample)]);
}

/** Heart rate, breathing rate and body movement (0–100, right axis) of the last 10 minutes: read from the server on open, then live from /dataChange. */
export function LiveChart({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation(MONITOR_NS);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [failed, setFailed] = useState(false);
  const [count, setCount] = useState(() => liveBoard.samples(userId).length);
  useRecentSamples(userId);

  useEffect(() => {
    let disposed = false;
    let unsubscribe = () => {};
    const draw = () => {
      const samples = liveBoard.samples(userId);
      setCount(samples.length);
      const end = samples.at(-1)?.t ?? Date.now();
      chart.current?.setOption({
        xAxis: { min: end - HISTORY_MS, max: end },
        series: [{ data: series(samples, (s) => s.hr) }, { data: series(samples, (s) => s.rr) }, { data: series(samples, (s) => s.move) }],
      });
    };
    import('./lineChart.ts').then(
      ({ init }) => {
        if (disposed || !host.current) return;
        chart.current = init(host.current, undefined, { renderer: 'canvas' });
        chart.current.setOption({
          animation: false,
          grid: { left: 40, right: 40, top: 36, bottom: 28 },
          // One scrolling line, so the legend never wraps onto the plot on a phone.
          legend: { type: 'scroll', top: 0, data: [t('monitor.vital.hr'), t('monitor.vital.rr'), t('monitor.vital.move')] },
          tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? String(Math.round(value)) : '—') },
          // Hours and minutes in the platform's time zone (12-hour in English, spec 01 §1).
          xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (value: number) => dayjs(value).tz(displayTimeZone()).format(i18n.language === 'en-us' ? 'h:mm A' : 'HH:mm') } },
          yAxis: [
            { type: 'value', min: 0 },
            { type: 'value', min: 0, max: 100, splitLine: { show: false } },
          ],
          series: [
            { name: t('monitor.vital.hr'), type: 'line', showSymbol: false, data: [], color: '#c41d1f' },
            { name: t('monitor.vital.rr'), type: 'line', showSymbol: false, data: [], color: '#0f7b8a' },
            { name: t('monitor.vital.move'), type: 'line', yAxisIndex: 1, step: 'end', showSymbol: false, data: [], color: '#6f42c1', lineStyle: { width: 1 } },
          ],
        });
        draw();
        unsubscribe = liveBoard.subscribe(userId, draw);
      },
      () => setFailed(true),
    );
    // The chart follows its box, not only the window: a box laid out after the chart's init (0 px
    // wide while the page settles, a tab shown later) would otherwise keep an empty canvas.
    const onResize = () => chart.current?.resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onResize);
    if (observer && host.current) observer.observe(host.current);
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      unsubscribe();
      observer?.disconnect();
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, [userId, t, i18n.language]);

  return (
    <figure style={{ margin: 0 }}>
      <div ref={host} className="live-chart" role="img" aria-label={t('monitor.chart.label')} />
      <figcaption className="monitor-legend">{failed ? t('monitor.chart.failed') : count ? t('monitor.chart.caption') : t('monitor.chart.waiting')}</figcaption>
    </figure>
  );
}
