import { TEST_DEVICE_KEY_SECRET } from '../test/device-keys.ts';
import assert from 'node:assert/strict';
import * as api from '@vigil/contracts';
import { after, before, describe, test } from 'node:test';
import path from 'node:path';
import { devicesFromVigilDatabase } from '@vigil/simulator';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';
import { demoSimulatorDevices } from './seed-devices.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

describe('demo devices', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true, demoDevices: true });
  });
  after(() => server.close());

  test('a sleep monitor on every occupied bed, fall radars in one floor\'s bathrooms, a gateway with four sub-devices per floor', async () => {
    const db = server.vigil.database.db;
    const occupied = await db.selectFrom('residents').select('bed_id').where('bed_id', 'is not', null).execute();
    const monitors = await db.selectFrom('devices').selectAll().where('device_type', '=', 49).execute();
    assert.equal(monitors.length, occupied.length);
    assert.deepEqual(new Set(monitors.map((row) => row.bed_id)), new Set(occupied.map((row) => row.bed_id)));
    assert.ok(monitors.every((row) => row.resident_id !== null && row.room_id !== null && row.provider_id !== null));
    const radars = await db.selectFrom('devices').selectAll().where('device_type', 'in', [21007, 21011]).execute();
    assert.equal(radars.length, 10, 'one per room of North Building 1F');
    assert.ok(radars.every((row) => row.location === 'bathroom' && row.room_id !== null));
    const floors = await db.selectFrom('areas').select('id').where('level', '=', 2).execute();
    const gateways = await db.selectFrom('devices').selectAll().where('device_type', '=', 21008).execute();
    assert.equal(gateways.length, floors.length);
    const subs = await db.selectFrom('devices').selectAll().where('host_id', 'is not', null).execute();
    assert.equal(subs.length, 4 * gateways.length);
    assert.ok(subs.every((row) => row.pairing === 'paired'));
    assert.equal(new Set([...monitors, ...radars, ...gateways, ...subs].map((row) => row.device_key)).size, monitors.length + radars.length + gateways.length + subs.length, 'every device has its own key');
  });

  test('every demo device carries a QR code (cipherId) the installer app decodes to its ID (/device/decodeCipher)', async () => {
    const rows = await server.vigil.database.db.selectFrom('devices').select(['device_id', 'device_type', 'cipher_id']).execute();
    assert.ok(rows.length > 10);
    const installer = await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'APP', rsa: false });
    for (const row of rows) assert.equal(server.vigil.deviceCipher.decode(row.cipher_id), row.device_id, row.device_id);
    const sample = rows.find((row) => row.device_type === 49) ?? rows[0];
    const decoded = await server.call(api.decodeDeviceCipher, { cipherId: sample.cipher_id }, { token: installer.data.token });
    assert.equal(decoded.status, api.Status.OK, decoded.msg);
    assert.deepEqual(decoded.data, { deviceId: sample.device_id, deviceType: sample.device_type });
  });

  test('seeding again adds nothing, and the simulator gets every top-level device with its key', async () => {
    const db = server.vigil.database.db;
    const count = async () => (await db.selectFrom('devices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await seedDemo(db, Date.now, { deviceKeys: server.vigil.deviceKeys });
    assert.equal(Number(await count()), before);
    const list = await demoSimulatorDevices(db, server.vigil.deviceKeys);
    const gateways = list.filter((device) => device.deviceType === 21008);
    assert.ok(gateways.length > 0 && gateways.every((gateway) => gateway.subDevices?.length === 4));
    assert.equal(list.length + gateways.length * 4, before);
    assert.ok(list.every((device) => device.key.length >= 24));
  });

  test('the simulator CLI reads the same devices from the Vigil database (--db)', async () => {
    let location = path.join(server.dataDir, 'vigil.db');
    if (server.dialect === 'postgres') {
      // The harness names the fresh database in `describe` ("postgres host/name").
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = server.vigil.database.describe.replace(/^postgres [^/]+/, '');
      location = url.toString();
    }
    const fromDatabase = await devicesFromVigilDatabase(location, Buffer.from(TEST_DEVICE_KEY_SECRET, 'hex'));
    assert.deepEqual(fromDatabase, await demoSimulatorDevices(server.vigil.database.db, server.vigil.deviceKeys));
  });
});
