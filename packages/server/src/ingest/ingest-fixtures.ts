import { testDeviceKeys } from '../test/device-keys.ts';
import crypto from 'node:crypto';
import { deviceTopic, type DomainEventMap, type DomainEventName } from '@vigil/contracts';
import mqtt from 'mqtt';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';

/** A random device ID, so runs against the shared Mosquitto never collide. */
export function randomDeviceId(prefix = 'T'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}`;
}

/** Puts a device in the registry as the devices module would (key, type, optional provider and host). */
export async function registerDevice(
  db: Db,
  fields: { deviceId?: string; deviceType?: number; providerId?: number | null; hostRowId?: number | null; settings?: object; online?: boolean } = {},
): Promise<{ deviceId: string; key: string; rowId: number }> {
  const deviceId = fields.deviceId ?? randomDeviceId();
  const key = crypto.randomBytes(16).toString('hex');
  const row = await db
    .insertInto('devices')
    .values({
      device_id: deviceId,
      cipher_id: `C${deviceId}`,
      device_type: fields.deviceType ?? 49,
      // As the server stores it: sealed with the test servers' device-key secret (test/device-keys.ts).
      device_key: testDeviceKeys.seal(key),
      provider_id: fields.providerId ?? null,
      host_id: fields.hostRowId ?? null,
      online: fields.online ? 1 : 0,
      settings: JSON.stringify(fields.settings ?? {}),
      pairing: 'none',
      remark: '',
      location: '',
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { deviceId, key, rowId: row.id };
}

/** Collects the bus's events of one name. */
export function collect<Name extends DomainEventName>(bus: EventBus, name: Name): DomainEventMap[Name][] {
  const seen: DomainEventMap[Name][] = [];
  bus.subscribe(name, (payload) => void seen.push(payload));
  return seen;
}

/** Waits until the condition holds (polling), or fails after the time limit. */
export async function eventually<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An MQTT device client (3.1.1) with its ID and key; `will` sets the last will on its status topic. */
export async function connectDevice(url: string, device: { deviceId: string; key: string }, options: { will?: boolean; protocolVersion?: 4 | 5 } = {}) {
  return mqtt.connectAsync(url, {
    username: device.deviceId,
    password: device.key,
    clientId: device.deviceId,
    protocolVersion: options.protocolVersion ?? 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(options.will ? { will: { topic: deviceTopic(device.deviceId, 'status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: true } } : {}),
  });
}

/** Realistic one-second samples of a night: slowly drifting rates, occasional movement, a trip out of bed. */
export function nightSamples(start: number, count: number): { t: number; hr: number; rr: number; move: number; bed: 'in' | 'out'; state: 'light' | 'deep' | 'awake' }[] {
  const out: { t: number; hr: number; rr: number; move: number; bed: 'in' | 'out'; state: 'light' | 'deep' | 'awake' }[] = [];
  let hr = 62;
  let rr = 14;
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let index = 0; index < count; index++) {
    const outOfBed = index % 14_400 > 14_000;
    if (random() < 0.3) hr = Math.min(90, Math.max(48, hr + (random() < 0.5 ? -1 : 1)));
    if (random() < 0.1) rr = Math.min(22, Math.max(10, rr + (random() < 0.5 ? -1 : 1)));
    const moving = random() < 0.05;
    const phase = Math.floor(index / 5400) % 3;
    out.push({
      t: start + index * 1000,
      hr: outOfBed ? 0 : hr,
      rr: outOfBed ? 0 : rr,
      move: outOfBed ? 0 : moving ? Math.round(random() * 60) : 0,
      bed: outOfBed ? 'out' : 'in',
      state: outOfBed ? 'awake' : phase === 1 ? 'deep' : 'light',
    });
  }
  return out;
}
