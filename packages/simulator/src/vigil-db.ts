import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SimulatedDeviceSpec } from './devices/spec.ts';

/**
 * Vigil keeps device keys sealed (AES-256-GCM, `vk1.<iv>.<ciphertext+tag>`, the key derived with
 * HKDF-SHA256 from the installation's device-key secret: packages/server/src/ingest/device-key-seal.ts;
 * the server's seed-devices test checks that both read the same keys). The secret: VIGIL_DEVICE_KEY_SECRET,
 * else `<data dir>/keys/device-key.secret`.
 */
export function vigilDeviceKeySecret(dataDir: string, fromEnv = process.env.VIGIL_DEVICE_KEY_SECRET): Buffer {
  const text = fromEnv?.trim() || fs.readFileSync(path.join(dataDir, 'keys', 'device-key.secret'), 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error('the device-key secret must be 64 hex digits');
  return Buffer.from(text, 'hex');
}

function openSealedKey(secret: Buffer, sealed: string): string | null {
  const match = /^vk1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(sealed);
  if (!match) return null;
  const iv = Buffer.from(match[1] ?? '', 'base64url');
  const body = Buffer.from(match[2] ?? '', 'base64url');
  if (iv.length !== 12 || body.length <= 16) return null;
  try {
    const key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'vigil device keys v1', 32));
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const DeviceRowSchema = z.object({
  id: z.coerce.number(),
  device_id: z.string(),
  device_type: z.coerce.number(),
  device_key: z.string(),
  host_id: z.coerce.number().nullable(),
});
type DeviceRow = z.infer<typeof DeviceRowSchema>;

/** Devices that care homes added (not the vendor's stock), hosts before their sub-devices. */
const QUERY = 'select id, device_id, device_type, device_key, host_id from devices where provider_id is not null order by id';

/** Gateways carry their sub-devices; sub-devices are not simulated on their own (nor devices whose key does not open). */
function toSpecs(rows: readonly DeviceRow[], secret: Buffer): SimulatedDeviceSpec[] {
  const specs = new Map<number, SimulatedDeviceSpec & { subDevices: { deviceId: string; deviceType: number }[] }>();
  for (const row of rows) {
    const key = row.host_id === null ? openSealedKey(secret, row.device_key) : null;
    if (key !== null) specs.set(row.id, { deviceId: row.device_id, deviceType: row.device_type, key, subDevices: [] });
  }
  for (const row of rows) {
    if (row.host_id !== null) specs.get(row.host_id)?.subDevices.push({ deviceId: row.device_id, deviceType: row.device_type });
  }
  return [...specs.values()].map((spec) => (spec.subDevices.length ? spec : { deviceId: spec.deviceId, deviceType: spec.deviceType, key: spec.key }));
}

/** Reads the devices to simulate from a Vigil database (a SQLite file path or a postgres:// URL), opening their keys with the secret. */
export async function devicesFromVigilDatabase(location: string, secret: Buffer): Promise<SimulatedDeviceSpec[]> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const result = await client.query(QUERY);
      return toSpecs(z.array(DeviceRowSchema).parse(result.rows), secret);
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(location, { readonly: true, fileMustExist: true });
  try {
    return toSpecs(z.array(DeviceRowSchema).parse(db.prepare(QUERY).all()), secret);
  } finally {
    db.close();
  }
}
