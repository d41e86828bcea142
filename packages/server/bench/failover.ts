/**
 * Failover benchmark (issue 26): Vigil processes with the durable device log (NATS JetStream)
 * between Mosquitto and the rules, on PostgreSQL and Redis. Measures
 *   - throughput of alarm-raising device events over MQTT (event sent → alarm committed): one
 *     process without the log (today's form, shared subscription), one process with the log, two;
 *   - storms of fall events with one of two processes killed with SIGKILL at a random moment in
 *     each: events sent, alarms stored, lost, duplicated, time from the kill to the first alarm the
 *     survivor commits for the dead process's partitions, and partition takeover time.
 * Uses the local servers (DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres, REDIS_URL,
 * TEST_MQTT_URL, TEST_NATS_URL). Prints figures; asserts nothing.
 *
 *   npm run bench:failover
 *   BENCH_KILLS=3 BENCH_STORM=600 BENCH_STORM_S=10 BENCH_THROUGHPUT=2000 npm run bench:failover
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import { partitionOf } from '../src/ingest/device-log/partitions.ts';
import { freshPostgres } from '../src/test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../src/test/processes.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const MOSQUITTO = process.env.TEST_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
const NATS = process.env.TEST_NATS_URL?.trim() || 'nats://127.0.0.1:4222';
const KILLS = Number(process.env.BENCH_KILLS ?? 20);
const STORM = Number(process.env.BENCH_STORM ?? 600);
const STORM_S = Number(process.env.BENCH_STORM_S ?? 10);
const THROUGHPUT = Number(process.env.BENCH_THROUGHPUT ?? 2000);
const PARTITIONS = Number(process.env.DEVICE_LOG_PARTITIONS ?? 16);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = crypto.randomBytes(5).toString('hex');

async function main(): Promise<void> {
  const loadBefore = os.loadavg().map((value) => value.toFixed(1)).join(' ');
  const database = await freshPostgres(POSTGRES);
  const base = { DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: `vigil:bench:${unique}`, MQTT_URL: MOSQUITTO };
  const withLog = { ...base, NATS_URL: NATS, NATS_STREAM: `VIGIL_BENCH_${unique}`, DEVICE_LOG_PARTITIONS: String(PARTITIONS) };
  const admin = new pg.Client({ connectionString: database.url });
  const publisher = await mqtt.connectAsync(MOSQUITTO, { protocolVersion: 5, clientId: `bench-failover-${unique}`, reconnectPeriod: 0 });
  const processes: VigilProcess[] = [];
  let providerId = 0;
  let batch = 0;

  async function devices(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, index) => `BF${unique}-${batch}-${index}`);
    batch += 1;
    const time = Date.now();
    await admin.query(
      `insert into devices (device_id, cipher_id, device_type, device_key, provider_id, pairing, online, location, settings, remark, created_at, updated_at)
       select id, 'C' || id, 21007, md5(id), $2, 'none', 0, '', '{}', '', $3, $3 from unnest($1::text[]) as id`,
      [ids, providerId, time],
    );
    return ids;
  }
  const fall = (deviceId: string) => publisher.publishAsync(deviceTopic(deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'fall', status: 2 }), { qos: 1 });
  const alarmed = async (ids: string[]) => (await admin.query<{ n: number }>(`select count(distinct device_id)::int as n from alarms where device_id = any($1)`, [ids])).rows[0].n;
  async function owners(): Promise<Map<string, number[]>> {
    const rows = (await admin.query<{ owner: string; partition: number }>(`select owner, partition from device_log_partitions where owner is not null and lease_until > $1`, [Date.now()])).rows;
    const map = new Map<string, number[]>();
    for (const row of rows) map.set(row.owner, [...(map.get(row.owner) ?? []), row.partition]);
    return map;
  }
  async function balanced(count: number, timeoutMs = 60_000): Promise<Map<string, number[]>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const map = await owners();
      const held = [...map.values()].reduce((sum, list) => sum + list.length, 0);
      if (map.size === count && held === PARTITIONS && [...map.values()].every((list) => list.length >= Math.floor(PARTITIONS / count))) return map;
      if (Date.now() > deadline) throw new Error(`partitions not shared by ${count} processes within ${timeoutMs} ms: ${JSON.stringify([...map.entries()])}`);
      await sleep(200);
    }
  }

  /** Events per second from the first publish to the last alarm committed (all devices new). */
  async function throughput(label: string): Promise<number> {
    const ids = await devices(THROUGHPUT);
    const started = performance.now();
    for (let index = 0; index < ids.length; index += 100) await Promise.all(ids.slice(index, index + 100).map(fall));
    const deadline = Date.now() + 120_000;
    let stored = 0;
    while (Date.now() < deadline && (stored = await alarmed(ids)) < ids.length) await sleep(50);
    const seconds = (performance.now() - started) / 1000;
    const rate = stored / seconds;
    console.log(`throughput ${label}: ${stored}/${ids.length} alarms in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} events/s`);
    return rate;
  }

  try {
    // Today's form: one process, shared subscription, no log.
    const plain = await startVigilProcess({ ...base, MQTT_SHARE_GROUP: `bench-${unique}`, VIGIL_TEST_SEED: '1' });
    await admin.connect();
    providerId = (await admin.query<{ id: number }>(`select provider_id as id from accounts where user_name = 'demotwoa'`)).rows[0].id;
    const withoutLog = await throughput('1 process, no log');
    await plain.stop();

    processes.push(await startVigilProcess(withLog));
    await balanced(1);
    const one = await throughput('1 process, device log');
    processes.push(await startVigilProcess(withLog));
    await balanced(2);
    const two = await throughput('2 processes, device log');

    const rounds: { sent: number; stored: number; lost: number; duplicated: number; firstAlarmMs: number; takeoverMs: number }[] = [];
    for (let round = 0; round < KILLS; round++) {
      const before = await balanced(2);
      const victimIndex = round % 2;
      const victim = processes[victimIndex];
      const ids = await devices(STORM);
      const gapMs = (STORM_S * 1000) / STORM;
      const killAfterMs = 1_000 + Math.random() * (STORM_S * 1000 - 2_000);
      let killedAt = 0;
      const started = Date.now();
      const storm = (async () => {
        for (const deviceId of ids) {
          void fall(deviceId);
          await sleep(gapMs);
        }
      })();
      while (Date.now() - started < killAfterMs) await sleep(10);
      await victim.kill();
      killedAt = Date.now();
      let takeoverMs = Number.NaN;
      const watch = (async () => {
        while (Date.now() - killedAt < 30_000) {
          const map = await owners();
          if (map.size === 1 && [...map.values()][0].length === PARTITIONS) return (takeoverMs = Date.now() - killedAt);
          await sleep(100);
        }
        return takeoverMs;
      })();
      await storm;
      await watch;
      // The dead process's partitions: those not held before by the owner that holds them all now.
      const survivorOwner = [...(await owners()).keys()][0];
      const victimPartitions = new Set([...before.entries()].filter(([owner]) => owner !== survivorOwner).flatMap(([, list]) => list));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && (await alarmed(ids)) < ids.length) await sleep(200);
      await sleep(1_000);
      const rows = (await admin.query<{ device_id: string; n: number; repeats: number; first: number }>(
        `select device_id, count(*)::int as n, sum(repeat_count)::int as repeats, min(raised_at)::float8 as first from alarms where device_id = any($1) group by device_id`,
        [ids],
      )).rows;
      const duplicated = rows.reduce((sum, row) => sum + (row.n - 1) + row.repeats, 0);
      const afterKill = rows.filter((row) => row.first > killedAt && victimPartitions.has(partitionOf(row.device_id, PARTITIONS))).map((row) => row.first - killedAt);
      const result = { sent: ids.length, stored: rows.length, lost: ids.length - rows.length, duplicated, firstAlarmMs: afterKill.length ? Math.min(...afterKill) : Number.NaN, takeoverMs };
      rounds.push(result);
      console.log(`kill ${round + 1}/${KILLS} at ${(killAfterMs / 1000).toFixed(1)} s: sent ${result.sent}, stored ${result.stored}, lost ${result.lost}, duplicated ${result.duplicated}, first alarm of its partitions on the survivor ${result.firstAlarmMs.toFixed(0)} ms, takeover ${result.takeoverMs.toFixed(0)} ms`);
      processes[victimIndex] = await startVigilProcess(withLog);
    }
    const sum = (key: 'sent' | 'stored' | 'lost' | 'duplicated') => rounds.reduce((total, round) => total + round[key], 0);
    const worst = (key: 'firstAlarmMs' | 'takeoverMs') => Math.max(...rounds.map((round) => round[key]).filter((value) => Number.isFinite(value)));
    console.log('');
    console.log(`kills ${rounds.length}: events sent ${sum('sent')}, alarms stored ${sum('stored')}, lost ${sum('lost')}, duplicated ${sum('duplicated')}`);
    console.log(`takeover: worst ${worst('takeoverMs')} ms; first alarm of the dead process's partitions on the survivor: worst ${worst('firstAlarmMs')} ms after the kill`);
    console.log(`throughput (events → alarms committed): no log 1 process ${withoutLog.toFixed(0)}/s; log 1 process ${one.toFixed(0)}/s (${((one / withoutLog) * 100).toFixed(0)} % of no log); log 2 processes ${two.toFixed(0)}/s (ratio 2:1 ${(two / one).toFixed(2)})`);
    console.log(`machine: ${os.cpus().length} cores, load before ${loadBefore}, after ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  } finally {
    await publisher.endAsync();
    for (const vigil of processes) await vigil.stop().catch(() => {});
    await admin.end().catch(() => {});
    const nats = await connectNats({ servers: NATS }).catch(() => null);
    if (nats) {
      await (await nats.jetstreamManager()).streams.delete(withLog.NATS_STREAM).catch(() => false);
      await nats.close();
    }
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
