import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { nightSamples, registerDevice } from '../../ingest/ingest-fixtures.ts';
import { download, sheetRows } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('original data (/originData) and live device subscriptions', () => {
  let server: TestServer;
  let superToken: string;
  let seniorToken: string;
  let oneToken: string;
  let twoBToken: string;
  let deviceId: string;
  let key: string;
  // Two hours ago, on the hour: device times must lie inside the clock window (docs/device-protocol.md "Device clocks").
  const start = Math.floor(Date.now() / 3600_000) * 3600_000 - 2 * 3600_000;
  before(async () => {
    server = await startTestServer({ demo: true });
    superToken = (await server.login('demosuper')).token;
    seniorToken = (await server.login('demosenior')).token;
    oneToken = (await server.login('demoone')).token;
    twoBToken = (await server.login('demotwob')).token;
    const demoOne = await server.vigil.database.db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demoone').executeTakeFirstOrThrow();
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995, providerId: demoOne.provider_id });
    deviceId = device.deviceId;
    key = device.key;
    const post = (channel: string, body: object) =>
      server.vigil.app.inject({ method: 'POST', url: `/api/device/v1/${deviceId}/${channel}`, payload: body, headers: { authorization: `Bearer ${key}` } });
    const samples = nightSamples(start, 600);
    for (let index = 0; index < samples.length; index += 100) await post('telemetry', { ts: start, samples: samples.slice(index, index + 100) });
    await post('status', { ts: start + 10_000, online: true, battery: 90 });
    await post('event', { ts: start + 20_000, type: 'door', status: 1 });
    await server.vigil.devices.ingest.flush();
  });
  after(() => server.close());

  const range = () => ({ deviceId, startTime: start, endTime: start + 3600_000 });

  test('pages samples and messages for SUPER_ROLE and SENIOR_ROLE only', async () => {
    const page = await server.call(api.getOriginDataPage, { ...range(), pageNum: 2, pageSize: 50 }, { token: superToken });
    assert.equal(page.status, 200, page.msg);
    assert.equal(page.data.total, 600);
    assert.equal(page.data.rows.length, 50);
    assert.equal(page.data.rows[0]?.time, start + 50_000);
    assert.equal(page.data.rows[0]?.channel, 'telemetry');
    const messages = await server.call(api.getOriginDataPage, { ...range(), kind: 'messages' }, { token: seniorToken });
    assert.deepEqual(messages.data.rows.map((row) => row.channel), ['status', 'event']);
    assert.equal(JSON.parse(messages.data.rows[1]?.payload ?? '{}').type, 'door');
    for (const token of [oneToken, twoBToken]) {
      const refused = await server.call(api.getOriginDataPage, range(), { token });
      assert.equal(refused.status, api.Status.NO_PERMISSION);
    }
  });

  test('refuses a backwards or too long range, and a malformed device ID, with a clear message', async () => {
    const backwards = await server.call(api.getOriginDataPage, { deviceId, startTime: start, endTime: start - 1 }, { token: superToken });
    assert.equal(backwards.status, api.Status.BAD_REQUEST);
    assert.match(backwards.msg, /after the start time/);
    const tooLong = await server.call(api.getOriginDataPage, { deviceId, startTime: start, endTime: start + 40 * 86_400_000 }, { token: superToken, language: 'de' });
    assert.match(tooLong.msg, /31 Tagen/);
    const badId = await server.call(api.getOriginDataPage, { deviceId: 'a b', startTime: start, endTime: start + 1 }, { token: superToken });
    assert.match(badId.msg, /plain text/);
  });

  test('downloads the range as a spreadsheet in the platform time zone', async () => {
    const file = await download(server, api.downloadOriginData, { deviceId, startTime: String(start), endTime: String(start + 3600_000) }, superToken);
    assert.equal(file.status, 200);
    assert.match(file.disposition, /\.xlsx/);
    const rows = sheetRows(file.bytes);
    assert.equal(rows.length, 601);
    assert.equal(rows[0]?.[0], 'Time');
    assert.equal(rows[1]?.[0], new Date(start).toISOString().slice(0, 19).replace('T', ' '), 'the platform time zone is UTC here');
    const refused = await download(server, api.downloadOriginData, { deviceId, startTime: String(start), endTime: String(start + 3600_000) }, oneToken);
    assert.equal(JSON.parse(refused.bytes.toString()).status, api.Status.NO_PERMISSION);
  });

  test('deletes one range, then everything of the device; retention purges old data', async () => {
    const deleted = await server.call(api.deleteOriginData, { deviceId, startTime: start, endTime: start + 15_000 }, { token: superToken });
    assert.deepEqual(deleted.data, { samples: 15, messages: 1 });
    const refused = await server.call(api.deleteAllOriginData, { deviceId }, { token: oneToken });
    assert.equal(refused.status, api.Status.NO_PERMISSION);
    const all = await server.call(api.deleteAllOriginData, { deviceId }, { token: seniorToken });
    assert.deepEqual(all.data, { samples: 585, messages: 1 });

    const old = Date.now() - 31 * 86_400_000;
    server.vigil.telemetry.append(deviceId, nightSamples(old, 10));
    server.vigil.telemetry.append('OTHER-1', nightSamples(Date.now() - 1000, 1));
    await server.vigil.devices.ingest.flush();
    const purged = await server.vigil.devices.purgeRawData(Date.now());
    assert.equal(purged.chunks, 1);
    assert.equal((await server.vigil.telemetry.read('OTHER-1', 0, Date.now() + 1000)).length, 1);
  });

  test('live subscription: devices in the caller\'s scope, replaced by each call, gone after its TTL', async () => {
    const ok = await server.call(api.subscribeDevices, { deviceIds: [deviceId], ttlSeconds: 30 }, { token: oneToken });
    assert.equal(ok.status, 200, ok.msg);
    assert.deepEqual(ok.data.channels, ['status', 'samples', 'event']);
    assert.equal(server.vigil.devices.live.watchers(deviceId, 'samples').length, 1);
    const foreign = await server.call(api.subscribeDevices, { deviceIds: [deviceId] }, { token: twoBToken });
    assert.equal(foreign.status, api.Status.NOT_FOUND);
    assert.match(foreign.msg, new RegExp(deviceId));
    const vendor = await server.call(api.subscribeDevices, { deviceIds: [deviceId], channels: ['status'] }, { token: superToken });
    assert.equal(vendor.status, 200);
    assert.equal(server.vigil.devices.live.watchers(deviceId, 'samples').length, 1);
    assert.equal(server.vigil.devices.live.watchers(deviceId, 'status').length, 2);
    await server.call(api.subscribeDevices, { deviceIds: [] }, { token: oneToken });
    assert.equal(server.vigil.devices.live.watchers(deviceId, 'status').length, 1);
    const tooMany = await server.call(api.subscribeDevices, { deviceIds: Array.from({ length: 51 }, (_, i) => `D-${i}`) }, { token: superToken });
    assert.match(tooMany.msg, /at most 50/);
  });
});
