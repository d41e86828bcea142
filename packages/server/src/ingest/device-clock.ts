import { DEVICE_CLOCK_AHEAD_MAX_MS, DEVICE_CLOCK_BEHIND_MAX_MS, type TelemetrySample } from '@vigil/contracts';

/** A batch may start this much later (device time) than the server time elapsed since the previous one allows. */
const FORWARD_TOLERANCE_MS = 60_000;
/** …or this much before the previous batch's last sample (a resent batch overlaps; a batch spans at most 254 s). */
const BACKWARD_TOLERANCE_MS = 300_000;
/** Within a batch, a step longer than this between consecutive samples is a jump of the device clock. */
const STEP_MAX_MS = 60_000;
/** After a jump, the correction shrinks by at most this share of the server time elapsed (the rules' clock runs at most 5 % fast or slow). */
const SLEW = 0.05;
/** Clocks drift: a batch may end this far after its arrival before it is moved back. */
const FUTURE_SLACK_MS = 10_000;
/** Devices whose clock state is kept at most (least recently heard forgotten first). */
const DEVICES_MAX = 200_000;

export type ClockRefusal = 'clockAhead' | 'clockBehind';

/** Whether a device time lies inside the window around the server's arrival time. */
export function clockVerdict(t: number, arrival: number): ClockRefusal | null {
  if (t > arrival + DEVICE_CLOCK_AHEAD_MAX_MS) return 'clockAhead';
  if (t < arrival - DEVICE_CLOCK_BEHIND_MAX_MS) return 'clockBehind';
  return null;
}

interface ClockState {
  /** Added to device times (0 until the device's clock first jumps). */
  offset: number;
  /** The last sample's time as stored (device time + offset). */
  lastT: number;
  /** When that batch arrived (server time). */
  lastArrival: number;
}

/**
 * Sample times as Vigil stores them and the rules read them (docs/device-protocol.md "Device clocks").
 * A batch with a sample outside the window is refused. Otherwise device time is kept as long as it
 * advances like the server's clock; where it jumps (forward by more than the time that passed, or
 * back), the batch is placed on server arrival time instead: it follows the previous batch by the
 * server time elapsed, and later batches keep that offset, which fades out slowly. So a clock that is
 * corrected by hours neither raises a duration alarm at once nor blinds the rules for hours.
 */
export function deviceClocks() {
  const states = new Map<string, ClockState>();
  return {
    retime(deviceId: string, samples: readonly TelemetrySample[], arrival: number): { ok: true; samples: TelemetrySample[]; jumped: boolean } | { ok: false; reason: ClockRefusal } {
      for (const sample of samples) {
        const verdict = clockVerdict(sample.t, arrival);
        if (verdict) return { ok: false, reason: verdict };
      }
      if (samples.length === 0) return { ok: true, samples: [], jumped: false };
      let sorted = samples as TelemetrySample[];
      for (let index = 1; index < samples.length; index++) {
        if ((samples[index]?.t ?? 0) < (samples[index - 1]?.t ?? 0)) {
          sorted = [...samples].sort((a, b) => a.t - b.t);
          break;
        }
      }
      const first = sorted[0] as TelemetrySample;
      const last = sorted[sorted.length - 1] as TelemetrySample;
      const state = states.get(deviceId);
      let offset = state?.offset ?? 0;
      let jumped = false;
      if (state) {
        const elapsed = Math.max(0, arrival - state.lastArrival);
        const start = first.t + offset;
        if (start > state.lastT + elapsed + FORWARD_TOLERANCE_MS || start < state.lastT - BACKWARD_TOLERANCE_MS) {
          jumped = true;
          offset = state.lastT + Math.max(1000, elapsed - Math.min(last.t - first.t, elapsed)) - first.t;
        } else if (offset !== 0) {
          const step = Math.min(Math.abs(offset), elapsed * SLEW);
          offset -= Math.sign(offset) * step;
        }
      }
      // Steps inside the batch: a jump there becomes one sample period.
      let inner = false;
      const out: TelemetrySample[] = new Array(sorted.length);
      let previousRaw = first.t;
      let previous = first.t + offset;
      for (let index = 0; index < sorted.length; index++) {
        const sample = sorted[index] as TelemetrySample;
        let t = previous;
        if (index > 0) {
          const step = sample.t - previousRaw;
          if (step > STEP_MAX_MS) inner = true;
          t = previous + (step > STEP_MAX_MS ? 1000 : step);
        }
        previousRaw = sample.t;
        previous = t;
        out[index] = t === sample.t ? sample : { ...sample, t };
      }
      // Never stored in the future: a batch ending more than a few seconds after its arrival (a fast clock) is moved back to end then.
      const end = out[out.length - 1]?.t ?? arrival;
      if (end > arrival + FUTURE_SLACK_MS) {
        const back = end - arrival;
        for (let index = 0; index < out.length; index++) out[index] = { ...(out[index] as TelemetrySample), t: (out[index] as TelemetrySample).t - back };
      }
      const lastT = out[out.length - 1]?.t ?? arrival;
      states.delete(deviceId);
      // The offset the last sample ended with (a jump inside the batch changed it) carries on to the next batch.
      states.set(deviceId, { offset: lastT - last.t, lastT, lastArrival: arrival });
      if (states.size > DEVICES_MAX) {
        const oldest = states.keys().next();
        if (!oldest.done) states.delete(oldest.value);
      }
      return { ok: true, samples: out, jumped: jumped || inner };
    },
  };
}

export type DeviceClocks = ReturnType<typeof deviceClocks>;
