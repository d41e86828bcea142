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
 *   BENCH_HANGING_WEBHOOK=1 npm run bench:alarms   (the care home has a webhook that never answers, docs/webhooks.md)
 *
 * With BENCH_LOG=1 (needs DATABASE_URL, an MQTT broker at BENCH_MQTT_URL and NATS JetStream at
 * BENCH_NATS_URL) it then measures device message published over MQTT → alarm frame on every
 * socket, BENCH_ALARMS falls one at a time, on two more processes beside the bus figures: one with
 * MQTT_URL alone (ingest in the process that hears the message) and one with NATS_URL too (the
 * durable device log in the path: append, partition consumer, commit, then the announcement).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_LOG=1 npm run bench:alarms
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import * as api from '@vigil/contracts';
import { deviceTopic, type LoginResult } from '@vigil/contracts';
import mqtt from 'mqtt';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/demo/seed.ts';
import { openSocket, type TestSocket } from '../src/test/alarm-fixtures.ts';
import { freshPostgres, type Envelope } from '../src/test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../src/test/processes.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const SESSIONS = Math.max(1, Math.ceil(SOCKETS / 10));
const SINGLE_ALARMS = Number(process.env.BENCH_ALARMS ?? 100);
const STORM = Number(process.env.BENCH_STORM ?? 1000);
const TELEMETRY_RATE = Number(process.env.BENCH_TELEMETRY ?? 5000);
const HANGING_WEBHOOK = process.env.BENCH_HANGING_WEBHOOK === '1';
const THROUGH_LOG = process.env.BENCH_LOG === '1';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

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
  // A webhook endpoint that takes every request and never answers: each delivery holds a send until the timeout.
  const hanging = HANGING_WEBHOOK ? http.createServer(() => {}) : null;
  if (hanging) await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const hangingOrigin = hanging ? `http://127.0.0.1:${(hanging.address() as { port: number }).port}` : null;
  const vigil = await startVigilProcess({ VIGIL_TEST_SEED: '1', LOG_LEVEL: 'error', ...(database ? { DATABASE_URL: database.url } : {}), ...(hangingOrigin ? { VIGIL_WEBHOOK_ALLOWED_ORIGINS: hangingOrigin } : {}) });
  try {
    const sessions: LoginResult[] = [];
    for (let i = 0; i < SESSIONS; i += 1) {
      const result = await post<LoginResult>(vigil, api.login.path, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false });
      sessions.push(result.data);
    }
    const providerId = sessions[0].providerId ?? 0;
    if (hangingOrigin) {
      const saved = await post<{ id: number }>(vigil, api.webhookSave.path, { url: `${hangingOrigin}/hook`, events: ['alarm.raised', 'alarm.handled', 'alarm.relieved'], levels: [1, 2] }, sessions[0].token);
      if (saved.status !== 200) throw new Error(`webhook not saved: ${JSON.stringify(saved)}`);
    }
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
    console.log(`bench:alarms — ${SOCKETS} sockets (${SESSIONS} sessions), telemetry background ${TELEMETRY_RATE}/s, ${database ? 'PostgreSQL' : 'SQLite'}, events via the bus${hangingOrigin ? ', a webhook endpoint that never answers' : ''}`);
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
  }
  try {
    if (THROUGH_LOG) {
      if (!database) throw new Error('BENCH_LOG=1 needs DATABASE_URL (the device log keeps its partitions in PostgreSQL)');
      const byMqtt = await overMqtt(database.url, false);
      const byLog = await overMqtt(database.url, true);
      console.log(`  device message published over MQTT (${MQTT_URL}) → /alertNotify, ${SINGLE_ALARMS} falls one at a time × ${SOCKETS} sockets, telemetry background ${TELEMETRY_RATE}/s on the bus`);
      for (const [name, figures] of [['MQTT_URL, ingest in the process (no log)', byMqtt], ['MQTT_URL + NATS_URL (the device log in the path)', byLog]] as const) {
        console.log(`    ${name}: p50 ${percentile(figures.latencies, 50)} ms   p99 ${percentile(figures.latencies, 99)} ms   max ${figures.latencies.at(-1)} ms   last socket per alarm p99 ${percentile(figures.perAlarm, 99)} ms`);
      }
      console.log(`  load average (1, 5, 15 min) ${load()} after the MQTT runs`);
    }
  } finally {
    hanging?.closeAllConnections();
    hanging?.close();
    await database?.drop();
  }
}

/**
 * Falls published over MQTT one at a time to a process on the broker (MQTT_URL), through the device
 * log when `log` (NATS_URL, a stream of its own, deleted afterwards): the time from publishing to
 * the frame on each socket.
 */
async function overMqtt(databaseUrl: string, log: boolean): Promise<{ latencies: number[]; perAlarm: number[] }> {
  const unique = crypto.randomBytes(4).toString('hex');
  const stream = `VIGIL_BENCH_${unique}`;
  const vigil = await startVigilProcess({
    DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', MQTT_URL, MQTT_SHARE_GROUP: `bench-${unique}`,
    ...(log ? { NATS_URL, NATS_STREAM: stream } : {}),
  });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const publisher = await mqtt.connectAsync(MQTT_URL, { protocolVersion: 5, clientId: `bench-alarms-${unique}`, reconnectPeriod: 0 });
  try {
    const sessions: LoginResult[] = [];
    for (let i = 0; i < SESSIONS; i += 1) sessions.push((await post<LoginResult>(vigil, api.login.path, { userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false })).data);
    const providerId = sessions[0].providerId ?? 0;
    const ids = Array.from({ length: SINGLE_ALARMS }, (_, n) => `BENCH-${unique}-M${n}`);
    const time = Date.now();
    await admin.query(
      `insert into devices (device_id, cipher_id, device_type, device_key, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
       select id, 'C' || id, 21007, md5(id), $2, 'none', 0, '', '{}', '', $3, $3 from unnest($1::text[]) as id`,
      [ids, providerId, time],
    );
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => openSocket(vigil.baseUrl, { key: sessions[i % SESSIONS].key })));
    await vigil.telemetry({ rate: TELEMETRY_RATE, devices: 500, providerId, seconds: 3600 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const latencies: number[] = [];
    const perAlarm: number[] = [];
    for (const deviceId of ids) {
      const sent = Date.now();
      await publisher.publishAsync(deviceTopic(deviceId, 'event'), JSON.stringify({ ts: sent, type: 'fall', status: 2 }), { qos: 1 });
      const frames = await Promise.all(sockets.map((socket) => socket.waitFor('/alertNotify', (frame) => frame.data.deviceId === deviceId, 20_000)));
      const arrivals = sockets.map((socket, i) => socket.frameTimes.get(frames[i]) ?? Date.now());
      for (const arrival of arrivals) latencies.push(arrival - sent);
      perAlarm.push(Math.max(...arrivals) - sent);
    }
    for (const socket of sockets) socket.close();
    latencies.sort((a, b) => a - b);
    perAlarm.sort((a, b) => a - b);
    return { latencies, perAlarm };
  } finally {
    await publisher.endAsync();
    await admin.end();
    await vigil.stop();
    if (log) {
      const nats = await connectNats({ servers: NATS_URL });
      await (await nats.jetstreamManager()).streams.delete(stream).catch(() => false);
      await nats.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
