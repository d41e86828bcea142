import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { homeDevice, randomDeviceId, setOnline, stockDevice } from '../../test/device-fixtures.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

describe('device registry: stock, adding from stock, refusals', () => {
  let server: TestServer;
  let vendor: string;
  let business: string;
  let homeA: string;
  let homeB: string;

  before(async () => {
    server = await startTestServer({ demo: true });
    vendor = (await server.login('demosenior')).token;
    business = (await server.login('demobusiness')).token;
    homeA = (await server.login('demotwoa')).token;
    homeB = (await server.login('demotwob')).token;
  });
  after(() => server.close());

  test('a vendor registers a device into stock: cipher and key are made; only vendors see the key', async () => {
    const deviceId = randomDeviceId('SM');
    const registered = await server.call(api.registerDevice, { deviceId, deviceType: 49, imei: '861234567890123' }, { token: business });
    assert.equal(registered.status, Status.OK, registered.msg);
    assert.match(registered.data.cipherId, /^V1\./);
    assert.match(registered.data.deviceKey, /^[0-9a-f]{64}$/);
    const detail = await server.call(api.getDevice, { id: registered.data.id }, { token: vendor });
    assert.equal(detail.data.deviceKey, registered.data.deviceKey);
    assert.equal(detail.data.inStock, true);
    assert.equal(detail.data.imei, '861234567890123');
    assert.equal(detail.data.model, 'BM8701-2');
    // In stock it is invisible to care homes; once added they see it, but never its key.
    assert.equal((await server.call(api.getDevice, { id: registered.data.id }, { token: homeA })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.insertDevice, { deviceId, deviceType: 49 }, { token: homeA })).status, Status.OK);
    const homeView = await server.call(api.getDevice, { id: registered.data.id }, { token: homeA });
    assert.equal(homeView.status, Status.OK);
    assert.equal(homeView.data.deviceKey, null);
    assert.equal(homeView.data.inStock, false);
    assert.ok(!JSON.stringify(await server.call(api.getDeviceList, { pageNum: 1, pageSize: 100 }, { token: homeA })).includes(registered.data.deviceKey));
    const again = await server.call(api.registerDevice, { deviceId, deviceType: 49 }, { token: vendor });
    assert.equal(again.status, Status.CONFLICT);
    assert.match(again.msg, /already registered/);
  });

  test('care homes may not register stock', async () => {
    assert.equal((await server.call(api.registerDevice, { deviceId: randomDeviceId(), deviceType: 49 }, { token: homeA })).status, Status.NO_PERMISSION);
  });

  test('not registered on the server', async () => {
    const result = await server.call(api.insertDevice, { deviceId: randomDeviceId('NOPE'), deviceType: 49 }, { token: homeA });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /not registered on the server/);
  });

  test('not in stock: a withheld device cannot be added until the vendor puts it back', async () => {
    const device = await stockDevice(server, vendor);
    assert.equal((await server.call(api.updateDevice, { id: device.id, withheld: true }, { token: vendor })).status, Status.OK);
    const refused = await server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token: homeA });
    assert.equal(refused.status, Status.CONFLICT);
    assert.match(refused.msg, /not in stock/);
    assert.equal((await server.call(api.updateDevice, { id: device.id, withheld: false }, { token: vendor })).status, Status.OK);
    assert.equal((await server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token: homeA })).status, Status.OK);
  });

  test('already added, and added by another provider', async () => {
    const device = await homeDevice(server, vendor, homeA);
    const twice = await server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token: homeA });
    assert.equal(twice.status, Status.CONFLICT);
    assert.match(twice.msg, /already been added/);
    const other = await server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token: homeB, language: 'de' });
    assert.equal(other.status, Status.CONFLICT);
    assert.match(other.msg, /anderen Anbieter/);
  });

  test('two homes adding the same stock device at once: exactly one gets it', async () => {
    const device = await stockDevice(server, vendor);
    const answers = await Promise.all([homeA, homeB, homeA, homeB].map((token) => server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token })));
    assert.equal(answers.filter((answer) => answer.status === Status.OK).length, 1, JSON.stringify(answers.map((answer) => answer.msg)));
    assert.ok(answers.every((answer) => answer.status === Status.OK || answer.status === Status.CONFLICT));
  });

  test('device type not supported: unknown type, the other edition\'s type, or not the registered type', async () => {
    const unknown = await server.call(api.insertDevice, { deviceId: randomDeviceId(), deviceType: 12345 }, { token: homeA });
    assert.equal(unknown.status, Status.BAD_REQUEST);
    assert.match(unknown.msg, /not supported/);
    // The platform is overseas by default: the domestic fall radar ED719N (21011) is not supported here.
    const domestic = await server.call(api.registerDevice, { deviceId: randomDeviceId(), deviceType: 21011 }, { token: vendor });
    assert.equal(domestic.status, Status.BAD_REQUEST);
    assert.match(domestic.msg, /not supported/);
    const device = await stockDevice(server, vendor, 52);
    const mismatch = await server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token: homeA });
    assert.equal(mismatch.status, Status.BAD_REQUEST);
    assert.match(mismatch.msg, /registered as M8701W/);
  });

  test('device does not exist: detail, edit, bind, delete and restart of a missing id', async () => {
    for (const [operation, input] of [
      [api.getDevice, { id: 987654 }],
      [api.updateDevice, { id: 987654, location: 'x' }],
      [api.bindDevice, { id: 987654, target: 'none' }],
      [api.deleteDevice, { id: 987654 }],
      [api.restartDevice, { id: 987654 }],
    ] as const) {
      const result = await server.call(operation, input, { token: homeA });
      assert.equal(result.status, Status.NOT_FOUND, operation.path);
      assert.match(result.msg, /device does not exist/, operation.path);
    }
  });

  test('room does not exist', async () => {
    const device = await homeDevice(server, vendor, homeA, 21007);
    const result = await server.call(api.bindDevice, { id: device.id, target: 'room', targetId: 987654 }, { token: homeA });
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /room does not exist/);
  });

  test('wrong ID format: only digits, letters and hyphen', async () => {
    for (const deviceId of ['AB_12', 'AB 12', 'Ω123', 'x'.repeat(65)]) {
      const result = await server.call(api.insertDevice, { deviceId, deviceType: 49 }, { token: homeA });
      assert.equal(result.status, Status.BAD_REQUEST, deviceId);
      assert.match(result.msg, /Wrong device ID format/, deviceId);
      assert.equal((await server.call(api.registerDevice, { deviceId, deviceType: 49 }, { token: vendor })).status, Status.BAD_REQUEST);
    }
  });

  test('a ciphertext typed where the plain ID is asked is refused; the scanned code adds the device', async () => {
    const device = await stockDevice(server, vendor);
    const typed = await server.call(api.insertDevice, { deviceId: device.cipherId, deviceType: 49 }, { token: homeA });
    assert.equal(typed.status, Status.BAD_REQUEST);
    assert.match(typed.msg, /plain text/);
    const registerTyped = await server.call(api.registerDevice, { deviceId: device.cipherId, deviceType: 49 }, { token: vendor, language: 'zh-cn' });
    assert.match(registerTyped.msg, /明文/);
    const decoded = await server.call(api.decodeDeviceCipher, { cipherId: device.cipherId }, { token: homeA });
    assert.deepEqual(decoded.data, { deviceId: device.deviceId, deviceType: 49 });
    // The installer app scans the code too.
    const installer = (await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'ANDROID' })).data.token;
    assert.deepEqual((await server.call(api.decodeDeviceCipher, { cipherId: ` ${device.cipherId} ` }, { token: installer })).data, { deviceId: device.deviceId, deviceType: 49 });
    const scanned = await server.call(api.insertDevice, { cipherId: device.cipherId, deviceType: 49 }, { token: homeA });
    assert.equal(scanned.status, Status.OK, scanned.msg);
    assert.equal(scanned.data.id, device.id);
  });

  test('a forged or altered code is not a device code', async () => {
    const device = await stockDevice(server, vendor);
    const [prefix, body] = device.cipherId.split('.');
    const forgedBody = Buffer.from(`${device.deviceId}X`).toString('base64url');
    for (const cipherId of [`${prefix}.${forgedBody}.${device.cipherId.split('.')[2]}`, `${prefix}.${body}.AAAAAAAAAAAAAAAA`, 'V1.nonsense']) {
      const decoded = await server.call(api.decodeDeviceCipher, { cipherId }, { token: homeA });
      assert.equal(decoded.status, Status.BAD_REQUEST, cipherId);
      assert.match(decoded.msg, /not a valid device code/);
      const added = await server.call(api.insertDevice, { cipherId, deviceType: 49 }, { token: homeA });
      assert.equal(added.status, Status.BAD_REQUEST);
    }
  });

  test('an ID that is not plain text (control characters, JSON objects) is refused', async () => {
    for (const deviceId of ['AB\u0000CD', { $ne: null }, ['A1'], 12]) {
      const result = await server.call(api.insertDevice, { deviceId, deviceType: 49 }, { token: homeA });
      assert.equal(result.status, Status.BAD_REQUEST, JSON.stringify(deviceId));
      assert.match(result.msg, /Wrong device ID format/, JSON.stringify(deviceId));
    }
    assert.match((await server.call(api.insertDevice, { deviceType: 49 }, { token: homeA })).msg, /Device ID is required/);
  });

  test('the list: vendors see stock and added devices with the provider; homes see their own; filters and summary agree', async () => {
    const stocked = await stockDevice(server, vendor, 49, randomDeviceId('FLT'));
    const added = await homeDevice(server, vendor, homeA, 52);
    const radar = await homeDevice(server, vendor, homeA, 21007);
    await setOnline(server, added.id, true);
    const place = await buildPlace(server, homeA, { area: 'Filter wing', rooms: 'F1', beds: 'Filterbed' });
    assert.equal((await server.call(api.bindDevice, { id: added.id, target: 'bed', targetId: place.bedIds[0] }, { token: homeA })).status, Status.OK);

    const vendorList = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000 }, { token: vendor });
    const ids = vendorList.data.rows.map((row) => row.id);
    assert.ok(ids.includes(stocked.id) && ids.includes(added.id));
    assert.equal(vendorList.data.rows.find((row) => row.id === added.id)?.providerName, 'Sunrise Riverside Home');
    const byProvider = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, keyWord: 'riverside' }, { token: vendor });
    assert.ok(byProvider.data.rows.some((row) => row.id === added.id) && byProvider.data.rows.every((row) => row.providerName === 'Sunrise Riverside Home'));
    const stockOnly = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, stock: 'stock' }, { token: vendor });
    assert.ok(stockOnly.data.rows.every((row) => row.inStock));

    const homeList = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000 }, { token: homeA });
    assert.ok(!homeList.data.rows.some((row) => row.id === stocked.id), 'stock is not a home\'s');
    assert.ok(homeList.data.rows.every((row) => row.providerName === 'Sunrise Riverside Home'));

    const online = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, online: true }, { token: homeA });
    assert.deepEqual(online.data.rows.map((row) => row.id), [added.id]);
    const bound = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, bound: true }, { token: homeA });
    assert.deepEqual(bound.data.rows.map((row) => row.id), [added.id]);
    assert.equal(bound.data.rows[0].binding.bunkName, 'Filterbed');
    assert.equal(bound.data.rows[0].binding.roomName, 'F1');
    const byType = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, deviceType: 21007 }, { token: homeA });
    assert.ok(byType.data.rows.every((row) => row.deviceType === 21007) && byType.data.rows.some((row) => row.id === radar.id));
    const byScreen = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, screen: 'ed719Device' }, { token: homeA });
    assert.deepEqual(byScreen.data.rows.map((row) => row.id), byType.data.rows.map((row) => row.id));
    const byKind = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, kind: 'sleepMonitor' }, { token: homeA });
    assert.ok(byKind.data.rows.every((row) => row.kind === 'sleepMonitor') && byKind.data.rows.some((row) => row.id === added.id));
    const byKeyword = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, keyWord: 'filterBED' }, { token: homeA });
    assert.deepEqual(byKeyword.data.rows.map((row) => row.id), [added.id]);
    const byId = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000, keyWord: added.deviceId.toLowerCase() }, { token: homeA });
    assert.deepEqual(byId.data.rows.map((row) => row.id), [added.id]);
    const paged = await server.call(api.getDeviceList, { pageNum: 2, pageSize: 1 }, { token: homeA });
    assert.equal(paged.data.rows.length, 1);
    assert.equal(paged.data.total, homeList.data.total);

    const summary = await server.call(api.getDeviceSummary, {}, { token: homeA });
    assert.equal(summary.data.total, homeList.data.total);
    assert.equal(summary.data.online, 1);
    assert.equal(summary.data.offline, homeList.data.total - 1);
    assert.equal(summary.data.bound, 1);
    assert.equal(summary.data.inStock, 0);
    assert.equal(summary.data.added, homeList.data.total);
    const vendorSummary = await server.call(api.getDeviceSummary, {}, { token: vendor });
    assert.equal(vendorSummary.data.total, vendorList.data.total);
    assert.equal(vendorSummary.data.inStock, stockOnly.data.total);
    const radarSummary = await server.call(api.getDeviceSummary, { screen: 'ed719Device' }, { token: homeA });
    assert.equal(radarSummary.data.total, byScreen.data.total);
  });

  test('a class I provider sees its class II homes\' devices', async () => {
    const device = await homeDevice(server, vendor, homeB, 59);
    const one = (await server.login('demoone')).token;
    const list = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000 }, { token: one });
    assert.ok(list.data.rows.some((row) => row.id === device.id && row.providerName === 'Sunrise Hillside Home'));
    assert.equal((await server.call(api.getDevice, { id: device.id }, { token: one })).status, Status.OK);
  });

  test('device types follow the edition: overseas shows 21007, domestic 21011 and hides the overseas screens', async () => {
    const overseas = await server.call(api.deviceTypes, {}, { token: homeA });
    assert.ok(overseas.data.some((entry) => entry.type === 21007) && !overseas.data.some((entry) => entry.type === 21011));
    const fall = await server.call(api.deviceTypes, { screen: 'ed719Device' }, { token: homeA });
    assert.deepEqual(fall.data.map((entry) => entry.type), [21007]);
    assert.equal((await server.call(api.saveSystemConfig, { edition: 'domestic' }, { token: vendor })).status, Status.OK);
    try {
      const domestic = await server.call(api.deviceTypes, {}, { token: homeA });
      const types = domestic.data.map((entry) => entry.type);
      assert.ok(types.includes(21011) && !types.includes(21007) && !types.includes(21008) && !types.includes(20993));
      assert.ok(domestic.data.every((entry) => entry.screen === 'deviceManage'));
      const list = await server.call(api.getDeviceList, { pageNum: 1, pageSize: 1000 }, { token: homeA });
      assert.ok(list.data.rows.every((row) => row.deviceType !== 21007), 'overseas radars are not listed in the domestic edition');
    } finally {
      await server.call(api.saveSystemConfig, { edition: 'overseas' }, { token: vendor });
    }
  });

  test('edit: care homes change location and remark, vendors the hardware fields; each refused the other\'s', async () => {
    const device = await homeDevice(server, vendor, homeA);
    assert.equal((await server.call(api.updateDevice, { id: device.id, location: 'Bed head, left', remark: 'new pad' }, { token: homeA })).status, Status.OK);
    const refused = await server.call(api.updateDevice, { id: device.id, imei: '123' }, { token: homeA });
    assert.equal(refused.status, Status.BAD_REQUEST);
    assert.match(refused.msg, /Only the vendor may change IMEI/);
    assert.equal((await server.call(api.updateDevice, { id: device.id, location: 'x' }, { token: vendor })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.updateDevice, { id: device.id, iccid: '8986001' }, { token: vendor })).status, Status.OK);
    const detail = await server.call(api.getDevice, { id: device.id }, { token: homeA });
    assert.equal(detail.data.location, 'Bed head, left');
    assert.equal(detail.data.remark, 'new pad');
    assert.equal(detail.data.iccid, '8986001');
  });

  test('delete: a home returns the device to stock; a vendor deletes stock but not a home\'s device', async () => {
    const device = await homeDevice(server, vendor, homeA);
    const inUse = await server.call(api.deleteDevice, { id: device.id }, { token: vendor });
    assert.equal(inUse.status, Status.CONFLICT);
    assert.match(inUse.msg, /Sunrise Riverside Home/);
    assert.equal((await server.call(api.deleteDevice, { id: device.id, deviceId: 'OTHER', deviceType: 49 }, { token: homeA })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.deleteDevice, { id: device.id, deviceId: device.deviceId, deviceType: 49 }, { token: homeA })).status, Status.OK);
    const back = await server.call(api.getDevice, { id: device.id }, { token: vendor });
    assert.equal(back.data.inStock, true);
    assert.equal(back.data.location, '');
    assert.equal((await server.call(api.getDevice, { id: device.id }, { token: homeA })).status, Status.NOT_FOUND);
    // Back in stock, another home may add it.
    assert.equal((await server.call(api.insertDevice, { deviceId: device.deviceId, deviceType: 49 }, { token: homeB })).status, Status.OK);
    const stocked = await stockDevice(server, vendor);
    assert.equal((await server.call(api.deleteDevice, { id: stocked.id }, { token: vendor })).status, Status.OK);
    assert.equal((await server.call(api.getDevice, { id: stocked.id }, { token: vendor })).status, Status.NOT_FOUND);
    const gone = await server.call(api.insertDevice, { deviceId: stocked.deviceId, deviceType: 49 }, { token: homeA });
    assert.match(gone.msg, /not registered/);
  });
});
