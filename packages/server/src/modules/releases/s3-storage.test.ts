import { openedTestKey } from '../../test/device-keys.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { loadConfig } from '../../config.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-builder.ts';
import { parseS3Url } from './s3-url.ts';

// A real S3 server running in this process (s3rver's maintained fork, which checks the
// SigV4 signatures the AWS SDK sends), so no mock stands in for the store.
const BUCKET = 'vigil-packages';
const OTHER = 21012;
const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');

function multipart(fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = '----vigil-s3-boundary';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('S3_URL: firmware and app packages in an S3-compatible store', () => {
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-s3rver-'));
  const prefix = `test-${crypto.randomBytes(4).toString('hex')}`;
  let s3rver: S3rver;
  let s3: S3Client;
  let server: TestServer;
  let senior: string;

  before(async () => {
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3rver.run();
    const s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}/${prefix}`;
    s3 = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, responseChecksumValidation: 'WHEN_REQUIRED', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    server = await startTestServer({ demo: true, env: { S3_URL: s3Url } });
    senior = (await server.login('demosenior')).token;
  });
  after(async () => {
    await server?.close();
    s3?.destroy();
    await s3rver?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  // The objects of an area, read from the S3 server's own files (its listing call miscomputes
  // SigV4 for query strings; Vigil never lists). Reads go through the S3 API (objectBytes).
  const keys = async (area: string) => {
    const folder = path.join(s3Dir, BUCKET, prefix, area);
    if (!fs.existsSync(folder)) return [];
    return fs.readdirSync(folder).filter((name) => name.endsWith('._S3rver_object')).map((name) => name.replace('._S3rver_object', ''));
  };
  const objectBytes = async (key: string) => Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray());
  /** As another Vigil process would be: no local copy, only the store. */
  const dropLocalCopy = (area: string, id: string) => fs.rmSync(path.join(server.dataDir, area, id));

  async function uploadFirmware(zip: Buffer, md5Text: string) {
    const body = multipart({ deviceType: String(OTHER), md5: md5Text }, zip, 'fw.zip');
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/firmware/uploadFile', payload: body.payload, headers: { ...body.headers, 's-token': senior } });
    return response.json() as { status: number; data: { fileId: string } | null; msg: string };
  }

  test('a firmware package goes to the store, a refused one leaves nothing, and a device downloads it from the store', async () => {
    const zip = buildZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: OTHER, version: '7.0.1' })) }, { name: 'firmware.bin', data: crypto.randomBytes(64 * 1024) }]);
    const refused = await uploadFirmware(zip, md5(Buffer.from('not it')));
    assert.equal(refused.status, Status.BAD_REQUEST);
    assert.deepEqual(await keys('firmware'), [], 'a package with a wrong MD5 is not kept in the store');

    const uploaded = await uploadFirmware(zip, md5(zip));
    assert.equal(uploaded.status, Status.OK, uploaded.msg);
    const fileId = uploaded.data?.fileId ?? '';
    assert.deepEqual(await keys('firmware'), [fileId]);
    assert.equal(md5(await objectBytes(`${prefix}/firmware/${fileId}`)), md5(zip), 'the store holds the very bytes');

    const posted = await server.call(api.firmwarePost, { fileId, remark: 'S3' }, { token: senior });
    assert.equal(posted.status, Status.OK, posted.msg);
    assert.equal((await server.call(api.firmwareUpdate, { id: posted.data.id, status: 'full', confirm: true }, { token: senior })).status, Status.OK);
    const deviceId = `S3${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    assert.equal((await server.call(api.registerDevice, { deviceId, deviceType: OTHER }, { token: senior })).status, Status.OK);
    const key = openedTestKey((await server.vigil.database.db.selectFrom('devices').select('device_key').where('device_id', '=', deviceId).executeTakeFirstOrThrow()).device_key);
    const answer = (await server.vigil.app.inject({ method: 'GET', url: `/api/fireWare/getLastVersion?deviceId=${deviceId}`, headers: { authorization: `Bearer ${key}` } })).json();
    assert.equal(answer.data?.version, '7.0.1');

    dropLocalCopy('firmware', fileId);
    const download = await server.vigil.app.inject({ method: 'GET', url: answer.data.url });
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-length'], String(zip.length));
    assert.equal(md5(download.rawPayload), md5(zip), 'served from the store when this process has no copy');
  });

  test('an app package is stored, served from the store and a missing id is a 404 answer', async () => {
    const apk = buildZip([{ name: 'AndroidManifest.xml', data: Buffer.from('<manifest/>') }, { name: 'classes.dex', data: crypto.randomBytes(200 * 1024), stored: true }]);
    const body = multipart({}, apk, 'caregiver.apk');
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/app/uploadFile', payload: body.payload, headers: { ...body.headers, 's-token': senior } });
    const uploaded = response.json() as { status: number; data: { fileId?: string; id?: string; url?: string } | null; msg: string };
    assert.equal(uploaded.status, Status.OK, uploaded.msg);
    const [id] = await keys('releases');
    assert.ok(id);
    dropLocalCopy('releases', id);
    const download = await server.vigil.app.inject({ method: 'GET', url: `/api/app/download/${id}` });
    assert.equal(download.statusCode, 200);
    assert.equal(md5(download.rawPayload), md5(apk));
    const missing = await server.vigil.app.inject({ method: 'GET', url: `/api/app/download/${'0'.repeat(32)}` });
    assert.equal(missing.json().status, Status.NOT_FOUND);
  });

  test('S3_URL is checked at start with a message naming what is wrong', () => {
    assert.deepEqual(parseS3Url('https://AK:SK@s3.eu-central-1.amazonaws.com/vigil-pkgs/prod?region=eu-central-1'), {
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'vigil-pkgs',
      prefix: 'prod',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
    assert.equal(parseS3Url('http://minio.local:9000/vigil').credentials, null);
    assert.throws(() => loadConfig({ S3_URL: 'ftp://x/bucket' }), /http:\/\/ or https:\/\//);
    assert.throws(() => loadConfig({ S3_URL: 'https://s3.example.com/' }), /name a bucket/);
    assert.throws(() => loadConfig({ S3_URL: 'https://AK@s3.example.com/bucket' }), /both the access key and the secret key/);
    assert.equal(loadConfig({}).s3, null, 'local disk by default');
  });
});
