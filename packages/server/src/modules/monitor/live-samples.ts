import type { ResidentSample } from '@vigil/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import type { AlarmPlaces } from '../alarms/alarm-places.ts';

/** Live samples go out at most this often per provider (the /dataChange rate). */
export const MONITOR_FLUSH_MS = 2000;
/** A sample older than this no longer counts as live. */
export const SAMPLE_STALE_MS = 5 * 60_000;

/**
 * The latest sample per resident, in memory. Samples arrive in the process whose ingest
 * got them (device.samples, local); each process collects its residents' changes and
 * publishes them every 2 s as monitor.data, which the bus carries to every process, so
 * every process knows every resident's latest sample. Lost on restart: the board shows
 * "no recent sample" until the next message (seconds).
 */
export function liveSamples(deps: { bus: EventBus; places: AlarmPlaces; now: () => number }) {
  const latest = new Map<number, ResidentSample & { providerId: number }>();
  const dirty = new Map<number, Map<number, ResidentSample>>();

  const unsubscribe = [
    deps.bus.subscribe('device.samples', async (event) => {
      if (event.providerId === null || event.samples.length === 0) return;
      const providerId = event.providerId;
      const place = await deps.places.resolve({ ...event, providerId });
      if (place.residentId === null) return;
      const last = event.samples.reduce((a, b) => (b.t > a.t ? b : a));
      const sample: ResidentSample = { userId: place.residentId, bedState: last.bed, sleepState: last.state ?? null, hr: last.hr, rr: last.rr, move: last.move, sampleAt: last.t };
      latest.set(place.residentId, { ...sample, providerId });
      let changes = dirty.get(providerId);
      if (!changes) dirty.set(providerId, (changes = new Map()));
      changes.set(place.residentId, sample);
    }),
    deps.bus.subscribe('monitor.data', (event) => {
      for (const sample of event.states) {
        const known = latest.get(sample.userId);
        if (!known || (sample.sampleAt ?? 0) >= (known.sampleAt ?? 0)) latest.set(sample.userId, { ...sample, providerId: event.providerId });
      }
    }),
  ];

  async function flush(): Promise<void> {
    const batches = [...dirty.entries()];
    dirty.clear();
    for (const [providerId, changes] of batches) await deps.bus.publish('monitor.data', { providerId, states: [...changes.values()] });
  }
  const timer = setInterval(() => void flush(), MONITOR_FLUSH_MS);
  timer.unref();

  return {
    flush,
    /** The live sample of a resident of the provider, or an empty one. */
    of(providerId: number, residentId: number): ResidentSample {
      const sample = latest.get(residentId);
      if (!sample || sample.providerId !== providerId || deps.now() - (sample.sampleAt ?? 0) > SAMPLE_STALE_MS) {
        return { userId: residentId, bedState: null, sleepState: null, hr: null, rr: null, move: null, sampleAt: null };
      }
      const { providerId: _provider, ...rest } = sample;
      return rest;
    },
    close(): void {
      clearInterval(timer);
      for (const stop of unsubscribe) stop();
    },
  };
}
export type LiveSamples = ReturnType<typeof liveSamples>;
