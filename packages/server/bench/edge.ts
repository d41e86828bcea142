/**
 * Edge benchmark (bench:edge, issue 27): Vigil with its embedded broker in this process, and in
 * a separate process each of four hostile loads against the MQTT port while /api/health is
 * sampled over HTTP and a legitimate device publishes a status every 250 ms:
 *
 *   - 10,000 refused CONNECTs with 60 KB user names
 *   - 2,000 idle sockets (they send nothing)
 *   - 4 × 100 MB CONNECTs
 *   - 20,000 messages from one (valid) device
 *
 * Prints, per load, this process's memory growth (peak RSS and heap over the baseline), health
 * latency p50/p99 and failures, and how many of the legitimate device's messages arrived.
 * Targets: memory growth ≤ 50 MB, health p99 ≤ 100 ms, the process alive, the legitimate messages
 * arriving. Defaults as shipped (loopback is exempt from the per-address connection rate, so the
 * other limits are what holds here). Run with --expose-gc for a cleaner baseline.
 *
 *   npm run bench:edge
 */
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { EdgeJob, EdgeResult } from './edge-attack.ts';

const LOADS: { load: EdgeJob['load']; count: number; title: string }[] = [
  { load: 'refusedConnects', count: Number(process.env.BENCH_REFUSED ?? 10_000), title: 'refused CONNECTs, 60 KB user names' },
  { load: 'idleSockets', count: Number(process.env.BENCH_IDLE ?? 2_000), title: 'idle sockets' },
  { load: 'hugeConnects', count: 4, title: '100 MB CONNECTs' },
  { load: 'oneDeviceFlood', count: Number(process.env.BENCH_FLOOD ?? 20_000), title: 'messages from one device' },
];

const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function attack(job: EdgeJob): Promise<EdgeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./edge-attack.ts', import.meta.url), [JSON.stringify(job)], { execArgv: ['--import', 'tsx'] });
    child.once('message', (result: EdgeResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`attacker exited with ${code}`));
    });
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-edge-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0', PORT: '0', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026' });
  const vigil = await buildApp(config, { print: () => {} });
  const address = await vigil.app.listen({ port: 0, host: '127.0.0.1' });
  const httpPort = Number(new URL(address).port);
  const mqttPort = vigil.mqttPort ?? 0;
  const db = vigil.database.db;
  const device = async (deviceType: number) => {
    const deviceId = `BENCH-${crypto.randomBytes(4).toString('hex')}`;
    const key = crypto.randomBytes(16).toString('hex');
    await db.insertInto('devices').values({ device_id: deviceId, cipher_id: `C${deviceId}`, device_type: deviceType, device_key: vigil.deviceKeys.seal(key), provider_id: null, host_id: null, online: 0, settings: '{}', pairing: 'none', remark: '', location: '', created_at: Date.now(), updated_at: Date.now() }).execute();
    return { deviceId, key };
  };
  console.log(`bench:edge — Node ${process.version}, ${os.cpus().length} CPUs; embedded broker on ${mqttPort}, HTTP on ${httpPort}; limits: CONNECT ≤ 8 KiB, connect timeout ${config.mqttLimits.connectTimeoutMs / 1000} s, cap ${config.mqttLimits.maxConnections}`);
  // Warm-up: the first requests and connections load code lazily; that is not the attack's cost.
  for (let index = 0; index < 20; index++) await (await fetch(`${address}/api/health`)).arrayBuffer();
  {
    const legit = await device(20995);
    await vigil.devices.directory.refresh(legit.deviceId);
    await attack({ load: 'refusedConnects', mqttPort, httpPort, legit, flooder: legit, count: 200 });
  }
  console.log(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')} (the machine's other work shows in the latencies)`);
  console.log('load                                      | RSS peak growth | RSS after | heap peak growth | health p50 | health p99 | health fails | legit arrived');
  let worst = { memory: 0, p99: 0, failures: 0, lost: 0 };
  for (const { load, count, title } of LOADS) {
    const legit = await device(20995);
    const flooder = await device(20995);
    let arrived = 0;
    const unsubscribe = vigil.bus.subscribe('device.status', (event) => {
      if (event.deviceId === legit.deviceId) arrived++;
    });
    await vigil.devices.directory.refresh(legit.deviceId);
    await vigil.devices.directory.refresh(flooder.deviceId);
    gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 50);
    const result = await attack({ load, mqttPort, httpPort, legit, flooder, count });
    await vigil.devices.ingest.flush();
    clearInterval(sampler);
    if (typeof unsubscribe === 'function') unsubscribe();
    gc?.();
    const after = (process.memoryUsage().rss - base.rss) / MB;
    const rss = (peakRss - base.rss) / MB;
    const heap = (peakHeap - base.heapUsed) / MB;
    const p50 = percentile(result.healthMs, 50);
    const p99 = percentile(result.healthMs, 99);
    const lost = result.legitSent - arrived;
    worst = { memory: Math.max(worst.memory, rss), p99: Math.max(worst.p99, p99), failures: worst.failures + result.healthFailures, lost: worst.lost + Math.max(0, lost) };
    console.log(
      `${`${count.toLocaleString('en-US')} ${title}`.padEnd(41)} | ${`${rss.toFixed(1)} MB`.padStart(15)} | ${`${after.toFixed(1)} MB`.padStart(9)} | ${`${heap.toFixed(1)} MB`.padStart(16)} | ${`${p50.toFixed(1)} ms`.padStart(10)} | ${`${p99.toFixed(1)} ms`.padStart(10)} | ${String(result.healthFailures).padStart(12)} | ${arrived}/${result.legitSent}`,
    );
    console.log(`   ${result.detail}`);
  }
  const metrics = (await vigil.app.inject({ method: 'GET', url: '/metrics' })).body.split('\n').filter((line) => line.startsWith('vigil_mqtt_connections_refused_total{'));
  console.log(`refusals: ${metrics.map((line) => line.replace('vigil_mqtt_connections_refused_total', '')).join(', ')}`);
  console.log(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  console.log(`worst: memory growth ${worst.memory.toFixed(1)} MB (target ≤ 50), health p99 ${worst.p99.toFixed(1)} ms (target ≤ 100), health failures ${worst.failures}, legitimate messages lost ${worst.lost}; the process is alive`);
  await vigil.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
