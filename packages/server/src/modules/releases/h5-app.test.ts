import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { formatMessage as translate, Status } from '@vigil/contracts';
import { AppError } from '../../http/errors.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { buildZip } from '../../test/zip-builder.ts';
import { craftZip } from '../../zip/zip-fixtures.ts';
import { unpackH5Package } from './release-zip.ts';

function multipart(file: Buffer, filename: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vigil-h5-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An H5 package as a Vite build makes it: a page and its hashed script. */
function h5Package(label: string): Buffer {
  return buildZip([
    { name: 'index.html', data: Buffer.from(`<!doctype html><title>${label}</title><script src="./assets/app-${label}.js"></script>`) },
    { name: 'assets/', data: Buffer.alloc(0) },
    { name: `assets/app-${label}.js`, data: Buffer.from(`document.title = ${JSON.stringify(label)};`) },
  ]);
}

/** H5 versions' states (spec 02 §4) and what /app/ serves: the newest published package, with rollback (issue 29). */
describe('H5 versions are published to /app/', () => {
  let server: TestServer;
  let senior: string;
  let builtDir: string;
  before(async () => {
    builtDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-app-dist-'));
    fs.mkdirSync(path.join(builtDir, 'assets'));
    fs.writeFileSync(path.join(builtDir, 'index.html'), '<!doctype html><title>built-in app</title>');
    fs.writeFileSync(path.join(builtDir, 'assets', 'main-b1.js'), 'void 0;');
    server = await startTestServer({ demo: true, env: { VIGIL_APP_DIST: builtDir } });
    senior = (await server.login('demosenior')).token;
  });
  after(async () => {
    await server.close();
    fs.rmSync(builtDir, { recursive: true, force: true });
  });

  async function upload(bytes: Buffer, filename: string): Promise<api.ReleaseFile> {
    const body = multipart(bytes, filename);
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/app/uploadFile', payload: body.payload, headers: { ...body.headers, 's-token': senior } });
    const answer = response.json() as { status: number; data: api.ReleaseFile; msg: string };
    assert.equal(answer.status, Status.OK, answer.msg);
    return answer.data;
  }
  async function add(version: string, label: string): Promise<api.H5Version> {
    const file = await upload(h5Package(label), `h5-${version}.zip`);
    const added = await server.call(api.addH5Version, { version, fileId: file.fileId }, { token: senior });
    assert.equal(added.status, Status.OK, added.msg);
    return added.data;
  }
  async function move(id: number, status: api.AppVersionState, language?: string) {
    return server.call(api.updateH5VersionStatus, { id, status }, { token: senior, language });
  }
  async function appPage(url = '/app/') {
    const response = await server.vigil.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body, cache: response.headers['cache-control'] };
  }
  async function list() {
    const answer = await server.call(api.h5VersionList, {}, { token: senior });
    assert.equal(answer.status, Status.OK, answer.msg);
    return answer.data;
  }

  test('publishing serves the package; the next publish wins; withdrawing falls back to the one before, then to the built-in app', async () => {
    assert.match((await appPage()).body, /built-in app/);
    const one = await add('1.0.0', 'one');
    assert.equal(one.status, 'saved');
    assert.equal(one.live, false);
    assert.match((await appPage()).body, /built-in app/, 'a saved version is not served');
    assert.equal((await list()).live, null);

    const published = await move(one.id, 'published');
    assert.equal(published.status, Status.OK, published.msg);
    assert.equal(published.data.status, 'published');
    assert.equal(published.data.live, true);
    const page = await appPage();
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>one<\/title>/);
    assert.equal(page.cache, 'no-cache', 'the page is revalidated on every use');
    const script = await appPage('/app/assets/app-one.js');
    assert.equal(script.status, 200);
    assert.match(script.cache ?? '', /immutable/, 'hashed assets are cached for good');
    assert.equal((await appPage('/app/assets/main-b1.js')).status, 404, "the built-in app's files are not mixed in");

    const two = await add('2.0.0', 'two');
    assert.equal((await move(two.id, 'published')).status, Status.OK);
    assert.match((await appPage()).body, /<title>two<\/title>/);
    const both = await list();
    assert.equal(both.live?.id, two.id);
    assert.equal(both.fallback?.id, one.id);
    assert.deepEqual(both.rows.map((row) => [row.version, row.status, row.live]), [['2.0.0', 'published', true], ['1.0.0', 'published', false]]);

    // Removing the live one rolls back to the one published before it; a removed one stays removed.
    const removed = await move(two.id, 'removed');
    assert.equal(removed.status, Status.OK, removed.msg);
    assert.match((await appPage()).body, /<title>one<\/title>/);
    const again = await move(two.id, 'published', 'zh-CN');
    assert.equal(again.status, Status.CONFLICT);
    assert.equal(again.msg, translate('zh-cn', 'release.badMove', { from: 'removed', to: 'published' }));
    assert.match((await appPage()).body, /<title>one<\/title>/, 'a refused move changes nothing');

    // Unpublishing the last published one: the built-in app again; published again, it is back.
    assert.equal((await move(one.id, 'saved')).status, Status.OK);
    assert.match((await appPage()).body, /built-in app/);
    assert.equal((await list()).live, null);
    assert.equal((await move(one.id, 'published')).status, Status.OK);
    assert.match((await appPage()).body, /<title>one<\/title>/);
    assert.equal((await move(one.id, 'saved')).status, Status.OK);
  });

  test('a published version keeps its file and is not deleted; a deleted one takes its unpacked copy with it', async () => {
    const three = await add('3.0.0', 'three');
    assert.equal((await move(three.id, 'published')).status, Status.OK);
    const other = await upload(h5Package('other'), 'other.zip');
    const swap = await server.call(api.updateH5Version, { id: three.id, version: '3.0.0', fileId: other.fileId }, { token: senior, language: 'de' });
    assert.equal(swap.status, Status.CONFLICT);
    assert.equal(swap.msg, translate('de', 'release.h5EditPublished'));
    const deleted = await server.call(api.deleteH5Version, { id: three.id }, { token: senior, language: 'it' });
    assert.equal(deleted.status, Status.CONFLICT);
    assert.equal(deleted.msg, translate('it', 'release.deletePublished'));
    assert.match((await appPage()).body, /<title>three<\/title>/, 'nothing changed');
    const folder = path.join(server.dataDir, 'h5-apps', three.file.fileId);
    assert.ok(fs.existsSync(path.join(folder, 'index.html')), 'published: unpacked');

    assert.equal((await move(three.id, 'removed')).status, Status.OK);
    assert.match((await appPage()).body, /built-in app/);
    assert.equal((await server.call(api.deleteH5Version, { id: three.id }, { token: senior })).status, Status.OK);
    assert.equal(fs.existsSync(folder), false, 'its unpacked copy is gone');
  });

  test('a package without index.html at its top is refused in the caller\'s language and saves nothing', async () => {
    const before = (await list()).total;
    const nested = await upload(buildZip([{ name: 'dist/index.html', data: Buffer.from('<!doctype html>') }]), 'nested.zip');
    const refused = await server.call(api.addH5Version, { version: '4.0.0', fileId: nested.fileId }, { token: senior, language: 'cs' });
    assert.equal(refused.status, Status.BAD_REQUEST);
    assert.equal(refused.msg, translate('cs', 'release.h5NoIndex'));
    assert.equal((await list()).total, before);
    // Nor may a saved version's file be swapped for it.
    const five = await add('5.0.0', 'five');
    const swap = await server.call(api.updateH5Version, { id: five.id, version: '5.0.0', fileId: nested.fileId }, { token: senior, language: 'ko' });
    assert.equal(swap.status, Status.BAD_REQUEST);
    assert.equal(swap.msg, translate('ko', 'release.h5NoIndex'));
    const kept = (await list()).rows.find((row) => row.id === five.id);
    assert.equal(kept?.file.fileId, five.file.fileId);
  });

  test('/app redirects to /app/, and paths outside the package are not served', async () => {
    const bare = await server.vigil.app.inject({ method: 'GET', url: '/app' });
    assert.equal(bare.statusCode, 301);
    assert.equal(bare.headers.location, '/app/');
    // A dot-dot the URL parser resolves leaves /app/ (the console's page, if built): never the file itself.
    for (const url of ['/app/../package.json', '/app/%2e%2e/%2e%2e/package.json']) {
      assert.doesNotMatch((await appPage(url)).body, /"workspaces"|"devDependencies"/, url);
    }
    for (const url of ['/app/assets/..%2f..%2f..%2fpackage.json', '/app/assets/%2e%2e%2f%2e%2e%2fpackage.json', '/app/.hidden', '/app/missing.js']) {
      assert.equal((await appPage(url)).status, 404, url);
    }
  });
});

describe('unpacking an H5 package', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-h5-unpack-'));
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  async function refusal(zip: Buffer, name: string): Promise<string> {
    const file = path.join(work, `${name}.zip`);
    fs.writeFileSync(file, zip);
    const target = path.join(work, name);
    const error = await unpackH5Package({ path: file, target }).then(() => null, (caught: unknown) => caught);
    assert.ok(error instanceof AppError, `${name}: refused with a message`);
    assert.deepEqual(fs.readdirSync(work).filter((entry) => entry.startsWith(name) && !entry.endsWith('.zip')), [], `${name}: nothing left behind`);
    return error.messageKey;
  }

  test('hostile packages are refused and leave nothing behind', async () => {
    const index = { name: 'index.html', data: Buffer.from('<!doctype html>') };
    assert.equal(await refusal(craftZip([index, { name: '../escape.js', data: Buffer.from('x') }]), 'parent'), 'release.packageUnsafeEntry');
    assert.equal(await refusal(craftZip([index, { name: 'a.js', data: Buffer.alloc(4096, 1), central: { size: 10 } }]), 'lying'), 'release.packageBroken');
    assert.equal(await refusal(craftZip([index, { name: 'a.js', data: Buffer.alloc(2000, 1), local: { size: 10, crc: 1 }, central: { size: 10, crc: 1 } }]), 'inflates'), 'release.packageBroken');
    assert.equal(await refusal(craftZip([{ name: 'app.js', data: Buffer.from('x') }]), 'noindex'), 'release.h5NoIndex');
  });

  test('a sound package is unpacked whole', async () => {
    const file = path.join(work, 'good.zip');
    fs.writeFileSync(file, h5Package('good'));
    const target = path.join(work, 'good');
    await unpackH5Package({ path: file, target });
    assert.match(fs.readFileSync(path.join(target, 'index.html'), 'utf8'), /<title>good<\/title>/);
    assert.equal(fs.readFileSync(path.join(target, 'assets', 'app-good.js'), 'utf8'), 'document.title = "good";');
  });
});
