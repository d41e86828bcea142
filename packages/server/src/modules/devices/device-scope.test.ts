import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, Status, type Operation } from '@vigil/contracts';
import { buildPlace, download, problemsOf, sheetRows, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { homeDevice, recordingDownlink, setOnline } from '../../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { isReadOnlyCall } from '../../tenancy/data-permission.ts';

/**
 * Tenant scope of every device call (the sibling of care-scope.test.ts): a foreign care
 * home's token (demotwob) must neither read nor change demotwoa's devices, and a foreign
 * device answers exactly like a missing one.
 */
describe('device tenant scope', () => {
  let server: TestServer;
  let vendor: string;
  let tokenA: string;
  let tokenB: string;
  const downlink = recordingDownlink();
  const a = { id: 0, deviceId: '', cipherId: '', bedId: 0, providerId: 0, ownB: 0 };

  before(async () => {
    server = await startTestServer({ demo: true, downlink });
    vendor = (await server.login('demosenior')).token;
    tokenA = (await server.login('demotwoa')).token;
    tokenB = (await server.login('demotwob')).token;
    const device = await homeDevice(server, vendor, tokenA);
    Object.assign(a, { id: device.id, deviceId: device.deviceId, cipherId: device.cipherId });
    a.bedId = (await buildPlace(server, tokenA, { area: 'Scope Device Wing', rooms: 'SD1', beds: 'SDB' })).bedIds[0];
    assert.equal((await server.call(api.bindDevice, { id: a.id, target: 'bed', targetId: a.bedId }, { token: tokenA })).status, Status.OK);
    assert.equal((await server.call(api.updateDevice, { id: a.id, location: 'Scope secret spot' }, { token: tokenA })).status, Status.OK);
    a.providerId = (await server.call(api.getDevice, { id: a.id }, { token: tokenA })).data.providerId ?? 0;
    a.ownB = (await homeDevice(server, vendor, tokenB)).id;
    await setOnline(server, a.id, true);
  });
  after(() => server.close());

  /** Each device call with demotwoa's ids, and the status demotwob's token must get. */
  const foreignCalls: [Operation, () => Record<string, unknown>, number][] = [
    [api.getDeviceList, () => ({ pageNum: 1, pageSize: 1000, providerId: a.providerId }), Status.OK],
    [api.getDeviceSummary, () => ({ providerId: a.providerId }), Status.OK],
    [api.getDevice, () => ({ id: a.id }), Status.NOT_FOUND],
    [api.deviceTypes, () => ({}), Status.OK],
    [api.registerDevice, () => ({ deviceId: a.deviceId, deviceType: 49 }), Status.NO_PERMISSION],
    // A scanned code holds the plain ID in the clear; decoding tells nothing about the owner.
    [api.decodeDeviceCipher, () => ({ cipherId: a.cipherId }), Status.OK],
    [api.insertDevice, () => ({ deviceId: a.deviceId, deviceType: 49 }), Status.CONFLICT],
    [api.insertDevice, () => ({ cipherId: a.cipherId, deviceType: 49 }), Status.CONFLICT],
    [api.updateDevice, () => ({ id: a.id, location: 'Hacked' }), Status.NOT_FOUND],
    [api.bindDevice, () => ({ id: a.id, target: 'none' }), Status.NOT_FOUND],
    [api.bindDevice, () => ({ id: a.ownB, target: 'bed', targetId: a.bedId, confirm: true }), Status.BAD_REQUEST],
    [api.deleteDevice, () => ({ id: a.id, deviceId: a.deviceId, deviceType: 49 }), Status.NOT_FOUND],
    [api.isUploadData, () => ({ id: a.id, isUploadData: false }), Status.NOT_FOUND],
    [api.updateAlgMode, () => ({ id: a.id, sensitivity: 'low', leaveBedMode: 'fast' }), Status.NOT_FOUND],
    [api.updateInterval, () => ({ id: a.id, interval: 99 }), Status.NOT_FOUND],
    [api.updateSleepSchedule, () => ({ id: a.id, bedTime: '20:00', wakeTime: '05:00' }), Status.NOT_FOUND],
    [api.restartDevice, () => ({ id: a.id }), Status.NOT_FOUND],
    // Vendor only: a care home never changes a device's key.
    [api.rotateDeviceKey, () => ({ id: a.id }), Status.NO_PERMISSION],
    [api.deviceExcelModel, () => ({}), Status.OK],
    [api.deviceExportData, () => ({ providerId: a.providerId }), Status.OK],
    // Live data of another home's device: answered exactly like a device that does not exist.
    [api.subscribeDevices, () => ({ deviceIds: [a.deviceId] }), Status.NOT_FOUND],
    [api.deviceBatchAdd, () => ({}), Status.BAD_REQUEST],
  ];

  /** Calls an operation the way the console would: file operations as downloads or uploads. */
  async function callAs(operation: Operation, input: Record<string, unknown>, token: string) {
    if (operation.encoding === 'multipart') {
      const file = workbookBytes([['Device ID', 'Device type'], [a.deviceId, 49]], 'xlsx');
      return upload(server, operation, 'devices.xlsx', file, token);
    }
    if (operation.id.endsWith('excelModel') || operation.id.endsWith('exportData')) {
      const query = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)]));
      const file = await download(server, operation, query, token);
      if (file.status !== 200 || file.contentType.includes('json')) return { status: Number(JSON.parse(file.bytes.toString('utf8')).status), msg: '', data: null };
      return { status: Status.OK, msg: '', data: sheetRows(file.bytes) };
    }
    return server.call(operation, input, { token });
  }

  for (const [operation, input, expected] of foreignCalls) {
    test(`${operation.path} with demotwoa's device from demotwob's token answers ${expected}`, async () => {
      const result = await callAs(operation, input(), tokenB);
      assert.equal(result.status, expected, result.msg);
      // The decoded code and the import's problem list name the ID the caller sent; nothing else may.
      const text = JSON.stringify(result.data);
      assert.ok(!text.includes('Scope'), `${operation.path} leaks`);
      if (operation !== api.decodeDeviceCipher && operation !== api.deviceBatchAdd) assert.ok(!text.includes(a.deviceId), `${operation.path} leaks the device`);
    });
  }

  test('the foreign import names the device as another provider\'s and adds nothing', async () => {
    const result = await callAs(api.deviceBatchAdd, {}, tokenB);
    assert.match(problemsOf(result)[0].message, /another provider/);
  });

  test('a foreign device answers exactly like a missing one', async () => {
    const foreign = await server.call(api.getDevice, { id: a.id }, { token: tokenB });
    const missing = await server.call(api.getDevice, { id: 987654 }, { token: tokenB });
    assert.deepEqual(foreign, missing);
  });

  test('demotwoa\'s device is unchanged and no command reached it', async () => {
    const device = (await server.call(api.getDevice, { id: a.id }, { token: tokenA })).data;
    assert.equal(device.location, 'Scope secret spot');
    assert.equal(device.binding.bunkId, a.bedId);
    assert.deepEqual(device.settings, api.SLEEP_MONITOR_DEFAULTS);
    assert.equal(device.lastCommand, null);
    assert.equal(device.inStock, false);
    assert.ok(!downlink.sent.some((entry) => entry.deviceId === a.deviceId));
  });

  test('a read-only sub-account reads every device call, and every change answers 403', async () => {
    const created = await server.call(api.insertAccount, { userName: 'devicereadonly', passWord: 'Care#Home2026', nickName: 'Device desk', role: 'SUB_ROLE', dataPermission: 2 }, { token: tokenA });
    assert.equal(created.status, Status.OK, created.msg);
    const readOnly = await server.login('devicereadonly', 'Care#Home2026');
    const ownCalls: [Operation, () => Record<string, unknown>][] = foreignCalls
      .filter(([operation]) => operation.roles?.includes('SUB_ROLE'))
      .map(([operation, input]) => [operation, input]);
    for (const [operation, input] of ownCalls) {
      const result = await callAs(operation, input(), readOnly.token);
      if (isReadOnlyCall(operation, input())) assert.notEqual(result.status, Status.NO_PERMISSION, `${operation.path} is a read: ${result.msg}`);
      else {
        assert.equal(result.status, Status.NO_PERMISSION, `${operation.path} is a write`);
        if (result.msg) assert.match(result.msg, /read-only/, operation.path);
      }
    }
    const own = await server.call(api.getDevice, { id: a.id }, { token: readOnly.token });
    assert.equal(own.data.location, 'Scope secret spot', 'it reads its provider\'s devices');
    assert.equal(own.data.deviceKey, null);
  });

  test('every device operation is walked by this suite', () => {
    const walked = new Set(foreignCalls.map(([operation]) => operation.id));
    const devices = ALL_OPERATIONS.filter((operation) => operation.tag === 'devices');
    assert.deepEqual(devices.filter((operation) => !walked.has(operation.id)).map((operation) => operation.id), []);
  });

  test('roles without device screens are refused', async () => {
    for (const userName of ['demogov']) {
      const { token } = await server.login(userName);
      assert.equal((await server.call(api.getDeviceList, { pageNum: 1, pageSize: 10 }, { token })).status, Status.NO_PERMISSION);
    }
  });
});
