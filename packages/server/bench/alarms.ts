/**
 * Alarm delivery benchmark (issue 10): device event → /alertNotify on every socket.
 * One Vigil process (src/test/vigil-process.ts) with 200 logged-in sockets held by this
 * process and a telemetry background of 5,000 messages per second; then a storm of
 * 1,000 alarms. Device events enter on that process's event bus, after ingest (so the
 * figures are the alarm path alone; bench:ingest measures the broker and ingest). SQLite unless DATABASE_URL is set (a scratch database beside it).
 * Prints figures; asserts nothing.
 *
 *   npm run bench:alarms
 *   BENCH_SOCKETS=100 BENCH_ALARMS=50 npm run bench:alarms
 */
import crypto from 'node:crypto';
import os from 'node:os';
import * as api from '@vigil/contracts';
import type { LoginResult } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../src/demo/seed.ts';
import { openSocket, type TestSocket } from '../src/test/alarm-fixtures.ts';
import { freshPostgres, type Envelope } from '../src/test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../src/test/processes.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const SESSIONS = Math.max(1, Math.ceil(SOCKETS / 10));
const SINGLE_ALARMS = Number(process.env.BENCH_ALARMS ?? 100);
const STORM = Number(process.env.BENCH_STORM ?? 1000);
const TELEMETRY_RATE = Number(process.env.BENCH_TELEMETRY ?? 5000);

async function post<T>(vigil: VigilProcess, path: string, body: object, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${vigil.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 's-token': token } : {}) }, body: JSON.stringify(body) });
  return (await response.json()) as Envelope<T>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const alarmFrames = (socket: TestSocket) => [...socket.of('/alertNotify'), ...socket.of('/safeAlertNotify')];

const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');

async function main(): Promise<void> {
  const loadBefore = load();
  const base = process.env.DATABASE_URL?.trim();
  const database = base ? await freshPostgres(base) : null;
  const vigil = await startVigilProcess({ VIGIL_TEST_SEED: '1', LOG_LEVEL: 'error', ...(database ? { DATABASE_URL: database.url } : {}) });
  try {
    const sessions: LoginResult[] = [];
    for (let i = 0; i < SESSIONS; i += 1) {
      const result = await post<LoginResult>(vigil, api.login.path, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
      sessions.push(result.data);
    }
    const providerId = sessions[0].providerId ?? 0;
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => openSocket(vigil.baseUrl, { key: sessions[i % SESSIONS].key })));
    await vigil.telemetry({ rate: TELEMETRY_RATE, devices: 500, providerId, seconds: 3600 });
    await new Promise((resolve) => setTimeout(resolve, 2000));

    // 1. One alarm at a time: publish → the notice on every socket.
    const prefix = `BENCH-${crypto.randomBytes(3).toString('hex')}`;
    const latencies: number[] = [];
    const perAlarm: number[] = [];
    for (let n = 0; n < SINGLE_ALARMS; n += 1) {
      const deviceId = `${prefix}-S${n}`;
      const sent = Date.now();
      await vigil.publish({ deviceId, deviceType: 21007, providerId, bedId: null, roomId: null, type: 'fall', status: 2 });
      const frames = await Promise.all(sockets.map((socket) => socket.waitFor('/alertNotify', (frame) => frame.data.deviceId === deviceId, 10_000)));
      const arrivals = sockets.map((socket, i) => socket.frameTimes.get(frames[i]) ?? Date.now());
      for (const arrival of arrivals) latencies.push(arrival - sent);
      perAlarm.push(Math.max(...arrivals) - sent);
    }
    latencies.sort((a, b) => a - b);
    perAlarm.sort((a, b) => a - b);

    // 2. A storm: STORM alarms at once to every socket.
    const stormPrefix = `${prefix}-STORM`;
    const before = sockets.map((socket) => socket.count('/safeAlertNotify'));
    const stormStart = Date.now();
    vigil.publishLater({ deviceId: stormPrefix, deviceType: 20993, providerId, bedId: null, roomId: null, type: 'sos', status: 1, count: STORM });
    await Promise.all(sockets.map((socket, i) => socket.waitFor('/safeAlertNotify', () => socket.count('/safeAlertNotify') - before[i] >= STORM, 120_000)));
    const stormMs = Date.now() - stormStart;
    const duplicates = sockets.filter((socket) => {
      const ids = alarmFrames(socket).filter((frame) => frame.data.deviceId.startsWith(stormPrefix)).map((frame) => frame.data.id);
      return new Set(ids).size !== ids.length;
    }).length;
    const stored = await post<{ total: number; rows: { deviceId: string; raisedAt: number }[] }>(vigil, api.alarmLogUnDeal.path, { keyWord: stormPrefix, pageSize: 1000, pageNum: 1 }, sessions[0].token);
    const distinctDevices = new Set(stored.data.rows.map((row) => row.deviceId)).size;
    const raisedTimes = stored.data.rows.map((row) => row.raisedAt);
    const committedMs = Math.max(...raisedTimes) - stormStart;

    const telemetry = vigil.reports.filter((report) => 'telemetrySent' in report).at(-1);
    console.log(`bench:alarms — ${SOCKETS} sockets (${SESSIONS} sessions), telemetry background ${TELEMETRY_RATE}/s, ${database ? 'PostgreSQL' : 'SQLite'}, events via the bus`);
    console.log(`  load average (1, 5, 15 min) ${loadBefore} before, ${load()} after, on ${os.cpus().length} cores shared with other work`);
    console.log(`  publish → /alertNotify, ${SINGLE_ALARMS} alarms × ${SOCKETS} sockets (${latencies.length} deliveries)`);
    console.log(`    p50 ${percentile(latencies, 50)} ms   p99 ${percentile(latencies, 99)} ms   max ${latencies[latencies.length - 1]} ms`);
    console.log(`    last socket per alarm: p50 ${percentile(perAlarm, 50)} ms   p99 ${percentile(perAlarm, 99)} ms`);
    console.log(`  storm: ${STORM} alarms to ${SOCKETS} sockets (${STORM * SOCKETS} notices) delivered in ${stormMs} ms`);
    console.log(`    all ${STORM} committed (last raisedAt) ${committedMs} ms after the burst was sent`);
    console.log(`    stored rows ${stored.data.total} for ${distinctDevices} devices (want ${STORM} and ${STORM}); sockets with a duplicate notice: ${duplicates}`);
    if (telemetry) console.log(`  telemetry sent: ${JSON.stringify(telemetry)}`);
    for (const socket of sockets) socket.close();
  } finally {
    await vigil.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
