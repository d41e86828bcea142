import crypto from 'node:crypto';
import path from 'node:path';
import { deviceKeysOf } from './device-keys.ts';
import type { RunningVigil } from './vigil.ts';

type Room = { room_id: number; provider_id: number; room_name: string };

/**
 * Puts a fall radar into the first room of Sunrise Riverside Home, as the devices module would
 * (the e2e server's SQLite file, or its PostgreSQL database; the key sealed with the server's
 * device-key secret), and answers how to report for it
 * over the device protocol's HTTP leg.
 */
export async function registerRadar(vigil: RunningVigil): Promise<{ deviceId: string; key: string; room: string }> {
  const deviceId = `E2E-${crypto.randomBytes(5).toString('hex')}`;
  const key = crypto.randomBytes(16).toString('hex');
  const now = Date.now();
  const find = `SELECT r.id AS room_id, r.provider_id, r.name AS room_name FROM rooms r JOIN providers p ON p.id = r.provider_id WHERE p.name = 'Sunrise Riverside Home' ORDER BY r.id LIMIT 1`;
  const insert = `INSERT INTO devices (device_id, cipher_id, device_type, device_key, provider_id, room_id, online, settings, pairing, remark, location, created_at, updated_at)
    VALUES ($1, $2, 21007, $3, $4, $5, 1, '{}', 'none', '', '', $6, $6)`;
  if (vigil.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: vigil.databaseUrl });
    await client.connect();
    const room = (await client.query<Room>(find)).rows[0];
    await client.query(insert, [deviceId, `C${deviceId}`, deviceKeysOf(vigil).seal(key), room.provider_id, room.room_id, now]);
    await client.end();
    return { deviceId, key, room: room.room_name };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(vigil.dataDir, 'vigil.db'));
  const room = db.prepare<[], Room>(find).get();
  if (!room) throw new Error('the demo has no room in Sunrise Riverside Home');
  db.prepare(insert.replace(/\$\d/g, '?')).run(deviceId, `C${deviceId}`, deviceKeysOf(vigil).seal(key), room.provider_id, room.room_id, now, now);
  db.close();
  return { deviceId, key, room: room.room_name };
}

/** Reports a fall from the radar (a red alarm). */
export async function reportFall(vigil: RunningVigil, radar: { deviceId: string; key: string }): Promise<void> {
  const sent = await fetch(`${vigil.baseUrl}/api/device/v1/${radar.deviceId}/event`, {
    method: 'POST',
    headers: { authorization: `Bearer ${radar.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }),
  });
  if (sent.status !== 200) throw new Error(`fall not reported: ${sent.status} ${await sent.text()}`);
}
