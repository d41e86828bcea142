import type { Counter } from 'prom-client';

/** Why ingest refused or dropped a message (the `reason` label of vigil_device_messages_dropped_total). */
export const DROP_REASONS = [
  'malformed',
  'oversized',
  'unknownType',
  'clockAhead',
  'clockBehind',
  'unsupportedEvent',
  'unknownChannel',
  'unknownDevice',
  'badKey',
  'badClientId',
  'forbiddenTopic',
  'foreignSub',
  'unknownSub',
  'flood',
  'overload',
  'storeFailed',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface DropLogSink {
  warn(details: object, message: string): void;
}

/**
 * Counts every dropped message and logs each reason at most once per interval:
 * the first drop at once (with its device), then one summary line of what followed.
 * A flooding or broken device cannot flood the log.
 */
export function dropLog(options: { counter: Counter<'reason'>; log: DropLogSink; intervalMs: number; now: () => number }) {
  const windows = new Map<DropReason, { until: number; suppressed: number; devices: Set<string> }>();
  const summarize = (reason: DropReason) => {
    const window = windows.get(reason);
    if (window && window.suppressed > 0) {
      options.log.warn({ reason, count: window.suppressed, devices: [...window.devices] }, `device messages dropped (${reason}) since the last report`);
    }
    windows.delete(reason);
  };
  const timer = setInterval(() => {
    const now = options.now();
    for (const [reason, window] of windows) if (window.until <= now) summarize(reason);
  }, Math.max(100, options.intervalMs));
  timer.unref();
  return {
    drop(reason: DropReason, deviceId: string | null, detail?: string): void {
      options.counter.inc({ reason });
      const now = options.now();
      const window = windows.get(reason);
      if (window && window.until > now) {
        window.suppressed++;
        if (deviceId && window.devices.size < 10) window.devices.add(deviceId);
        return;
      }
      if (window) summarize(reason);
      windows.set(reason, { until: now + options.intervalMs, suppressed: 0, devices: new Set() });
      options.log.warn({ reason, deviceId, detail }, `device message dropped (${reason}); further drops for this reason are summarized every ${Math.round(options.intervalMs / 1000)} s`);
    },
    close(): void {
      clearInterval(timer);
      for (const reason of [...windows.keys()]) summarize(reason);
    },
  };
}
export type DropLog = ReturnType<typeof dropLog>;
