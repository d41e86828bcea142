import { testDeviceKeys } from '../../test/device-keys.ts';
import crypto from 'node:crypto';
import type { TelemetrySample } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import type { TelemetryReader } from './telemetry-reader.ts';

/**
 * Telemetry for report tests without a broker or store round trip: samples
 * held in memory per device, read by range in time order like TelemetryStore.read.
 */
export function memoryTelemetry(): TelemetryReader & { add(deviceId: string, samples: readonly TelemetrySample[]): void } {
  const byDevice = new Map<string, TelemetrySample[]>();
  return {
    add(deviceId, samples) {
      const list = byDevice.get(deviceId) ?? [];
      list.push(...samples);
      list.sort((a, b) => a.t - b.t);
      byDevice.set(deviceId, list);
    },
    async read(deviceId, from, to) {
      return (byDevice.get(deviceId) ?? []).filter((sample) => sample.t >= from && sample.t < to);
    },
  };
}

/** Adds a sleep monitor (type 49) for a provider, bound to a bed or a resident; answers its plain device ID. */
export async function addSleepMonitor(db: Db, binding: { providerId: number; bedId?: number; residentId?: number; settings?: object }): Promise<string> {
  const deviceId = `SLP-${crypto.randomBytes(5).toString('hex')}`;
  const time = Date.now();
  await db.insertInto('devices').values({
    device_id: deviceId,
    cipher_id: crypto.randomBytes(12).toString('hex'),
    device_type: 49,
    device_key: testDeviceKeys.seal(crypto.randomBytes(12).toString('hex')),
    provider_id: binding.providerId,
    bed_id: binding.bedId ?? null,
    resident_id: binding.residentId ?? null,
    settings: JSON.stringify(binding.settings ?? {}),
    remark: '',
    online: 1,
    pairing: 'none',
    location: '',
    created_at: time,
    updated_at: time,
  }).execute();
  return deviceId;
}
