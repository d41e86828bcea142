import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, FALL_RADAR_DEFAULTS, GATEWAY_HOST_TYPE, Status, type Operation } from '@vigil/contracts';
import { download, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { isReadOnlyCall } from '../../tenancy/data-permission.ts';
import { providerIdByName, randomDeviceId, recordingDownlink, setOnline, stockDevices } from './gateway-fixtures.ts';

const TAGS = ['gateways', 'fallRadar', 'gatewayTransfer'];

/**
 * Tenant scope of every gateway and fall-monitor call: demotwob's token must neither
 * read nor change demotwoa's hosts, sub-devices and radars (online, so commands would go
 * out), and a read-only sub-account reads them but changes nothing.
 */
describe('gateway and fall-monitor tenant scope', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  const downlink = recordingDownlink();
  let residentA = 0;
  const a = { host: randomDeviceId('SCOPEHOST'), sub: randomDeviceId('SCOPESUB'), spare: randomDeviceId('SCOPESPARE'), radar: randomDeviceId('SCOPERADAR') };

  before(async () => {
    server = await startTestServer({ demo: true, downlink });
    tokenA = (await server.login('demotwoa')).token;
    tokenB = (await server.login('demotwob')).token;
    await stockDevices(server, GATEWAY_HOST_TYPE, [a.host]);
    await stockDevices(server, 21009, [a.sub, a.spare]);
    await stockDevices(server, 21007, [a.radar]);
    assert.equal((await server.call(api.heAddHost, { deviceId: a.host, location: 'Scope hall' }, { token: tokenA })).status, Status.OK);
    assert.equal((await server.call(api.heInsertDevice, { hostId: a.host, deviceId: a.sub, location: 'Scope door' }, { token: tokenA })).status, Status.OK);
    const providerA = await providerIdByName(server, 'Sunrise Riverside Home');
    await server.vigil.database.db.updateTable('devices').set({ provider_id: providerA, location: 'Scope bathroom' }).where('device_id', '=', a.radar).execute();
    for (const id of [a.host, a.radar]) await setOnline(server, id);
    residentA = (await server.vigil.database.db.selectFrom('residents').select('id').where('provider_id', '=', providerA).where('bed_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  after(() => server.close());

  const foreignCalls: [Operation, () => Record<string, unknown>, number][] = [
    [api.heGetDeviceList, () => ({ keyWord: 'scope' }), Status.OK],
    [api.heAddHost, () => ({ deviceId: a.host }), Status.CONFLICT],
    [api.heInsertDevice, () => ({ hostId: a.host, deviceId: a.spare }), Status.NOT_FOUND],
    [api.heReplaceDevice, () => ({ deviceId: a.sub, newDeviceId: a.spare }), Status.NOT_FOUND],
    [api.heSubDevicePair, () => ({ deviceId: a.sub }), Status.NOT_FOUND],
    [api.heSubDevicePair2, () => ({ hostId: a.host }), Status.NOT_FOUND],
    [api.heSubDeviceUnPair, () => ({ deviceId: a.sub }), Status.NOT_FOUND],
    [api.heSubDevicePairStatus, () => ({ hostId: a.host }), Status.NOT_FOUND],
    [api.heDeleteDevice, () => ({ deviceId: a.sub, deviceType: 21009 }), Status.NOT_FOUND],
    [api.heDeleteDevice, () => ({ deviceId: a.host, deviceType: GATEWAY_HOST_TYPE }), Status.NOT_FOUND],
    [api.heChangProvider, () => ({ deviceId: a.host, providerId: 1 }), Status.NO_PERMISSION],
    [api.deviceRecentEvents, () => ({ deviceId: a.sub }), Status.NOT_FOUND],
    [api.heRoomSensors, () => ({ userId: residentA }), Status.NOT_FOUND],
    [api.fallRadarList, () => ({ keyWord: 'scope' }), Status.OK],
    [api.fallRadarGetSettings, () => ({ deviceId: a.radar }), Status.NOT_FOUND],
    [api.fallRadarSaveSettings, () => ({ deviceId: a.radar, settings: FALL_RADAR_DEFAULTS }), Status.NOT_FOUND],
    [api.enclosureCurrentSite, () => ({ deviceId: a.radar }), Status.NOT_FOUND],
    [api.enclosureRealtimeStart, () => ({ deviceId: a.radar }), Status.NOT_FOUND],
    [api.enclosureRealtimeStop, () => ({ deviceId: a.radar }), Status.NOT_FOUND],
  ];

  for (const [operation, input, expected] of foreignCalls) {
    test(`${operation.path} with demotwoa's devices from demotwob's token answers ${expected}`, async () => {
      const sentBefore = downlink.sent.length;
      const result = await server.call(operation, input(), { token: tokenB });
      assert.equal(result.status, expected, result.msg);
      if (expected === Status.OK) assert.ok(!JSON.stringify(result.data).includes('Scope'), 'no foreign row in the answer');
      assert.equal(downlink.sent.length, sentBefore, 'no command went out');
    });
  }

  test('foreign devices answer exactly like missing ones', async () => {
    const foreign = await server.call(api.fallRadarGetSettings, { deviceId: a.radar }, { token: tokenB });
    const missing = await server.call(api.fallRadarGetSettings, { deviceId: 'NO-SUCH-RADAR' }, { token: tokenB });
    assert.deepEqual(foreign, missing);
  });

  test('demotwoa\'s devices are unchanged', async () => {
    const host = (await server.call(api.heSubDevicePairStatus, { hostId: a.host }, { token: tokenA })).data;
    assert.deepEqual(host.subDevices.map((sub) => [sub.deviceId, sub.location]), [[a.sub, 'Scope door']]);
    assert.equal(host.pairingUntil, null);
    const radar = (await server.call(api.fallRadarGetSettings, { deviceId: a.radar }, { token: tokenA })).data;
    assert.equal(radar.settingsPending, false);
  });

  test('a read-only sub-account reads every gateway call but each write answers 403; every tagged operation is walked', async () => {
    const created = await server.call(api.insertAccount, { userName: 'gatewayreader', passWord: 'Care#Home2026', nickName: 'Gateway desk', role: 'SUB_ROLE', dataPermission: 2 }, { token: tokenA });
    assert.equal(created.status, Status.OK, created.msg);
    const reader = (await server.login('gatewayreader', 'Care#Home2026')).token;
    const walked = new Set<string>();
    const calls: [Operation, () => Record<string, unknown>][] = [
      ...foreignCalls.filter(([operation]) => operation.id !== 'he.changProvider').map(([operation, input]): [Operation, () => Record<string, unknown>] => [operation, input]),
      [api.heExcelHostModel, () => ({})], [api.heExcelSubModel, () => ({})], [api.heHostBatchAdd, () => ({})], [api.heInfraredBatchAdd, () => ({})],
    ];
    for (const [operation, input] of calls) {
      walked.add(operation.id);
      let status: number;
      if (operation.encoding === 'multipart') status = (await upload(server, operation, 'x.xlsx', workbookBytes([['x']], 'xlsx'), reader)).status;
      else if (operation.id.includes('excel')) status = (await download(server, operation, {}, reader)).status === 200 ? Status.OK : -1;
      else status = (await server.call(operation, input(), { token: reader })).status;
      if (isReadOnlyCall(operation, input())) assert.notEqual(status, Status.NO_PERMISSION, `${operation.path} is a read`);
      else assert.equal(status, Status.NO_PERMISSION, `${operation.path} is a write`);
    }
    walked.add('he.changProvider');
    const tagged = ALL_OPERATIONS.filter((operation) => TAGS.includes(operation.tag));
    assert.deepEqual(tagged.filter((operation) => !walked.has(operation.id)).map((operation) => operation.id), []);
    assert.equal((await server.call(api.heChangProvider, { deviceId: a.host, providerId: 1 }, { token: reader })).status, Status.NO_PERMISSION, 'sub-accounts never move hosts');
  });
});
