import { useEffect, useRef, useState } from 'react';

type Chart = ReturnType<typeof import('./charts.ts')['init']>;

/** Text and axis colours of the dark wall screen (AA on the panel colour). */
export const DARK_TEXT = '#e6edf5';
export const DARK_AXIS = '#8fa3b8';

/** One dashboard chart: ECharts loaded on first use, redrawn when the option changes, sized with its box. */
export function StatChart({ option, label, height = 280 }: { option: Record<string, unknown>; label: string; height?: number }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    import('./charts.ts').then(({ init }) => {
      if (disposed || !host.current) return;
      chart.current = init(host.current, undefined, { renderer: 'canvas' });
      setReady(true);
    }, () => undefined);
    const observer = new ResizeObserver(() => chart.current?.resize());
    if (host.current) observer.observe(host.current);
    return () => {
      disposed = true;
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption({ animation: false, textStyle: { color: DARK_TEXT, fontSize: 14 }, ...option }, true);
  }, [ready, option]);

  return <div ref={host} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
