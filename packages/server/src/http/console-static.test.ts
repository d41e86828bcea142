import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from '../test/harness.ts';

const PAGE = `<!doctype html><html><head><title>Vigil</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('the console script '.repeat(200))});`;
const ROBOTS = 'User-agent: *\nDisallow: /\n';

/** A built console as Vite and the precompress plugin leave it, in a temp folder. */
function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  const write = (name: string, content: string, compressed: boolean) => {
    fs.writeFileSync(path.join(dist, name), content);
    if (!compressed) return;
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(content));
  };
  write('index.html', PAGE, true);
  write('assets/index-AbC123.js', SCRIPT, true);
  write('robots.txt', ROBOTS, false);
  write('.vite/manifest.json', '{"index.html":{"file":"assets/index-AbC123.js"}}', false);
  return dist;
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('console static serving', () => {
  let server: TestServer;
  let dist: string;
  before(async () => {
    dist = fakeBuild();
    server = await startTestServer({ env: { VIGIL_WEB_DIST: dist } });
  });
  after(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => server.vigil.app.inject({ method, url, headers });

  it('sends brotli to a browser that accepts it, and the bytes decode to the script', async () => {
    const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], 'br');
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.ok(response.rawPayload.length < SCRIPT.length / 4, `brotli body is ${response.rawPayload.length} bytes`);
    assert.equal(decode('br', response.rawPayload), SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and plain bytes when nothing is', async () => {
    const gzipped = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(decode('gzip', gzipped.rawPayload), SCRIPT);
    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, SCRIPT);
    const none = await get('/assets/index-AbC123.js');
    assert.equal(none.headers['content-encoding'], undefined);
    assert.equal(none.body, SCRIPT);
  });

  it('lets browsers keep hashed assets for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable', encoding);
    }
  });

  it('makes browsers revalidate the page, at / and at client-side routes, compressed', async () => {
    for (const url of ['/', '/login', '/permission/accountmanager?x=1', '/index.html']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
      assert.match(String(response.headers['content-type']), /text\/html/, url);
      assert.equal(response.headers['content-encoding'], 'br', url);
      assert.equal(decode('br', response.rawPayload), PAGE, url);
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const url of ['/login', '/', '/assets/index-AbC123.js', '/robots.txt']) {
      const head = await get(url, {}, 'HEAD');
      const full = await get(url);
      assert.equal(head.statusCode, 200, url);
      assert.equal(head.headers['content-type'], full.headers['content-type'], url);
      assert.equal(head.headers['cache-control'], full.headers['cache-control'], url);
      assert.equal(head.body, '', url);
    }
  });

  it('serves a robots.txt that keeps crawlers out, not the page', async () => {
    const response = await get('/robots.txt');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /text\/plain/);
    assert.equal(response.body, ROBOTS);
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const response = await get('/assets/index-Gone999.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(response.body, /<html/);
  });

  it('keeps unknown API paths JSON 404s and the build manifest and outside files private', async () => {
    const api = await get('/api/no-such-operation');
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().status, 404);
    for (const url of ['/.vite/manifest.json', '/..%2f..%2fpackage.json', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const response = await get(url);
      assert.doesNotMatch(response.body, /"file"|"name"|root:/, url);
    }
  });
});
