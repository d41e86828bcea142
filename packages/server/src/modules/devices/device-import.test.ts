import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildPlace, download, problemsOf, sheetRows, upload, workbookBytes } from '../../test/care-fixtures.ts';
import { randomDeviceId, stockDevice } from '../../test/device-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

const STOCK_HEADERS = ['Device ID', 'Device type', 'IMEI', '4G module IMEI', 'SIM ICCID', 'Communication method', 'Remark'];
const ADD_HEADERS = ['Device ID', 'Device type', 'Area', 'Floor', 'Room', 'Bed', 'Installation location', 'Remark'];

describe('device Excel import, template and export', () => {
  let server: TestServer;
  let vendor: string;
  let home: string;

  before(async () => {
    server = await startTestServer({ demo: true });
    vendor = (await server.login('demosenior')).token;
    home = (await server.login('demotwoa')).token;
    await buildPlace(server, home, { area: 'Import wing', rooms: 'I1,I2', beds: 'A,B' });
  });
  after(() => server.close());

  const vendorTotal = async () => (await server.call(api.getDeviceSummary, {}, { token: vendor })).data.total;
  const homeTotal = async () => (await server.call(api.getDeviceSummary, {}, { token: home })).data.total;

  for (const bookType of ['xlsx', 'xls'] as const) {
    test(`a vendor's good .${bookType} file puts every row into stock (type by number, code or model; IMEI typed as a number keeps its digits)`, async () => {
      const ids = [randomDeviceId('IM'), randomDeviceId('IM'), randomDeviceId('IM')];
      const file = workbookBytes([
        STOCK_HEADERS,
        [ids[0], 49, 861234567890123, '', '', 'WIFI', ''],
        [ids[1], 'NB_E_BADGE', '', '', '89860012345678901234', 'NB-IoT', 'pallet 3'],
        [ids[2], 'ED719W', '', '', '', '', ''],
      ], bookType);
      const before = await vendorTotal();
      const result = await upload(server, api.deviceBatchAdd, `stock.${bookType}`, file, vendor);
      assert.equal(result.status, Status.OK, JSON.stringify(result));
      assert.deepEqual(result.data, { imported: 3 });
      assert.equal(await vendorTotal(), before + 3);
      const listed = await server.call(api.getDeviceList, { keyWord: ids[0], pageNum: 1, pageSize: 10 }, { token: vendor });
      assert.equal(listed.data.rows[0].imei, '861234567890123');
      assert.equal(listed.data.rows[0].inStock, true);
      const badge = await server.call(api.getDeviceList, { keyWord: ids[1], pageNum: 1, pageSize: 10 }, { token: vendor });
      assert.equal(badge.data.rows[0].deviceType, 21000);
      assert.equal(badge.data.rows[0].iccid, '89860012345678901234');
    });
  }

  test('a vendor file with bad rows is refused whole, naming row and column of each problem', async () => {
    const taken = await stockDevice(server, vendor);
    const fresh = randomDeviceId('OK');
    const cipherTyped = (await stockDevice(server, vendor)).cipherId;
    const file = workbookBytes([
      STOCK_HEADERS,
      [fresh, 49, '', '', '', '', ''],
      ['BAD_ID', 49, '', '', '', '', ''],
      [randomDeviceId(), 'TOASTER', '', '', '', '', ''],
      [taken.deviceId, 49, '', '', '', '', ''],
      [fresh, 52, '', '', '', '', ''],
      ['', 49, '', '', '', '', ''],
      [cipherTyped, 49, '', '', '', '', ''],
      [randomDeviceId(), 'ED719N', '', '', '', '', ''],
    ], 'xlsx');
    const before = await vendorTotal();
    const result = await upload(server, api.deviceBatchAdd, 'stock.xlsx', file, vendor);
    assert.equal(result.status, Status.BAD_REQUEST);
    assert.match(result.msg, /Import failed/);
    const problems = problemsOf(result).map((problem) => [problem.row, problem.column, problem.message]);
    assert.deepEqual(problems, [
      [3, 'A', 'Wrong device ID format: use only digits, letters and hyphens (at most 64).'],
      [4, 'B', 'This device is not supported.'],
      [6, 'A', 'The same device is also on row 2.'],
      [7, 'A', 'Device ID is required.'],
      [8, 'A', 'Please enter the device ID in plain text (the ID printed on the label, not the QR code).'],
      [9, 'B', 'This device is not supported.'],
      [5, 'A', `The device ID ${taken.deviceId} is already registered.`],
    ]);
    assert.equal(await vendorTotal(), before, 'nothing was written');
    assert.match((await server.call(api.insertDevice, { deviceId: fresh, deviceType: 49 }, { token: home })).msg, /not registered/);
  });

  test('a care home adds devices from stock by file, placing them on beds and in rooms', async () => {
    const monitor = await stockDevice(server, vendor);
    const radar = await stockDevice(server, vendor, 21007);
    const loose = await stockDevice(server, vendor, 52);
    const file = workbookBytes([
      ADD_HEADERS,
      [monitor.deviceId, 'BM8701_2', 'Import wing', '1F', 'I1', 'A', 'Bed head', ''],
      [radar.deviceId, 21007, 'Import wing', '1F', 'I2', '', 'Ceiling', ''],
      [loose.deviceId, 'M8701W', '', '', '', '', '', 'spare'],
    ], 'xlsx');
    const before = await homeTotal();
    const result = await upload(server, api.deviceBatchAdd, 'devices.xlsx', file, home);
    assert.equal(result.status, Status.OK, JSON.stringify(result));
    assert.deepEqual(result.data, { imported: 3 });
    assert.equal(await homeTotal(), before + 3);
    const placed = (await server.call(api.getDevice, { id: monitor.id }, { token: home })).data;
    assert.deepEqual([placed.binding.target, placed.binding.roomName, placed.binding.bunkName, placed.location], ['bed', 'I1', 'A', 'Bed head']);
    const room = (await server.call(api.getDevice, { id: radar.id }, { token: home })).data;
    assert.deepEqual([room.binding.target, room.binding.roomName], ['room', 'I2']);
    const spare = (await server.call(api.getDevice, { id: loose.id }, { token: home })).data;
    assert.deepEqual([spare.binding.target, spare.remark], ['none', 'spare']);
  });

  test('a care home file with bad rows adds nothing: not registered, already added, missing room or bed, taken bed, wrong type', async () => {
    const good = await stockDevice(server, vendor);
    const added = await stockDevice(server, vendor);
    assert.equal((await server.call(api.insertDevice, { deviceId: added.deviceId, deviceType: 49 }, { token: home })).status, Status.OK);
    const other = await stockDevice(server, vendor);
    assert.equal((await server.call(api.insertDevice, { deviceId: other.deviceId, deviceType: 49 }, { token: (await server.login('demotwob')).token })).status, Status.OK);
    const holder = await stockDevice(server, vendor);
    const bedTaker = await stockDevice(server, vendor);
    const radar = await stockDevice(server, vendor, 21007);
    const wrongType = await stockDevice(server, vendor, 59);
    const unknown = randomDeviceId('UNK');
    const file = workbookBytes([
      ADD_HEADERS,
      [good.deviceId, 49, '', '', '', '', '', ''],
      [unknown, 49, '', '', '', '', '', ''],
      [added.deviceId, 49, '', '', '', '', '', ''],
      [other.deviceId, 49, '', '', '', '', '', ''],
      [radar.deviceId, 21007, 'Import wing', '1F', 'Nowhere', '', '', ''],
      [holder.deviceId, 49, 'Import wing', '1F', 'I2', 'B', '', ''],
      [bedTaker.deviceId, 49, 'Import wing', '1F', 'I2', 'B', '', ''],
      [wrongType.deviceId, 49, '', '', '', '', '', ''],
      [good.deviceId, 49, 'Import wing', '1F', 'I2', 'Z', '', ''],
    ], 'xls');
    const before = await homeTotal();
    const result = await upload(server, api.deviceBatchAdd, 'devices.xls', file, home);
    assert.equal(result.status, Status.BAD_REQUEST, JSON.stringify(result));
    const problems = problemsOf(result).map((problem) => [problem.row, problem.column, problem.message]);
    assert.deepEqual(problems, [
      [10, 'A', 'The same device is also on row 2.'],
      [3, 'A', 'This device ID is not registered on the server.'],
      [4, 'A', 'This device has already been added.'],
      [5, 'A', 'This device has been added by another provider; please contact the supplier.'],
      [6, 'E', 'The room does not exist.'],
      [8, 'F', `This bed already has device ${holder.deviceId}.`],
      [9, 'B', 'The device ID does not match the device type: it is registered as M901L.'],
    ]);
    assert.equal(await homeTotal(), before, 'nothing was added');
    assert.equal((await server.call(api.getDevice, { id: good.id }, { token: vendor })).data.inStock, true);
    assert.equal((await server.call(api.getDevice, { id: holder.id }, { token: vendor })).data.inStock, true);
  });

  test('wrong file format, empty sheet and missing column are refused', async () => {
    const notSheet = await upload(server, api.deviceBatchAdd, 'devices.xlsx', Buffer.from('device id,type\nA1,49\n'), home);
    assert.equal(notSheet.status, Status.BAD_REQUEST);
    assert.match(notSheet.msg, /Wrong file format/);
    const empty = await upload(server, api.deviceBatchAdd, 'devices.xlsx', workbookBytes([ADD_HEADERS], 'xlsx'), home);
    assert.equal(empty.status, Status.BAD_REQUEST);
    assert.match(empty.msg, /no data rows/);
    const missing = await upload(server, api.deviceBatchAdd, 'devices.xlsx', workbookBytes([['Device ID'], ['A1']], 'xlsx'), home);
    assert.equal(missing.status, Status.BAD_REQUEST);
    assert.match(JSON.stringify(missing.data), /Device type/);
  });

  test('templates per role, in the caller\'s language, and they import as downloaded once filled', async () => {
    const stockTemplate = await download(server, api.deviceExcelModel, {}, vendor);
    assert.equal(stockTemplate.status, 200);
    assert.match(stockTemplate.disposition, /device-stock-template\.xlsx/);
    assert.deepEqual(sheetRows(stockTemplate.bytes)[0], STOCK_HEADERS);
    const homeTemplate = await download(server, api.deviceExcelModel, {}, home, 'de');
    assert.deepEqual(sheetRows(homeTemplate.bytes)[0].slice(0, 2), ['Geräte-ID', 'Gerätetyp']);
    const device = await stockDevice(server, vendor);
    const rows = sheetRows(homeTemplate.bytes);
    const filled = workbookBytes([rows[0], [device.deviceId, 'BM8701-2', '', '', '', '', '', '']], 'xlsx');
    const result = await upload(server, api.deviceBatchAdd, 'filled.xlsx', filled, home, 'de');
    assert.equal(result.status, Status.OK, JSON.stringify(result));
  });

  test('export: the home\'s devices matching the filters, never stock or another home\'s', async () => {
    const mine = await stockDevice(server, vendor);
    assert.equal((await server.call(api.insertDevice, { deviceId: mine.deviceId, deviceType: 49, location: 'Export spot' }, { token: home })).status, Status.OK);
    const stocked = await stockDevice(server, vendor);
    const file = await download(server, api.deviceExportData, { keyWord: 'Export spot' }, home);
    assert.equal(file.status, 200);
    const rows = sheetRows(file.bytes);
    assert.equal(rows[0][0], 'Device ID');
    assert.deepEqual(rows.slice(1).map((row) => row[0]), [mine.deviceId]);
    const all = sheetRows((await download(server, api.deviceExportData, {}, home)).bytes).map((row) => row[0]);
    assert.ok(!all.includes(stocked.deviceId));
    const vendorAll = sheetRows((await download(server, api.deviceExportData, { stock: 'stock' }, vendor)).bytes).map((row) => row[0]);
    assert.ok(vendorAll.includes(stocked.deviceId) && !vendorAll.includes(mine.deviceId));
  });
});
