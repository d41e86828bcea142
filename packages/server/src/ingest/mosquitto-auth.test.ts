import { testDeviceKeys } from '../test/device-keys.ts';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { collect, eventually, registerDevice } from './ingest-fixtures.ts';
import { writeMosquittoAuth } from './mosquitto-auth.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const hasMosquitto = fs.existsSync('/usr/sbin/mosquitto');

describe('device authentication on an external Mosquitto (password and ACL files from the registry)', { skip: !hasMosquitto && 'mosquitto is not installed' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-mosquitto-'));
  const serverAccount = { userName: 'vigil', password: crypto.randomBytes(12).toString('hex') };
  let broker: ChildProcess;
  let url: string;
  let server: TestServer;
  // Started as root, Mosquitto drops to its own user, which must read the files.
  const readableByBroker = () => {
    fs.chmodSync(dir, 0o755);
    for (const name of ['vigil.passwd', 'vigil.acl', 'mosquitto.conf']) fs.chmodSync(path.join(dir, name), 0o644);
  };
  before(async () => {
    const port = await freePort();
    url = `mqtt://127.0.0.1:${port}`;
    fs.writeFileSync(path.join(dir, 'vigil.passwd'), '');
    fs.writeFileSync(path.join(dir, 'vigil.acl'), '');
    fs.writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [`listener ${port} 127.0.0.1`, 'allow_anonymous false', `password_file ${dir}/vigil.passwd`, `acl_file ${dir}/vigil.acl`, 'persistence false', 'log_dest none', ''].join('\n'),
    );
    // First the files with Vigil's own account only (the registry is empty until the server runs).
    const { openDatabase } = await import('../db/database.ts');
    const empty = openDatabase({ databaseUrl: null, dataDir: dir });
    await empty.db.schema.createTable('devices').addColumn('device_id', 'text').addColumn('device_key', 'text').addColumn('previous_key', 'text').addColumn('previous_key_until', 'integer').execute();
    await writeMosquittoAuth(empty.db, dir, serverAccount, testDeviceKeys);
    await empty.close();
    readableByBroker();
    broker = spawn('/usr/sbin/mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await eventually(() => new Promise<boolean>((resolve) => net.connect(port, '127.0.0.1').once('connect', function (this: net.Socket) { this.destroy(); resolve(true); }).once('error', () => resolve(false))), 'mosquitto listening');
    const authed = new URL(url);
    authed.username = serverAccount.userName;
    authed.password = serverAccount.password;
    server = await startTestServer({ env: { MQTT_URL: authed.toString(), MQTT_SHARE_GROUP: `t${crypto.randomBytes(4).toString('hex')}` } });
  });
  after(async () => {
    await server?.close();
    broker?.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a device logs in with its key and publishes only on its own topics', async () => {
    const { db } = server.vigil.database;
    const device = await registerDevice(db);
    const other = await registerDevice(db);
    await writeMosquittoAuth(db, dir, serverAccount, server.vigil.deviceKeys);
    readableByBroker();
    broker.kill('SIGHUP');
    const statuses = collect(server.vigil.bus, 'device.status');
    const client = await eventually(
      () => mqtt.connectAsync(url, { username: device.deviceId, password: device.key, clientId: device.deviceId, reconnectPeriod: 0 }).catch(() => undefined),
      'login after reload',
    );
    await assert.rejects(mqtt.connectAsync(url, { username: device.deviceId, password: 'wrong', clientId: `${device.deviceId}-x`, reconnectPeriod: 0 }));
    // Forged: Mosquitto's ACL drops it silently.
    await client.publishAsync(deviceTopic(other.deviceId, 'status'), JSON.stringify({ online: true, battery: 3 }), { qos: 1 });
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true, battery: 64 }), { qos: 1 });
    const status = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'own status');
    assert.equal(status.status.battery, 64);
    await server.vigil.devices.ingest.flush();
    assert.equal(statuses.filter((entry) => entry.deviceId === other.deviceId).length, 0);
    await client.endAsync();
  });
});

describe('Mosquitto password file during a key rotation', () => {
  /** Whether the password_file line of the user accepts the password (Mosquitto's $7$ PBKDF2-SHA512). */
  function lineAccepts(text: string, userName: string, password: string): boolean {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${userName}:`));
    const [, , iterations, salt, hash] = (line ?? '').split('$');
    if (!salt || !hash) return false;
    return crypto.pbkdf2Sync(password, Buffer.from(salt, 'base64'), Number(iterations), 64, 'sha512').toString('base64') === hash;
  }

  test('carries the key the device still uses during the grace, the new one after it or once confirmed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-mosquitto-rotation-'));
    const { openDatabase } = await import('../db/database.ts');
    const handle = openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await handle.db.schema.createTable('devices').addColumn('device_id', 'text').addColumn('device_key', 'text').addColumn('previous_key', 'text').addColumn('previous_key_until', 'integer').execute();
      const now = Date.now();
      const seal = (key: string) => testDeviceKeys.seal(key);
      // The stand-in table has only the columns the writer reads: inserted as plain SQL.
      await sql`insert into devices (device_id, device_key, previous_key, previous_key_until) values
        ('IN-GRACE', ${seal('new-1')}, ${seal('old-1')}, ${now + 60_000}), ('GRACE-OVER', ${seal('new-2')}, ${seal('old-2')}, ${now - 1}),
        ('CONFIRMED', ${seal('new-3')}, null, null), ('NOT-SEALED', 'plain-4', null, null)`.execute(handle.db);
      const written = await writeMosquittoAuth(handle.db, dir, { userName: 'vigil', password: 'server-secret' }, testDeviceKeys, now);
      // A key the registry holds in the clear (not sealed by this installation) opens nothing, in Mosquitto either.
      assert.deepEqual(written, { devices: 3, skipped: ['NOT-SEALED'] });
      const text = fs.readFileSync(path.join(dir, 'vigil.passwd'), 'utf8');
      assert.equal(lineAccepts(text, 'IN-GRACE', 'old-1'), true);
      assert.equal(lineAccepts(text, 'IN-GRACE', 'new-1'), false);
      assert.equal(lineAccepts(text, 'GRACE-OVER', 'new-2'), true);
      assert.equal(lineAccepts(text, 'GRACE-OVER', 'old-2'), false);
      assert.equal(lineAccepts(text, 'CONFIRMED', 'new-3'), true);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
