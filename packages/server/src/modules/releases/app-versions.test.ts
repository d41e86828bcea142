import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-builder.ts';
import { craftZip } from '../../zip/zip-fixtures.ts';

/** An APK Signature Scheme v2 block (what apksigner puts before the central directory): size, ID-value pairs, size, magic. */
function apkSigningBlock(pairs: { id: number; value: Buffer }[], options: { trailingSize?: bigint } = {}): Buffer {
  const body = Buffer.concat(pairs.map(({ id, value }) => {
    const head = Buffer.alloc(12);
    head.writeBigUInt64LE(BigInt(value.length + 4), 0);
    head.writeUInt32LE(id, 8);
    return Buffer.concat([head, value]);
  }));
  const size = BigInt(body.length + 8 + 16);
  const leading = Buffer.alloc(8);
  leading.writeBigUInt64LE(size);
  const trailing = Buffer.alloc(8);
  trailing.writeBigUInt64LE(options.trailingSize ?? size);
  return Buffer.concat([leading, body, trailing, Buffer.from('APK Sig Block 42', 'latin1')]);
}

/** An Android package as apksigner leaves it: entries, then its signing block, then the central directory. */
function signedApk(extra: Buffer = crypto.randomBytes(200_000)): Buffer {
  const entries = [{ name: 'AndroidManifest.xml', data: Buffer.from('<manifest package="care.vigil.caregiver"/>') }, { name: 'classes.dex', data: extra, method: 0 as const }];
  return craftZip(entries, { gapAfter: { index: entries.length - 1, bytes: apkSigningBlock([{ id: 0x7109871a, value: crypto.randomBytes(1200) }, { id: 0x42726577, value: Buffer.alloc(300) }]) } });
}

function multipart(file: Buffer, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vigil-release-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('app and H5 versions', () => {
  let server: TestServer;
  let senior: string;
  let superToken: string;
  let business: string;
  let two: string;
  let installer: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    senior = (await server.login('demosenior')).token;
    superToken = (await server.login('demosuper')).token;
    business = (await server.login('demobusiness')).token;
    two = (await server.login('demotwoa')).token;
    const app = await server.call(api.login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'APP', rsa: false });
    assert.equal(app.status, Status.OK, app.msg);
    installer = app.data.token;
  });
  after(() => server.close());

  async function upload(token: string, bytes: Buffer, filename: string, language?: string) {
    const body = multipart(bytes, filename);
    const started = Date.now();
    const headers = { ...body.headers, 's-token': token, ...(language ? { 'accept-language': language } : {}) };
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/app/uploadFile', payload: body.payload, headers });
    assert.equal(response.statusCode, 200);
    return { ...(response.json() as { status: number; data: api.ReleaseFile | null; msg: string }), ms: Date.now() - started };
  }

  const valid = { platform: 'android', versionName: '1.2.0', buildNumber: '120', updateLog: 'Fixes', storeUrl: 'https://example.org/app', forceUpgrade: false };

  test('the §5 rules answer their messages and save nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, versionName: '1.2a' }, /digits and dots/],
      [{ ...valid, versionName: '1.'.repeat(11) }, /at most 20/],
      [{ ...valid, buildNumber: '12x' }, /at most 20 digits/],
      [{ ...valid, buildNumber: '1'.repeat(21) }, /at most 20 digits/],
      [{ ...valid, updateLog: '' }, /Update log is required/],
      [{ ...valid, updateLog: 'x'.repeat(501) }, /Update log must be at most 500/],
      [{ ...valid, storeUrl: '' }, /store URL or upload the package/],
      [{ ...valid, storeUrl: 'ftp://x' }, /http or https/],
      [{ ...valid, storeUrl: '', fileId: 'f'.repeat(32) }, /upload it again/],
      [{ ...valid, platform: 'windows' }, /Platform/],
    ];
    for (const [input, message] of cases) {
      const result = await server.call(api.addAppVersion, input, { token: senior });
      assert.equal(result.status, Status.BAD_REQUEST, JSON.stringify(input));
      assert.match(result.msg, message);
    }
    const list = await server.call(api.appVersionList, {}, { token: senior });
    assert.equal(list.data.total, 0);
  });

  test('only SUPER and SENIOR manage versions', async () => {
    for (const token of [business, two, installer]) {
      assert.equal((await server.call(api.appVersionList, {}, { token })).status, Status.NO_PERMISSION);
      assert.equal((await server.call(api.addAppVersion, valid, { token })).status, Status.NO_PERMISSION);
      assert.equal((await upload(token, Buffer.from('x'), 'a.apk')).status, Status.NO_PERMISSION);
    }
    assert.equal((await server.call(api.appVersionList, {}, { token: superToken })).status, Status.OK);
  });

  test('an uploaded package is stored with its MD5 and downloadable; wrong kinds are refused', async () => {
    const bytes = signedApk();
    const result = await upload(senior, bytes, 'vigil-1.3.apk');
    assert.equal(result.status, Status.OK, result.msg);
    assert.ok(result.data);
    assert.equal(result.data.md5, crypto.createHash('md5').update(bytes).digest('hex'));
    assert.equal(result.data.size, bytes.length);
    const download = await server.vigil.app.inject({ method: 'GET', url: result.data.url });
    assert.equal(download.statusCode, 200);
    assert.deepEqual(download.rawPayload, bytes);
    const wrong = await upload(senior, Buffer.from('MZ'), 'setup.exe');
    assert.equal(wrong.status, Status.BAD_REQUEST);
    assert.match(wrong.msg, /Wrong file format/);
    assert.equal((await server.vigil.app.inject({ method: 'GET', url: '/api/app/download/..%2F..%2Fetc%2Fpasswd' })).json().status, Status.NOT_FOUND);
    // Issue 27: names that hide what they are, and empty packages.
    for (const [name, content] of [['vigil\u202Ekpa.apk', bytes], ['tab\there.apk', bytes], ['.hidden.apk', bytes], ['vigil-1.4.apk', Buffer.alloc(0)]] as const) {
      const refused = await upload(senior, content, name);
      assert.equal(refused.status, Status.BAD_REQUEST, JSON.stringify(name));
      assert.match(refused.msg, /Wrong file format/);
    }
  });

  test('hostile packages are refused in seconds with a message in the caller\'s language, and nothing is stored', async () => {
    const releasesDir = path.join(server.dataDir, 'releases');
    const storedFiles = () => (fs.existsSync(releasesDir) ? fs.readdirSync(releasesDir).length : 0);
    const storedRows = async () => (await server.vigil.database.db.selectFrom('release_files').select('id').execute()).length;
    const filesBefore = storedFiles();
    const rowsBefore = await storedRows();
    const manifest = { name: 'AndroidManifest.xml', data: Buffer.from('<manifest/>') };
    const t = (key: api.MessageKey, params: Record<string, string | number> = {}) => api.formatMessage('de', key, params);
    const cases: [string, Buffer, string, string][] = [
      ['garbage', crypto.randomBytes(10_000), 'vigil.apk', t('release.packageBroken')],
      ['empty zip', buildZip([]), 'h5.zip', t('release.packageBroken')],
      // Declares more than the budget: refused from the central directory alone.
      ['declared bomb', buildZip([manifest, { name: 'lib/x.so', data: Buffer.alloc(1024), declaredSize: 2000 * 1024 * 1024 }]), 'vigil.apk', t('release.packageBomb', { max: 1024 })],
      // Declares 10 bytes, inflates to 64 MB: stopped at the 11th byte.
      ['lying sizes', buildZip([manifest, { name: 'classes.dex', data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 10 }]), 'vigil.apk', t('release.packageBroken')],
      ['parent path', buildZip([manifest, { name: '../../x.apk', data: Buffer.from('x') }]), 'vigil.apk', t('release.packageUnsafeEntry', { name: '../../x.apk' })],
      ['bidi name', craftZip([manifest, { name: 'res/gpj.\u202Eexe', data: Buffer.from('x') }]), 'vigil.ipa', t('release.packageUnsafeEntry', { name: 'res/gpj.?exe' })],
      ['local header name', craftZip([manifest, { name: 'classes.dex', data: Buffer.from('x'), local: { name: '../../../evx' } }]), 'vigil.apk', t('release.packageBroken')],
      ['unlisted entry', craftZip([manifest, { name: 'huge.bin', data: Buffer.alloc(1024 * 1024), listed: false }, { name: 'classes.dex', data: Buffer.from('x') }]), 'vigil.apk', t('release.packageBroken')],
      ['symlink', craftZip([manifest, { name: 'lib/libc.so', data: Buffer.from('/etc/shadow'), central: { madeBy: (3 << 8) | 20, externalAttributes: (0o120777 << 16) >>> 0 } }]), 'vigil.apk', t('release.packageUnsafeEntry', { name: 'lib/libc.so' })],
      // A signing block belongs to an .apk only, and must be one.
      ['signing block in a .zip', signedApk(Buffer.from('x')), 'h5.zip', t('release.packageBroken')],
      ['fake signing block', craftZip([manifest], { gapAfter: { index: 0, bytes: apkSigningBlock([{ id: 0x7109871a, value: crypto.randomBytes(64) }], { trailingSize: 5n }) } }), 'vigil.apk', t('release.packageBroken')],
      ['too many entries', buildZip(Array.from({ length: api.RELEASE_ENTRIES_MAX + 1 }, (_value, index) => ({ name: `f${index}`, data: Buffer.alloc(0), stored: true }))), 'h5.wgt', t('release.packageEntries', { max: api.RELEASE_ENTRIES_MAX })],
    ];
    for (const [what, bytes, name, message] of cases) {
      const refused = await upload(senior, bytes, name, 'de');
      assert.equal(refused.status, Status.BAD_REQUEST, what);
      assert.equal(refused.msg, message, what);
      assert.ok(refused.ms < 10_000, `${what}: refused in ${refused.ms} ms`);
    }
    assert.equal(storedFiles(), filesBefore, 'no refused package stays in the store');
    assert.equal(await storedRows(), rowsBefore, 'no refused package is recorded');
    // What real tools make passes: an APK with its signing block, an IPA, an H5 zip.
    const accepted = [[signedApk(), 'vigil-2.0.apk'], [buildZip([{ name: 'Payload/Vigil.app/Info.plist', data: Buffer.from('<plist/>') }]), 'vigil-2.0.ipa']] as const;
    for (const [bytes, name] of accepted) assert.equal((await upload(senior, bytes, name)).status, Status.OK, name);
  });

  test('saved → published → removed; other moves refused; delete rules; update check', async () => {
    const file = await upload(senior, signedApk(crypto.randomBytes(1000)), 'vigil-1.3.apk');
    assert.ok(file.data);
    const a = await server.call(api.addAppVersion, { ...valid, buildNumber: '0120' }, { token: senior });
    assert.equal(a.status, Status.OK, a.msg);
    assert.equal(a.data.status, 'saved');
    assert.equal(a.data.buildNumber, '120');
    const duplicate = await server.call(api.addAppVersion, { ...valid, buildNumber: '120' }, { token: senior });
    assert.equal(duplicate.status, Status.BAD_REQUEST);
    assert.match(duplicate.msg, /already exists/);
    const b = await server.call(api.addAppVersion, { ...valid, versionName: '1.3.0', buildNumber: '130', storeUrl: '', fileId: file.data.fileId, forceUpgrade: true }, { token: senior });
    assert.equal(b.status, Status.OK, b.msg);
    const c = await server.call(api.addAppVersion, { ...valid, versionName: '1.4.0', buildNumber: '1000' }, { token: senior });
    assert.equal(c.status, Status.OK, c.msg);

    // saved cannot be removed directly, published cannot go back.
    assert.equal((await server.call(api.updateAppVersionStatus, { id: a.data.id, status: 'removed' }, { token: senior })).status, Status.CONFLICT);
    for (const id of [a.data.id, b.data.id, c.data.id]) assert.equal((await server.call(api.updateAppVersionStatus, { id, status: 'published' }, { token: senior })).status, Status.OK);
    const back = await server.call(api.updateAppVersionStatus, { id: a.data.id, status: 'saved' }, { token: senior });
    assert.equal(back.status, Status.CONFLICT);
    assert.match(back.msg, /published cannot become saved/);
    const deletePublished = await server.call(api.deleteAppVersion, { id: a.data.id }, { token: senior });
    assert.equal(deletePublished.status, Status.CONFLICT);
    assert.match(deletePublished.msg, /remove it first/);

    // The check: newest published above 125 is build 1000 (number order, not text order), forced because 130 is.
    const check = await server.call(api.appUpdateCheck, { platform: 'android', buildNumber: '125' }, { token: installer });
    assert.equal(check.status, Status.OK, check.msg);
    assert.equal(check.data.latest?.buildNumber, '1000');
    assert.equal(check.data.force, true);
    assert.equal(check.data.promptHideMs, 7 * 24 * 3600 * 1000);
    assert.equal(check.data.pollIntervalMs, 600_000);
    const current = await server.call(api.appUpdateCheck, { platform: 'android', buildNumber: '1000' }, { token: installer });
    assert.equal(current.data.hasUpdate, false);
    assert.equal(current.data.latest, null);
    const ios = await server.call(api.appUpdateCheck, { platform: 'ios', buildNumber: '1' }, { token: installer });
    assert.equal(ios.data.hasUpdate, false);
    assert.equal((await server.call(api.appUpdateCheck, { platform: 'android', buildNumber: '1' }, { token: senior })).status, Status.NO_PERMISSION);

    // Removing 1000 makes 130 the newest; once 130 is removed too the update is no longer forced.
    assert.equal((await server.call(api.updateAppVersionStatus, { id: c.data.id, status: 'removed' }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.appUpdateCheck, { platform: 'android', buildNumber: '1' }, { token: installer })).data.latest?.buildNumber, '130');
    assert.equal((await server.call(api.updateAppVersionStatus, { id: b.data.id, status: 'removed' }, { token: senior })).status, Status.OK);
    const unforced = await server.call(api.appUpdateCheck, { platform: 'android', buildNumber: '1' }, { token: installer });
    assert.equal(unforced.data.latest?.buildNumber, '120');
    assert.equal(unforced.data.force, false);
    assert.equal((await server.call(api.deleteAppVersion, { id: c.data.id }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.deleteAppVersion, { id: c.data.id }, { token: senior })).status, Status.NOT_FOUND);
  });

  test('H5 versions need their file; pairing and unpairing; a paired H5 version is not deleted', async () => {
    const missing = await server.call(api.addH5Version, { version: '2.0.1' }, { token: senior });
    assert.equal(missing.status, Status.BAD_REQUEST);
    assert.match(missing.msg, /upload the H5 package file/);
    const file = await upload(superToken, buildZip([{ name: 'index.html', data: Buffer.from('<!doctype html><title>H5</title>') }, { name: 'app.js', data: crypto.randomBytes(500) }]), 'h5-2.0.1.zip');
    assert.ok(file.data);
    const h5 = await server.call(api.addH5Version, { version: '2.0.1', fileId: file.data.fileId }, { token: superToken });
    assert.equal(h5.status, Status.OK, h5.msg);
    const app = await server.call(api.addAppVersion, { ...valid, platform: 'ios', buildNumber: '7' }, { token: senior });
    assert.equal((await server.call(api.addAppH5Version, { appVersionId: app.data.id, h5VersionId: h5.data.id }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.addAppH5Version, { appVersionId: app.data.id, h5VersionId: h5.data.id }, { token: senior })).status, Status.OK);
    const paired = await server.call(api.h5VersionReleaseList, { appVersionId: app.data.id }, { token: senior });
    assert.deepEqual(paired.data.map((row) => row.version), ['2.0.1']);
    const blocked = await server.call(api.deleteH5Version, { id: h5.data.id }, { token: senior });
    assert.equal(blocked.status, Status.CONFLICT);
    assert.match(blocked.msg, /unpair it first/);
    await server.call(api.updateAppVersionStatus, { id: app.data.id, status: 'published' }, { token: senior });
    const check = await server.call(api.appUpdateCheck, { platform: 'ios', buildNumber: '6' }, { token: installer });
    assert.deepEqual(check.data.h5Versions.map((row) => row.version), ['2.0.1']);
    const renamed = await server.call(api.updateH5Version, { id: h5.data.id, version: '2.0.2', fileId: file.data.fileId }, { token: senior });
    assert.equal(renamed.data.version, '2.0.2');
    assert.equal((await server.call(api.deleteAppH5Version, { appVersionId: app.data.id, h5VersionId: h5.data.id }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.deleteH5Version, { id: h5.data.id }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.h5VersionList, {}, { token: senior })).data.total, 0);
  });
});
