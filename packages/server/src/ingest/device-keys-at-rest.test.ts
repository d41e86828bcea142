import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Migrator } from 'kysely';
import { migrationsFor, openDatabase } from '../db/database.ts';
import { checkDeviceKeySecret } from '../modules/auth/key-store.ts';
import { serverSecretRepository } from '../modules/auth/server-secret.repository.ts';
import { openedTestKey, testDeviceKeys } from '../test/device-keys.ts';
import { homeDevice, setOnline } from '../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { deviceKeySeal } from './device-key-seal.ts';
import { connectDevice, eventually } from './ingest-fixtures.ts';

/** Whether an MQTT login with this key is accepted (the connection is closed again). */
async function mqttLogin(server: TestServer, deviceId: string, key: string): Promise<boolean> {
  try {
    const client = await connectDevice(`mqtt://127.0.0.1:${server.vigil.mqttPort}`, { deviceId, key });
    await client.endAsync(true);
    return true;
  } catch {
    return false;
  }
}

/** The HTTP device API's answer to a status post with this bearer key. */
async function httpStatus(server: TestServer, deviceId: string, key: string): Promise<number> {
  const response = await server.vigil.app.inject({
    method: 'POST', url: `/api/device/v1/${deviceId}/status`, payload: JSON.stringify({ online: true }),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  return response.statusCode;
}

/** Device keys at rest (issue 27, docs/devices.md "Device key"): sealed in the database, working on every transport. */
describe('device keys at rest', () => {
  let server: TestServer;
  let vendor: string;
  let home: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    vendor = (await server.login('demosenior')).token;
    home = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  const rowOf = (id: number) => server.vigil.database.db.selectFrom('devices').select(['device_key', 'previous_key']).where('id', '=', id).executeTakeFirstOrThrow();

  test('the database holds a key sealed, never as it is; the device logs in with it over MQTT and HTTP; only a vendor sees it', async () => {
    const device = await homeDevice(server, vendor, home);
    const stored = await rowOf(device.id);
    assert.notEqual(stored.device_key, device.deviceKey);
    assert.ok(!stored.device_key.includes(device.deviceKey), 'the row does not contain the key');
    assert.match(stored.device_key, /^vk1\./);
    assert.equal(openedTestKey(stored.device_key), device.deviceKey, 'it opens with the installation\'s secret');
    assert.equal(deviceKeySeal(crypto.randomBytes(32)).open(stored.device_key), null, 'and with no other');
    assert.equal(await mqttLogin(server, device.deviceId, device.deviceKey), true);
    assert.equal(await mqttLogin(server, device.deviceId, stored.device_key), false, 'the stored value is no key');
    assert.equal(await httpStatus(server, device.deviceId, device.deviceKey), 200);
    assert.equal(await httpStatus(server, device.deviceId, stored.device_key), 401);
    assert.equal((await server.call(api.getDevice, { id: device.id }, { token: vendor })).data.deviceKey, device.deviceKey);
    assert.equal((await server.call(api.getDevice, { id: device.id }, { token: home })).data.deviceKey, null);
  });

  test('a rotation keeps both keys sealed; the command history, the trail and the care home\'s view never hold the new key', async () => {
    const device = await homeDevice(server, vendor, home);
    await setOnline(server, device.id, true);
    const listener = await connectDevice(`mqtt://127.0.0.1:${server.vigil.mqttPort}`, { deviceId: device.deviceId, key: device.deviceKey });
    try {
      const rotated = await server.call(api.rotateDeviceKey, { id: device.id }, { token: vendor });
      assert.equal(rotated.status, api.Status.OK, rotated.msg);
      const fresh = rotated.data.deviceKey;
      const stored = await rowOf(device.id);
      assert.ok(stored.previous_key !== null && !stored.device_key.includes(fresh) && !stored.previous_key.includes(device.deviceKey));
      assert.equal(openedTestKey(stored.device_key), fresh);
      assert.equal(openedTestKey(stored.previous_key), device.deviceKey);
      const { db } = server.vigil.database;
      const commands = await db.selectFrom('device_commands').select('args').where('device_id', '=', device.id).execute();
      assert.ok(commands.length > 0 && commands.every((command) => !command.args.includes(fresh)), 'the history keeps the key sealed');
      const trail = await db.selectFrom('audit_log').select('changes').where('operation', '=', 'device.rotateKey').execute();
      assert.ok(trail.length > 0 && trail.every((row) => !row.changes.includes(fresh) && !row.changes.includes(device.deviceKey)), 'the trail holds neither key');
      const seenByHome = (await server.call(api.getDevice, { id: device.id }, { token: home })).data;
      assert.equal(seenByHome.lastCommand?.cmd, 'rotateKey');
      assert.deepEqual(seenByHome.lastCommand?.args, {}, 'the care home sees that a key was sent, not the key');
      // Both keys open the device during the grace; the new one confirms the rotation.
      assert.equal(await httpStatus(server, device.deviceId, device.deviceKey), 200);
      assert.equal(await mqttLogin(server, device.deviceId, fresh), true);
      await eventually(async () => (await rowOf(device.id)).previous_key === null, 'the rotation confirmed');
      const confirmed = await db.selectFrom('device_commands').select('state').where('device_id', '=', device.id).where('cmd', '=', 'rotateKey').executeTakeFirstOrThrow();
      assert.equal(confirmed.state, 'acked', 'logging in with the new key answers its command');
    } finally {
      await listener.endAsync(true);
    }
  });

  test('a key written around Vigil (in the clear, or sealed under another secret) opens nothing', async () => {
    const device = await homeDevice(server, vendor, home);
    const { db } = server.vigil.database;
    const planted = crypto.randomBytes(32).toString('hex');
    for (const value of [planted, deviceKeySeal(crypto.randomBytes(32)).seal(planted)]) {
      await db.updateTable('devices').set({ device_key: value }).where('id', '=', device.id).execute();
      await server.vigil.devices.directory.refresh(device.deviceId);
      assert.equal(await mqttLogin(server, device.deviceId, planted), false);
      assert.equal(await httpStatus(server, device.deviceId, planted), 401);
    }
  });

  test('a process holding another device-key secret than the one the keys are sealed with refuses to start', async () => {
    const secrets = serverSecretRepository(server.vigil.database.db);
    await checkDeviceKeySecret(secrets, testDeviceKeys);
    await assert.rejects(checkDeviceKeySecret(secrets, deviceKeySeal(crypto.randomBytes(32))), /sealed with another device-key secret/);
  });
});

describe('migration 023 (device keys sealed)', () => {
  test('seals the keys a database held in the clear (current, previous, a rotateKey command\'s); those devices still log in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-keys-migration-'));
    // A database as it was before 023 (SQLite in the data dir), holding a device with plain keys.
    const before023 = openDatabase({ databaseUrl: null, dataDir });
    const all = migrationsFor('sqlite', testDeviceKeys);
    const { error } = await new Migrator({ db: before023.db, provider: { getMigrations: async () => all } }).migrateTo('022-resident-absence');
    assert.equal(error, undefined);
    const key = crypto.randomBytes(32).toString('hex');
    const previous = crypto.randomBytes(32).toString('hex');
    const now = Date.now();
    const { id } = await before023.db
      .insertInto('devices')
      .values({
        device_id: 'LEGACY-1', cipher_id: 'C-LEGACY-1', device_type: 49, device_key: key, previous_key: previous, previous_key_until: now + 3_600_000,
        location: '', pairing: 'none', online: 0, settings: '{}', remark: '', created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const commandId = crypto.randomUUID();
    await before023.db.insertInto('device_commands').values({ id: commandId, device_id: id, cmd: 'rotateKey', args: JSON.stringify({ key }), state: 'pending', sent_at: now, message: '' }).execute();
    // The same command waiting for the device's next HTTP request.
    const queued = JSON.stringify({ id: commandId, cmd: 'rotateKey', args: { key } });
    await before023.db.insertInto('device_command_queue').values({ device_id: 'LEGACY-1', command_id: commandId, message: queued, created_at: now, expires_at: now + 600_000 }).execute();
    await before023.close();

    const server = await startTestServer({ existing: { dataDir, postgres: null } });
    try {
      const { db } = server.vigil.database;
      const row = await db.selectFrom('devices').select(['device_key', 'previous_key']).where('id', '=', id).executeTakeFirstOrThrow();
      assert.ok(!row.device_key.includes(key) && row.previous_key !== null && !row.previous_key.includes(previous));
      assert.equal(openedTestKey(row.device_key), key);
      assert.equal(openedTestKey(row.previous_key), previous);
      const command = await db.selectFrom('device_commands').select('args').where('device_id', '=', id).executeTakeFirstOrThrow();
      assert.ok(!command.args.includes(key));
      const waiting = await db.selectFrom('device_command_queue').select('message').where('device_id', '=', 'LEGACY-1').executeTakeFirstOrThrow();
      assert.ok(!waiting.message.includes(key), 'the queued command is sealed too');
      assert.equal(await mqttLogin(server, 'LEGACY-1', previous), true, 'the key the device still uses during its grace');
      // The device's next HTTP request gets the queued command, opened.
      const answer = await server.vigil.app.inject({
        method: 'POST', url: '/api/device/v1/LEGACY-1/status', payload: JSON.stringify({ online: true }),
        headers: { authorization: `Bearer ${previous}`, 'content-type': 'application/json' },
      });
      assert.equal(answer.statusCode, 200);
      assert.deepEqual(answer.json<{ data: { commands: unknown[] } }>().data.commands, [{ id: commandId, cmd: 'rotateKey', args: { key } }]);
      assert.equal(await httpStatus(server, 'LEGACY-1', key), 200);
    } finally {
      await server.close();
    }
  });
});
