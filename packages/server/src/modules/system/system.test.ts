import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { makePng } from '../../test/png.ts';

function multipart(file: Buffer, filename: string, contentType: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vigil-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('platform settings', () => {
  let server: TestServer;
  let senior: string;
  let twoA: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    senior = (await server.login('demosenior')).token;
    twoA = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  async function upload(token: string, file: Buffer, filename = 'logo.png', type = 'image/png') {
    const body = multipart(file, filename, type);
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/system/upload', payload: body.payload, headers: { ...body.headers, 's-token': token } });
    return { http: response.statusCode, body: response.json() as { status: number; data: { url: string } | null; msg: string } };
  }

  test('only SENIOR_ROLE renames the platform; the name is 1–20 characters', async () => {
    assert.equal((await server.call(api.platformNamePost, { platformName: 'Evening Watch' }, { token: twoA })).status, Status.NO_PERMISSION);
    for (const platformName of ['', '   ', 'x'.repeat(21)]) {
      const result = await server.call(api.platformNamePost, { platformName }, { token: senior });
      assert.equal(result.status, Status.BAD_REQUEST);
      assert.match(result.msg, /1~20/);
    }
    assert.equal((await server.call(api.platformNameGet, {})).data.platformName, 'Vigil', 'nothing changed');
    assert.equal((await server.call(api.platformNamePost, { platformName: '夜间守护 Night Watch' }, { token: senior })).status, Status.OK);
    assert.equal((await server.call(api.platformNameGet, {})).data.platformName, '夜间守护 Night Watch');
  });

  test('a 200x200 PNG under 100 KB uploads and can be saved as the logo', async () => {
    const uploaded = await upload(twoA, makePng(200, 200));
    assert.equal(uploaded.body.status, Status.OK);
    const url = uploaded.body.data?.url ?? '';
    assert.match(url, /^\/api\/files\/logo-[0-9a-f]+\.png$/);
    const file = await server.vigil.app.inject({ method: 'GET', url });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');
    assert.equal((await server.call(api.platformSettingSave, { name: 'Riverside Watch', logoUrl: url }, { token: twoA })).status, Status.OK);
    assert.deepEqual((await server.call(api.platformSettingGet, {}, { token: twoA })).data, { name: 'Riverside Watch', logoUrl: url });
  });

  test('a provider\'s name and logo stay with that provider', async () => {
    const twoB = (await server.login('demotwob')).token;
    const seen = (await server.call(api.platformSettingGet, {}, { token: twoB })).data;
    assert.notEqual(seen.name, 'Riverside Watch');
    const signedOut = (await server.call(api.platformSettingGet, {})).data;
    assert.notEqual(signedOut.name, 'Riverside Watch', 'the login page shows the platform\'s own name');
    assert.equal(signedOut.logoUrl, '');
    const invalidToken = (await server.call(api.platformSettingGet, {}, { token: 'not-a-token' }));
    assert.equal(invalidToken.status, Status.OK, 'a stale token does not break the login page');
  });

  test('the logo is checked from its bytes: wrong size, wrong format, too large', async () => {
    const wrongSize = await upload(twoA, makePng(201, 200));
    assert.equal(wrongSize.body.status, Status.BAD_REQUEST);
    assert.match(wrongSize.body.msg, /200x200.*201x200/);
    const notPng = await upload(twoA, Buffer.from('GIF89a not really a png at all'), 'logo.png', 'image/png');
    assert.equal(notPng.body.status, Status.BAD_REQUEST);
    assert.match(notPng.body.msg, /PNG/);
    const big = makePng(200, 200, 'noise');
    assert.ok(big.length > 100 * 1024, 'noise does not compress');
    const tooLarge = await upload(twoA, big);
    assert.equal(tooLarge.body.status, Status.TOO_LARGE);
    assert.match(tooLarge.body.msg, /100 KB/);
    const missing = await server.vigil.app.inject({ method: 'POST', url: '/api/system/upload', payload: {}, headers: { 's-token': twoA } });
    assert.equal(missing.json().status, Status.BAD_REQUEST);
  });

  test('a logo URL that was never uploaded is refused; an empty one restores the default', async () => {
    const bogus = await server.call(api.platformSettingSave, { name: 'Riverside Watch', logoUrl: '/api/files/logo-00000000000000000000000000000000.png' }, { token: twoA });
    assert.equal(bogus.status, Status.BAD_REQUEST);
    const outside = await server.call(api.platformSettingSave, { name: 'Riverside Watch', logoUrl: '../../etc/passwd' }, { token: twoA });
    assert.equal(outside.status, Status.BAD_REQUEST);
    assert.match(outside.msg, /Logo/);
    assert.equal((await server.call(api.platformSettingSave, { name: 'Riverside Watch', logoUrl: '' }, { token: twoA })).status, Status.OK);
    assert.equal((await server.call(api.platformSettingGet, {}, { token: twoA })).data.logoUrl, '');
  });

  test('uploaded files are served only by their generated names', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/api/files/..%2Fkeys%2Frsa-private.pem' });
    assert.equal(response.json().status, Status.NOT_FOUND);
    assert.doesNotMatch(response.body, /PRIVATE KEY/);
  });

  test('version, time zones and the edition setting', async () => {
    const version = await server.call(api.serverVersion, {});
    assert.match(version.data.version, /^\d+\.\d+\.\d+/);
    const zones = await server.call(api.timeZones, {});
    const shanghai = zones.data.find((zone) => zone.id === 'Asia/Shanghai');
    assert.equal(shanghai?.offset, '+08:00');
    assert.equal((await server.call(api.querySystemConfig, {})).data.edition, 'overseas');
    assert.equal((await server.call(api.saveSystemConfig, { edition: 'domestic', timeZone: 'Asia/Shanghai' }, { token: twoA })).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.saveSystemConfig, { timeZone: 'Mars/Olympus' }, { token: senior })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.saveSystemConfig, { edition: 'domestic', timeZone: 'Asia/Shanghai' }, { token: senior })).status, Status.OK);
    assert.deepEqual((await server.call(api.querySystemConfig, {})).data, { edition: 'domestic', timeZone: 'Asia/Shanghai' });
  });

  test('health answers and security headers are set', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(response.json().data.ok, true);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.ok(response.headers['content-security-policy']);
  });

  test('/system/updateHtml replaces the Android install page (/androidAPK.html), served sandboxed; bad pages change nothing', async () => {
    const put = async (token: string, bytes: Buffer, name = 'androidAPK.html', type = 'text/html') => {
      const body = multipart(bytes, name, type);
      const response = await server.vigil.app.inject({ method: 'POST', url: '/api/system/updateHtml', payload: body.payload, headers: { ...body.headers, 's-token': token } });
      return response.json() as { status: number; data: { url: string; bytes: number } | null; msg: string };
    };
    // Before any upload the console's own page answers (e2e app.spec checks it); this server has no console built.
    const before = await server.vigil.app.inject({ method: 'GET', url: '/androidAPK.html' });
    assert.doesNotMatch(before.body, /Riverside app/);

    assert.equal((await put(twoA, Buffer.from('<h1>x</h1>'))).status, Status.NO_PERMISSION);
    const binary = await put(senior, makePng(10, 10), 'a.html');
    assert.equal(binary.status, Status.BAD_REQUEST);
    assert.match(binary.msg, /HTML file/);
    const big = await put(senior, Buffer.from(`<p>${'x'.repeat(api.INSTALL_PAGE_BYTES_MAX)}</p>`));
    assert.equal(big.status, Status.TOO_LARGE);
    assert.equal((await server.vigil.app.inject({ method: 'GET', url: '/androidAPK.html' })).body, before.body, 'refused uploads change nothing');

    const page = '<!doctype html><html><body><h1>Riverside app</h1><a href="https://example.org/vigil.apk">Download</a><script>alert(1)</script></body></html>';
    const saved = await put(senior, Buffer.from(page));
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.deepEqual(saved.data, { url: '/androidAPK.html', bytes: Buffer.byteLength(page) });
    const after = await server.vigil.app.inject({ method: 'GET', url: '/androidAPK.html' });
    assert.equal(after.body, page);
    assert.match(String(after.headers['content-type']), /text\/html/);
    assert.match(String(after.headers['content-security-policy']), /^sandbox\b/, 'an uploaded page runs no script on the console\'s origin');
    assert.doesNotMatch(String(after.headers['content-security-policy']), /allow-scripts|allow-same-origin/);
  });
});
