import { openedTestKey } from '../../test/device-keys.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startSimulation, type SimulationHandle } from '@vigil/simulator';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-builder.ts';

// A gray release end to end over the real protocol: Vigil's embedded MQTT broker carries the
// `upgrade` command to simulated sleep monitors, which download the package over HTTP with the
// signed link, check its size and MD5, install it and come back reporting the new version.
const TYPE = 49; // BM8701 sleep monitor, an MQTT device
const md5 = (bytes: Buffer | Uint8Array) => crypto.createHash('md5').update(bytes).digest('hex');

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('gray release over MQTT to simulated devices', () => {
  let server: TestServer;
  let simulation: SimulationHandle;
  let senior: string;
  const ids = ['A', 'B', 'C'].map((letter) => `GR${letter}${crypto.randomBytes(4).toString('hex').toUpperCase()}`);
  const [grayA, grayB, outsider] = ids;

  before(async () => {
    server = await startTestServer({ demo: true });
    senior = (await server.login('demosenior')).token;
    await server.vigil.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.vigil.app.server.address();
    assert.ok(address && typeof address === 'object');
    const specs = [];
    for (const deviceId of ids) {
      const registered = await server.call(api.registerDevice, { deviceId, deviceType: TYPE }, { token: senior });
      assert.equal(registered.status, Status.OK, registered.msg);
      const key = openedTestKey((await server.vigil.database.db.selectFrom('devices').select('device_key').where('device_id', '=', deviceId).executeTakeFirstOrThrow()).device_key);
      specs.push({ deviceId, deviceType: TYPE, key, reportInterval: 5 });
    }
    simulation = await startSimulation({
      brokerUrl: `mqtt://127.0.0.1:${server.vigil.mqttPort}`,
      downloadBaseUrl: `http://127.0.0.1:${address.port}`,
      devices: specs,
      ambient: false,
      seed: 12,
    });
    await simulation.ready;
    const db = server.vigil.database.db;
    await until('the devices to be online', async () => {
      const rows = await db.selectFrom('devices').select(['online', 'firmware_version']).where('device_id', 'in', ids).execute();
      return rows.length === 3 && rows.every((row) => row.online === 1 && row.firmware_version === '1.4.2');
    });
  });
  after(async () => {
    await simulation?.stop();
    await server?.close();
  });

  async function release(version: string, grayIds: string[], corrupt = false) {
    const zip = buildZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: TYPE, version })) }, { name: 'fw.bin', data: crypto.randomBytes(96 * 1024) }]);
    const boundary = '----gray-mqtt';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="deviceType"\r\n\r\n${TYPE}\r\n--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\n${md5(zip)}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.zip"\r\n\r\n`), zip, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = (await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/uploadFile', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 's-token': senior } })).json() as { status: number; msg: string; data: { fileId: string } };
    assert.equal(uploaded.status, Status.OK, uploaded.msg);
    if (corrupt) {
      // The stored bytes change after the check (a disk fault): same size, other content.
      const file = path.join(server.dataDir, 'firmware', uploaded.data.fileId);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 100] ^= 0xff;
      fs.writeFileSync(file, bytes);
    }
    const fw = (await server.call(api.firmwarePost, { fileId: uploaded.data.fileId, remark: version }, { token: senior })).data;
    assert.equal((await server.call(api.grayDevicePost, { firmwareId: fw.id, deviceIds: grayIds }, { token: senior })).status, Status.OK);
    const gray = await server.call(api.firmwareUpdate, { id: fw.id, status: 'grayscale' }, { token: senior });
    assert.equal(gray.status, Status.OK, gray.msg);
    return { fw, zip };
  }
  const states = async (firmwareId: number) => (await server.call(api.firmwareUpgradeList, { firmwareId }, { token: senior })).data;
  const versionOf = async (deviceId: string) =>
    (await server.vigil.database.db.selectFrom('devices').select('firmware_version').where('device_id', '=', deviceId).executeTakeFirstOrThrow()).firmware_version;

  test('the whitelisted devices download and verify the package, install it and report the new version; the others are untouched', async () => {
    const { fw, zip } = await release('1.5.0', [grayA, grayB]);
    await until('both gray devices to report 1.5.0', async () => (await versionOf(grayA)) === '1.5.0' && (await versionOf(grayB)) === '1.5.0');
    for (const deviceId of [grayA, grayB]) {
      const firmware = simulation.firmware(deviceId);
      assert.equal(firmware.version, '1.5.0');
      assert.deepEqual(firmware.downloaded, [{ version: '1.5.0', md5: md5(zip), size: zip.length }], 'the device downloaded the very package');
    }
    const rows = await until('the upgrades to be done', async () => {
      const list = await states(fw.id);
      return list.length === 2 && list.every((row) => row.state === 'done') && list;
    });
    assert.deepEqual(rows.map((row) => row.deviceId).sort(), [grayA, grayB].sort());
    assert.equal(simulation.firmware(outsider).version, '1.4.2');
    assert.deepEqual(simulation.firmware(outsider).downloaded, []);
    assert.equal(await versionOf(outsider), '1.4.2');
    const listed = (await server.call(api.firmwarePageList, {}, { token: senior })).data.rows.find((row) => row.id === fw.id);
    assert.equal(listed?.upgradedCount, 2);
  });

  test('a device refuses a package whose bytes do not match the MD5 and stays on its version', async () => {
    const { fw } = await release('1.6.0', [outsider], true);
    let last: unknown;
    const [row] = await until('the upgrade to fail', async () => {
      const list = await states(fw.id);
      last = list;
      return list.length === 1 && list[0].state === 'failed' && list;
    }).catch((error: Error) => {
      throw new Error(`${error.message}; the upgrades were ${JSON.stringify(last)}`);
    });
    assert.match(row.message ?? '', /MD5/);
    assert.equal(simulation.firmware(outsider).version, '1.4.2');
    assert.equal(await versionOf(outsider), '1.4.2');
  });
});
