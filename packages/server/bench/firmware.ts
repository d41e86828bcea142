/**
 * Firmware upload benchmark: uploads 5, 20 and 50 MB packages over real HTTP (the request
 * body streamed from disk, never held by the client) and prints the time to store and check
 * each (MD5, zip inspection in the worker pool, manifest) and the process's peak memory above
 * its idle level while it ran. Client and server share the process, so the peak is an upper
 * bound for the server. Prints figures; asserts nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { buildZip } from '../src/test/zip-builder.ts';

const SIZES_MB = [5, 20, 50];
const TYPE = 49;
const MB = 1024 * 1024;

async function makePackage(dir: string, sizeMb: number, version: string): Promise<{ file: string; md5: string }> {
  const zip = buildZip([
    { name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: TYPE, version })) },
    { name: 'firmware.bin', data: crypto.randomBytes(sizeMb * MB), stored: true },
  ]);
  const file = path.join(dir, `fw-${sizeMb}.zip`);
  fs.writeFileSync(file, zip);
  return { file, md5: crypto.createHash('md5').update(zip).digest('hex') };
}

async function* body(boundary: string, md5: string, file: string) {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="deviceType"\r\n\r\n${TYPE}\r\n--${boundary}\r\nContent-Disposition: form-data; name="md5"\r\n\r\n${md5}\r\n`);
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw.zip"\r\nContent-Type: application/zip\r\n\r\n`);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) yield chunk;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-fw-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026' });
  const vigil = await buildApp(config, { print: () => {} });
  try {
    await seedDemo(vigil.database.db, Date.now, { deviceKeys: vigil.deviceKeys });
    const address = await vigil.app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'demosenior', passWord: DEMO_PASSWORD, from: 'PC', rsa: false }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const packages = [];
    for (const [index, size] of SIZES_MB.entries()) packages.push({ size, ...(await makePackage(dataDir, size, `1.${index + 1}`)) });
    for (const entry of packages) {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const idle = process.memoryUsage();
      let peakRss = idle.rss;
      let peakHeap = idle.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 10);
      const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
      const started = performance.now();
      const result = await new Promise<{ status: number; msg: string }>((resolve, reject) => {
        const request = http.request(`${address}/api/firmware/uploadFile`, { method: 'POST', headers: { 's-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(JSON.parse(text)));
        });
        request.on('error', reject);
        pipeline(Readable.from(body(boundary, entry.md5, entry.file)), request).catch(reject);
      });
      const ms = performance.now() - started;
      clearInterval(sampler);
      console.log(
        `${String(entry.size).padStart(3)} MB: status ${result.status} in ${ms.toFixed(0)} ms` +
          ` (${((entry.size / ms) * 1000).toFixed(0)} MB/s); peak RSS +${((peakRss - idle.rss) / MB).toFixed(1)} MB, peak JS heap +${((peakHeap - idle.heapUsed) / MB).toFixed(1)} MB`,
      );
    }
  } finally {
    await vigil.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
