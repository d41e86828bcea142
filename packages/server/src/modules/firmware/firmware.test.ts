import { openedTestKey } from '../../test/device-keys.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-builder.ts';
import { craftZip } from '../../zip/zip-fixtures.ts';
import { buildWorkbook } from '../spreadsheets/workbook.ts';

const BM = 49;
const OTHER = 21012;

function multipart(fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = '----vigil-firmware-boundary';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');
const packageZip = (deviceType: number, version: string, extra: { name: string; data: Buffer }[] = []) =>
  buildZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType, version })) }, { name: 'firmware.bin', data: crypto.randomBytes(4096) }, ...extra]);

describe('firmware packages', () => {
  let server: TestServer;
  let senior: string;
  let two: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    senior = (await server.login('demosenior')).token;
    two = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  async function upload(zip: Buffer, fields: Record<string, string>, filename = 'fw.zip', token = senior) {
    const body = multipart(fields, zip, filename);
    const started = Date.now();
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/uploadFile', payload: body.payload, headers: { ...body.headers, 's-token': token } });
    assert.equal(response.statusCode, 200);
    return { ...(response.json() as { status: number; data: { fileId: string; version: string; deviceType: number } | null; msg: string }), ms: Date.now() - started };
  }
  async function uploadAndPost(deviceType: number, version: string) {
    const zip = packageZip(deviceType, version);
    const uploaded = await upload(zip, { deviceType: String(deviceType), md5: md5(zip) });
    assert.equal(uploaded.status, Status.OK, uploaded.msg);
    assert.ok(uploaded.data);
    const posted = await server.call(api.firmwarePost, { fileId: uploaded.data.fileId, remark: 'night build' }, { token: senior });
    assert.equal(posted.status, Status.OK, posted.msg);
    return posted.data;
  }
  async function register(deviceType: number) {
    const deviceId = `FW${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const result = await server.call(api.registerDevice, { deviceId, deviceType }, { token: senior });
    assert.equal(result.status, Status.OK, result.msg);
    const row = await server.vigil.database.db.selectFrom('devices').select(['device_key']).where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    return { deviceId, key: openedTestKey(row.device_key) };
  }

  test('a real zip is accepted; wrong MD5, wrong type, lower version and non-zips are refused with their messages', async () => {
    const zip = packageZip(BM, '1.2.0');
    const wrongMd5 = await upload(zip, { deviceType: String(BM), md5: md5(Buffer.from('other')) });
    assert.equal(wrongMd5.status, Status.BAD_REQUEST);
    assert.match(wrongMd5.msg, /wrong MD5/);
    const wrongType = await upload(zip, { deviceType: String(OTHER), md5: md5(zip) });
    assert.equal(wrongType.status, Status.BAD_REQUEST);
    assert.match(wrongType.msg, /device type BM8701.*not the chosen NB-R3/);
    const notZip = await upload(zip, { deviceType: String(BM), md5: md5(zip) }, 'fw.bin');
    assert.match(notZip.msg, /\.zip file/);
    const badMd5 = await upload(zip, { deviceType: String(BM), md5: 'xyz' });
    assert.match(badMd5.msg, /32 hexadecimal/);
    const noManifest = buildZip([{ name: 'firmware.bin', data: Buffer.from('x') }]);
    assert.match((await upload(noManifest, { deviceType: String(BM), md5: md5(noManifest) })).msg, /manifest\.json/);

    const first = await uploadAndPost(BM, '1.2.0');
    assert.equal(first.status, 'unpublished');
    assert.equal(first.version, '1.2.0');
    for (const version of ['1.2.0', '1.1.9', '0.9']) {
      const lower = packageZip(BM, version);
      const refused = await upload(lower, { deviceType: String(BM), md5: md5(lower) });
      assert.equal(refused.status, Status.BAD_REQUEST, version);
      assert.match(refused.msg, /not higher than the current version 1\.2\.0/);
    }
    // 1.10 is higher than 1.9: versions compare as numbers, part by part.
    await uploadAndPost(BM, '1.10');
    assert.equal((await upload(zip, { deviceType: String(BM), md5: md5(zip) }, 'fw.zip', two)).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.firmwarePost, { fileId: '' }, { token: senior })).msg.includes('upload the firmware package first'), true);
  });

  test('hostile zips are refused quickly with a clear message', async () => {
    const manifest = { name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: BM, version: '9.0' })) };
    // Declares more than the budget: refused from the central directory alone.
    const bomb = buildZip([manifest, { name: 'zeros.bin', data: Buffer.alloc(1024), declaredSize: 600 * 1024 * 1024 }]);
    // Declares 10 bytes but really inflates past the budget (about 520 KB on the wire).
    const lying = buildZip([manifest, { name: 'zeros.bin', data: Buffer.alloc(520 * 1024 * 1024), declaredSize: 10 }]);
    const traversal = buildZip([{ name: 'manifest.json', data: Buffer.from('{}') }, { name: '../../etc/cron.d/evil', data: Buffer.from('x') }]);
    const many = buildZip(Array.from({ length: 3000 }, (_value, index) => ({ name: `f${index}`, data: Buffer.from('x'), stored: true })));
    const garbage = crypto.randomBytes(10_000);
    // Issue 27: what only the local headers say, an entry the central directory does not list, a link.
    const localOnly = craftZip([manifest, { name: 'firmware.bin', data: Buffer.from('x'), local: { name: '../../../evx' } }]);
    const hidden = craftZip([manifest, { name: 'huge.bin', data: Buffer.alloc(1024 * 1024), listed: false }, { name: 'firmware.bin', data: Buffer.from('x') }]);
    const link = craftZip([manifest, { name: 'firmware.bin', data: Buffer.from('/etc/shadow'), central: { madeBy: (3 << 8) | 20, externalAttributes: (0o120777 << 16) >>> 0 } }]);
    for (const [zip, message] of [
      [bomb, /expands to more than 512 MB|damaged or not a zip/], [lying, /expands to more than 512 MB|damaged or not a zip/], [traversal, /"\.\.\/\.\.\/etc\/cron\.d\/evil" points outside/],
      [many, /more than 500 entries/], [garbage, /damaged or not a zip/], [localOnly, /damaged or not a zip/], [hidden, /damaged or not a zip/], [link, /"firmware\.bin" points outside/],
    ] as const) {
      const result = await upload(zip, { deviceType: String(BM), md5: md5(zip) });
      assert.equal(result.status, Status.BAD_REQUEST, String(message));
      assert.match(result.msg, message);
      assert.ok(result.ms < 10_000, `refused in ${result.ms} ms`);
    }
  });

  test('state machine: allowed and refused moves; full release asks for confirmation; grayscale needs gray devices of the type', async () => {
    const fw = await uploadAndPost(BM, '2.0.0');
    const noGray = await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    assert.equal(noGray.status, Status.BAD_REQUEST);
    assert.match(noGray.msg, /cannot be empty/);
    const bm = await register(BM);
    const other = await register(OTHER);
    const mismatch = await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: [bm.deviceId, other.deviceId] }, { token: senior });
    assert.equal(mismatch.status, Status.BAD_REQUEST);
    assert.match(mismatch.msg, /does not match the firmware's device type/);
    assert.match((await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: ['NOPE-1'] }, { token: senior })).msg, /not registered/);
    assert.match((await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: [] }, { token: senior })).msg, /cannot be empty/);
    assert.equal((await server.call(api.grayDeviceList, { firmwareId: fw.id }, { token: senior })).data.length, 0);
    assert.equal((await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: [bm.deviceId] }, { token: senior })).data.added, 1);
    assert.deepEqual((await server.call(api.grayDeviceList, { firmwareId: fw.id }, { token: senior })).data.map((row) => row.deviceId), [bm.deviceId]);

    const gray = await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    assert.equal(gray.status, Status.OK, gray.msg);
    assert.equal(gray.data.grayCount, 1);
    assert.equal((await server.call(api.firmwareUpdate, { id: fw.id, status: 'unpublished' }, { token: senior })).status, Status.CONFLICT);
    assert.equal((await server.call(api.firmwareDelete, { id: fw.id }, { token: senior })).status, Status.CONFLICT);
    const ask = await server.call(api.firmwareUpdate, { id: fw.id, status: 'full' }, { token: senior });
    assert.equal(ask.status, Status.CONFIRM_REQUIRED);
    assert.match(ask.msg, /Release version 2\.0\.0 to every BM8701/);
    assert.equal((await server.call(api.firmwarePageList, { status: 'grayscale' }, { token: senior })).data.rows.some((row) => row.id === fw.id), true);
    const full = await server.call(api.firmwareUpdate, { id: fw.id, status: 'full', confirm: true }, { token: senior });
    assert.equal(full.data.status, 'full');
    assert.equal((await server.call(api.firmwarePageList, { status: 'published' }, { token: senior })).data.rows.some((row) => row.id === fw.id), true);
    assert.equal((await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: [bm.deviceId] }, { token: senior })).status, Status.CONFLICT);
    assert.equal((await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior })).status, Status.CONFLICT);
    assert.equal((await server.call(api.firmwareUpdate, { id: fw.id, status: 'removed' }, { token: senior })).data.status, 'removed');
    assert.equal((await server.call(api.firmwareUpdate, { id: fw.id, status: 'full', confirm: true }, { token: senior })).status, Status.CONFLICT);
    assert.equal((await server.call(api.firmwareDelete, { id: fw.id }, { token: senior })).status, Status.OK);
  });

  test('getLastVersion answers a device with its key; the signed link downloads the package and expires nowhere else', async () => {
    const device = await register(OTHER);
    const outsider = await register(OTHER);
    const fw = await uploadAndPost(OTHER, '3.1.0');
    await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: [device.deviceId] }, { token: senior });
    const ask = (deviceId: string, key: string) =>
      server.vigil.app.inject({ method: 'GET', url: `/api/fireWare/getLastVersion?deviceId=${deviceId}`, headers: { authorization: `Bearer ${key}` } }).then((r) => r.json() as { status: number; data: { version: string; url: string; md5: string } | null });
    assert.equal((await ask(device.deviceId, device.key)).data, null, 'nothing released yet');
    await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    const answer = await ask(device.deviceId, device.key);
    assert.equal(answer.data?.version, '3.1.0');
    assert.equal((await ask(outsider.deviceId, outsider.key)).data, null, 'not on the whitelist');
    assert.equal((await ask(device.deviceId, outsider.key)).status, Status.NO_PERMISSION);
    assert.equal((await ask(device.deviceId, '')).status, Status.NO_PERMISSION);
    const url = answer.data?.url ?? '';
    const download = await server.vigil.app.inject({ method: 'GET', url });
    assert.equal(download.statusCode, 200);
    assert.equal(md5(download.rawPayload), answer.data?.md5);
    const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    assert.equal((await server.vigil.app.inject({ method: 'GET', url: tampered })).json().status, Status.NO_PERMISSION);
    assert.equal((await server.vigil.app.inject({ method: 'GET', url: '/api/hardSoft/download' })).json().status, Status.NO_PERMISSION);
    // Removing the package revokes the link already handed out (issue 27), well before it expires.
    assert.equal((await server.call(api.firmwareUpdate, { id: fw.id, status: 'removed' }, { token: senior })).status, Status.OK);
    const revoked = await server.vigil.app.inject({ method: 'GET', url });
    assert.doesNotMatch(String(revoked.headers['content-type']), /zip/);
    assert.equal(revoked.json().status, Status.NO_PERMISSION);
  });

  test('gray devices from a spreadsheet: all rows checked, nothing added when one is wrong', async () => {
    const fw = await uploadAndPost(BM, '5.0');
    const good = [await register(BM), await register(BM)];
    const other = await register(OTHER);
    async function importSheet(ids: string[]) {
      const sheet = buildWorkbook('Devices', ['Device ID'], ids.map((id) => [id]));
      const boundary = '----gray-import';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gray.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        sheet,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await server.vigil.app.inject({ method: 'POST', url: `/api/firmware/grayDevice/import?firmwareId=${fw.id}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 's-token': senior } });
      return response.json() as { status: number; msg: string; data: { added?: number; problems?: { row: number; message: string }[] } };
    }
    const refused = await importSheet([good[0]?.deviceId ?? '', other.deviceId, 'NOPE-9', good[0]?.deviceId ?? '']);
    assert.equal(refused.status, Status.BAD_REQUEST);
    const messages = (refused.data.problems ?? []).map((problem) => `${problem.row}: ${problem.message}`);
    assert.ok(messages.some((text) => /^5: .*row 2/.test(text)), messages.join('; '));
    assert.equal((await server.call(api.grayDeviceList, { firmwareId: fw.id }, { token: senior })).data.length, 0, 'nothing added');
    const typeRefused = await importSheet([good[0]?.deviceId ?? '', other.deviceId, 'NOPE-9']);
    const typeMessages = (typeRefused.data.problems ?? []).map((problem) => `${problem.row}: ${problem.message}`);
    assert.ok(typeMessages.some((text) => /^3: .*firmware's device type/.test(text)), typeMessages.join('; '));
    assert.ok(typeMessages.some((text) => /^4: .*not registered/.test(text)), typeMessages.join('; '));
    const accepted = await importSheet(good.map((entry) => entry.deviceId));
    assert.equal(accepted.status, Status.OK, accepted.msg);
    assert.equal(accepted.data.added, 2);
  });

  test('malformed upload requests answer clear messages, never 500', async () => {
    const zip = packageZip(BM, '6.0');
    const json = await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/uploadFile', payload: { deviceType: BM }, headers: { 's-token': senior } });
    assert.equal(json.json().status, Status.BAD_REQUEST);
    assert.match(json.json().msg, /choose a file/);
    assert.match((await upload(zip, { md5: md5(zip) })).msg, /Device type is required/);
    assert.match((await upload(zip, { deviceType: 'abc', md5: md5(zip) })).msg, /unknown device type/);
    assert.match((await upload(zip, { deviceType: String(BM) })).msg, /MD5 is required/);
    const boundary = '----only-fields';
    const onlyFields = await server.vigil.app.inject({
      method: 'POST', url: '/api/firmware/uploadFile', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 's-token': senior },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="deviceType"\r\n\r\n${BM}\r\n--${boundary}--\r\n`,
    });
    assert.match(onlyFields.json().msg, /upload the firmware package first/);
    const appJson = await server.vigil.app.inject({ method: 'POST', url: '/api/app/uploadFile', payload: {}, headers: { 's-token': senior } });
    assert.equal(appJson.json().status, Status.BAD_REQUEST);
    const badImport = await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/grayDevice/import?firmwareId=x', payload: {}, headers: { 's-token': senior } });
    assert.equal(badImport.json().status, Status.BAD_REQUEST);
  });
});
