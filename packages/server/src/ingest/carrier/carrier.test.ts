import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import type { DeviceSensedEvent, DeviceStatusEvent } from '@vigil/contracts';
import { startSimulatedCarrier, type SimulatedCarrier } from '@vigil/simulator';
import type { Insertable } from 'kysely';
import type { DevicesTable } from '../../db/schema.ts';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../test/harness.ts';
import { transactional } from '../../db/transactional.ts';
import { createMetrics } from '../../ops/metrics.ts';
import type { DeviceLogTransport } from '../device-log/device-log.ts';
import { carrierClient } from './carrier.client.ts';
import { carrierRepository } from './carrier.repository.ts';
import { CARRIER_PUSH_PATH } from './carrier.routes.ts';
import { carrierService } from './carrier.service.ts';

const SECRET = 'carrier-push-secret-for-tests-0001';
const IMEI = { sos: '861000000000001', door: '861000000000002', smoke: '861000000000003', stranger: '861000000000004', unlisted: '861000000000005' };

describe('NB-IoT carrier adapter against the simulated carrier platform', () => {
  let carrier: SimulatedCarrier;
  let server: TestServer;
  let token: string;
  const statuses: DeviceStatusEvent[] = [];
  const sensed: DeviceSensedEvent[] = [];

  const row = (deviceId: string) => server.vigil.database.db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirst();

  before(async () => {
    carrier = await startSimulatedCarrier({
      token: 'carrier-api-token',
      pushSecret: SECRET,
      devices: [
        { imei: IMEI.sos, model: 'SOS-N03', online: true, firmwareVersion: 'V1.2' },
        { imei: IMEI.door, model: 'MC-N01', online: false },
        { imei: IMEI.smoke, model: 'YG-09N', online: true },
        { imei: IMEI.stranger, model: 'X-999', online: true },
      ],
    });
    server = await startTestServer({ env: { CARRIER_URL: carrier.url, CARRIER_TOKEN: 'carrier-api-token', CARRIER_PUSH_SECRET: SECRET } });
    const address = await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    carrier.setPushUrl(`${address}${CARRIER_PUSH_PATH}`);
    server.vigil.bus.subscribe('device.status', (event) => void statuses.push(event));
    server.vigil.bus.subscribe('device.event', (event) => void sensed.push(event));
    const now = Date.now();
    const base: Omit<Insertable<DevicesTable>, 'device_id' | 'cipher_id' | 'device_type' | 'device_key'> = { provider_id: null, location: '', pairing: 'none', online: 0, settings: '{}', remark: '', created_at: now, updated_at: now };
    await server.vigil.database.db
      .insertInto('devices')
      .values([
        { ...base, device_id: IMEI.sos, cipher_id: 'CARRIER-T1', device_type: 20993, device_key: 'k1' },
        { ...base, device_id: 'NB-DOOR-1', cipher_id: 'CARRIER-T2', device_type: 20995, device_key: 'k2', imei: IMEI.door, online: 1 },
        { ...base, device_id: 'NB-NO-IMEI', cipher_id: 'CARRIER-T3', device_type: 20995, device_key: 'k3' },
        { ...base, device_id: IMEI.unlisted, cipher_id: 'CARRIER-T4', device_type: 20995, device_key: 'k4' },
      ])
      .execute();
    token = (await server.login(TEST_ADMIN.userName, TEST_ADMIN.password)).token;
  });
  after(async () => {
    await server?.close();
    await carrier?.stop();
  });

  test('syncAllThirdDevice pulls the carrier\'s list: updates known devices, puts new catalogue models into stock, reports the rest', async () => {
    const result = await server.call(api.syncAllThirdDevice, {}, { token });
    assert.equal(result.status, 200, result.msg);
    assert.deepEqual(result.data, { total: 4, updated: 2, added: 1, unknown: [IMEI.stranger] });
    const sos = await row(IMEI.sos);
    assert.equal(sos?.online, 1);
    assert.equal(sos?.imei, IMEI.sos);
    assert.equal(sos?.firmware_version, 'V1.2');
    assert.equal((await row('NB-DOOR-1'))?.online, 0);
    const smoke = await row(IMEI.smoke);
    assert.equal(smoke?.device_type, 20996);
    assert.equal(smoke?.provider_id, null, 'new devices go into the vendor\'s stock');
    assert.ok((smoke?.device_key.length ?? 0) >= 24);
    assert.equal(await row(IMEI.stranger), undefined);
    assert.deepEqual(statuses.map((event) => [event.deviceId, event.online]).sort(), [[IMEI.sos, true], ['NB-DOOR-1', false]]);
    const again = await server.call(api.syncAllThirdDevice, {}, { token });
    assert.deepEqual(again.data, { total: 4, updated: 3, added: 0, unknown: [IMEI.stranger] }, 'syncing again adds nothing');
  });

  test('syncThirdDevice brings one device up to date, and names what it cannot find', async () => {
    await carrier.report(IMEI.door, { battery: 80 });
    carrier.add({ imei: '861000000000009', model: 'MC-N01', online: true });
    const door = await server.call(api.syncThirdDevice, { deviceId: 'NB-DOOR-1' }, { token });
    assert.equal(door.status, 200, door.msg);
    assert.equal(door.data.imei, IMEI.door);
    const missing = await server.call(api.syncThirdDevice, { deviceId: 'NO-SUCH-DEVICE' }, { token });
    assert.equal(missing.status, api.Status.NOT_FOUND);
    const unlisted = await server.call(api.syncThirdDevice, { deviceId: IMEI.unlisted }, { token, language: 'de' });
    assert.equal(unlisted.status, api.Status.NOT_FOUND);
    assert.match(unlisted.msg, new RegExp(IMEI.unlisted));
    const noImei = await server.call(api.syncThirdDevice, { deviceId: 'NB-NO-IMEI' }, { token });
    assert.equal(noImei.status, api.Status.NOT_FOUND);
    const bad = await server.call(api.syncThirdDevice, { deviceId: 'a b/c' }, { token });
    assert.equal(bad.status, api.Status.BAD_REQUEST);
  });

  test('a push from the carrier becomes Vigil protocol messages: the device row changes and the bus carries the events', async () => {
    const mark = { statuses: statuses.length, sensed: sensed.length };
    const alarm = await carrier.alarm(IMEI.sos, 'sos', 1, { battery: 15 });
    assert.equal(alarm.status, 200);
    assert.deepEqual((await alarm.json()).data, { accepted: 1, dropped: 0 });
    const event = sensed.slice(mark.sensed).find((entry) => entry.deviceId === IMEI.sos);
    assert.equal(event?.event.type, 'sos');
    assert.equal(event?.event.status, 1);
    assert.equal(event?.deviceType, 20993);
    assert.equal((await row(IMEI.sos))?.battery, 15);
    await carrier.report(IMEI.sos, { rsrp: -112 });
    assert.equal((await row(IMEI.sos))?.signal, 2);
    await carrier.setOnline(IMEI.sos, false);
    assert.equal((await row(IMEI.sos))?.online, 0);
    const offline = statuses.slice(mark.statuses).filter((entry) => entry.deviceId === IMEI.sos).at(-1);
    assert.deepEqual([offline?.online, offline?.wasOnline], [false, true]);
    await carrier.setOnline(IMEI.sos, true);
    assert.equal(statuses.at(-1)?.reason, 'returned');
  });

  test('pushes without the shared secret are refused; malformed ones and unknown devices are dropped, never a 500', async () => {
    const before = await row(IMEI.sos);
    const wrong = await carrier.push({ messageType: 'deviceOnlineOfflineReport', deviceId: 'x', IMEI: IMEI.sos, timestamp: 1, eventType: 0 }, 'not-the-secret');
    assert.equal(wrong.status, 401);
    assert.equal((await row(IMEI.sos))?.online, before?.online);
    const garbage = await carrier.push([{ messageType: 'nonsense' }, 'text', { messageType: 'eventReport', deviceId: 'x', IMEI: IMEI.sos, timestamp: 1, payload: { alarmCode: 99 } }, { messageType: 'dataReport', deviceId: 'x', IMEI: '861999999999999', timestamp: 1 }]);
    assert.equal(garbage.status, 200);
    assert.deepEqual((await garbage.json()).data, { accepted: 0, dropped: 4 });
    const metrics = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, /vigil_carrier_push_reports_total\{result="malformed"\} 3/);
    assert.match(metrics.body, /vigil_carrier_push_reports_total\{result="unknownDevice"\} 1/);
    const notJson = await server.vigil.app.inject({ method: 'POST', url: CARRIER_PUSH_PATH, payload: '{not json', headers: { 'content-type': 'application/json', 'x-carrier-secret': SECRET } });
    assert.notEqual(notJson.statusCode, 500);
    assert.notEqual(notJson.json().status, 500);
  });

  test('with the device log (NATS_URL) a report is appended under the Vigil device for its partition\'s owner to apply; a log that does not take it refuses the push', async () => {
    const { db } = server.vigil.database;
    const appended: { deviceId: string; channel: string; transport?: DeviceLogTransport }[] = [];
    let logTakes = true;
    // The log stands in for NATS here (its own tests run on two processes: ingest/device-log/device-log-http.test.ts).
    const service = carrierService({
      carriers: carrierRepository(db),
      transaction: transactional(db, (trx) => ({ carriers: carrierRepository(trx) })),
      client: carrierClient({ url: null, token: null, pushSecret: null }),
      bus: server.vigil.bus, now: Date.now, log: { warn: () => {} }, metrics: createMetrics(), deviceKeys: server.vigil.deviceKeys,
      deviceLog: () => ({
        append: async (deviceId, channel, _payload, transport) => {
          if (logTakes) appended.push({ deviceId, channel, transport });
          return logTakes;
        },
      }),
    });
    const before = await row('NB-DOOR-1');
    const report = { messageType: 'eventReport', deviceId: 'x', IMEI: IMEI.door, timestamp: Date.now(), payload: { alarmCode: 5, alarmStatus: 1, battery: 9 } };
    assert.deepEqual(await service.receive([report, { ...report, IMEI: '861999999999999' }]), { ok: true, result: { accepted: 1, dropped: 1 } });
    assert.deepEqual(appended, [{ deviceId: 'NB-DOOR-1', channel: 'status', transport: 'carrier' }, { deviceId: 'NB-DOOR-1', channel: 'event', transport: 'carrier' }]);
    assert.equal((await row('NB-DOOR-1'))?.battery, before?.battery, 'the process that answered applied nothing: the owner does');
    logTakes = false;
    assert.deepEqual(await service.receive(report), { ok: false, reason: 'storeFailed' });
  });
});

describe('carrier adapter without a carrier', () => {
  test('the sync operations say that no carrier platform is configured, and pushes are refused', async () => {
    const server = await startTestServer();
    try {
      const token = (await server.login(TEST_ADMIN.userName, TEST_ADMIN.password)).token;
      const result = await server.call(api.syncAllThirdDevice, {}, { token });
      assert.equal(result.status, api.Status.CONFLICT);
      assert.match(result.msg, /CARRIER_URL/);
      const push = await server.vigil.app.inject({ method: 'POST', url: CARRIER_PUSH_PATH, payload: {}, headers: { 'x-carrier-secret': 'anything-at-all-here' } });
      assert.equal(push.statusCode, 401);
    } finally {
      await server.close();
    }
  });
});
