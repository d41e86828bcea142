import { useEffect, useState } from 'react';

/** Seconds left of a countdown that runs while `running` (and restarts when it starts again), with an m:ss label. */
export function useCountdown(seconds: number, running: boolean) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    setLeft(seconds);
    const timer = setInterval(() => setLeft(Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [running, seconds]);
  const label = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return { left, label };
}
