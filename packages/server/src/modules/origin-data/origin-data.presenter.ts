import type { OriginDataRow, TelemetrySample } from '@vigil/contracts';

/** A one-second telemetry sample as a row of the raw-data table. */
export function presentSample(sample: TelemetrySample): OriginDataRow {
  return { time: sample.t, receivedAt: null, channel: 'telemetry', hr: sample.hr, rr: sample.rr, move: sample.move, bed: sample.bed, state: sample.state ?? null, payload: null };
}

/** A stored device message (status, event or ack) as a row of the raw-data table. */
export function presentMessage(row: { channel: string; ts: number; received_at: number; payload: string }): OriginDataRow {
  const channel = row.channel === 'status' || row.channel === 'event' || row.channel === 'ack' ? row.channel : 'event';
  return { time: row.ts, receivedAt: row.received_at, channel, hr: null, rr: null, move: null, bed: null, state: null, payload: row.payload };
}
