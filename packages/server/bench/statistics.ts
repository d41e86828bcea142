/**
 * Statistics benchmark (issue 13): 100 care homes, each with 40 beds and residents, 30 devices,
 * 8 caregivers, a month of alarms at the demo's rate (60 a day, most handled) and of sleep reports
 * (one per resident a night), and a year of daily snapshots. Measures the nightly job (every home's
 * snapshot written) and each dashboard call's latency at 20 concurrent viewers (autocannon in its
 * own process), as a government account that sees all 100 homes. The job never reads telemetry
 * (it counts devices, alarms and reports), so none is loaded. SQLite unless DATABASE_URL is set.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:statistics
 *   BENCH_HOMES=20 BENCH_SECONDS=3 npm run bench:statistics
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as api from '@vigil/contracts';
import type { Insertable } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import type { AlarmsTable, DailyReportsTable, StatisticsSnapshotsTable } from '../src/db/schema.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { freshPostgres } from '../src/test/harness.ts';
import { statisticsFixtures } from '../src/modules/statistics/statistics-fixtures.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';

const HOMES = Number(process.env.BENCH_HOMES ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const BEDS = 40;
const DEVICES = 30;
const ALARMS_PER_DAY = 60;
const DAY = 86_400_000;

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-worker.ts', import.meta.url), [JSON.stringify(job)], { execArgv: ['--import', 'tsx'] });
    child.once('message', (result: LoadResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** One home's care data and its month of alarms and reports. */
async function seedHome(db: Db, index: number, now: number): Promise<number> {
  const make = statisticsFixtures(db, now);
  const providerId = await make.provider(`Bench Home ${index}`, index % 2 === 0 ? 'Europe/Berlin' : 'Asia/Shanghai');
  const residentIds: number[] = [];
  for (let wing = 0; wing < 4; wing += 1) {
    const place = await make.place(providerId, `Wing ${wing}`, Array.from({ length: BEDS / 4 }, (_, bed) => `B${bed}`));
    for (const bedId of place.bedIds) residentIds.push(await make.resident(providerId, { name: `R${bedId}`, state: 'admitted', bedId, checkInAt: now - (bedId % 90) * DAY }));
    for (let d = 0; d < DEVICES / 4; d += 1) await make.device(providerId, { deviceType: d % 3 === 0 ? 20993 : 49, online: d % 5 !== 0, battery: d % 7 === 0 ? 15 : 80, bedId: place.bedIds[d % place.bedIds.length] });
  }
  for (let c = 0; c < 8; c += 1) await make.caregiver(providerId, `C${c}`, residentIds.filter((_, i) => i % 8 === c));
  const alarms: Insertable<AlarmsTable>[] = [];
  const reports: Insertable<DailyReportsTable>[] = [];
  for (let day = 0; day < 30; day += 1) {
    const dayStart = now - (day + 1) * DAY;
    for (let n = 0; n < ALARMS_PER_DAY; n += 1) {
      const raised = dayStart + Math.floor((n / ALARMS_PER_DAY) * DAY);
      const handled = n % 10 !== 0;
      alarms.push({
        provider_id: providerId, device_id: `B${index}-${n % DEVICES}`, device_type: 49, alert_type: n % 3 === 0 ? 'SOS' : 'LEFT_BED', alarm_group: 'x', alert_level: n % 3 === 0 ? 1 : 2,
        open_key: null, resident_id: residentIds[n % residentIds.length], bed_id: null, room_id: null, floor_id: null, area_id: null, user_name: '', bunk: '', room: '', floor_area: '',
        status: 1, duration: null, raised_at: raised, last_at: raised, repeat_count: 0, escalated_at: null, relieved: handled ? 0 : 1, release_source: 0, relieved_at: null, remove_reason: null,
        deal_state: handled ? 'processed' : 'unDeal', handler_id: null, handler_name: null, deal_time: handled ? raised + 60_000 + n * 1000 : null, deal_option: null, follow_up: null, remark: null,
        response_ms: handled ? 60_000 + n * 1000 : null,
      });
    }
    const date = new Date(now - day * DAY).toISOString().slice(0, 10);
    for (const residentId of residentIds) {
      reports.push({
        provider_id: providerId, resident_id: residentId, device_id: 'B', report_date: date, window_from: now, window_to: now, analysed: 1, reason: null, score: 50 + ((residentId * 7 + day) % 50),
        sleep_minutes: 420, time_in_bed_minutes: 480, efficiency: 85, deep_share: 20, wake_ups: 1, left_bed_count: 0, body_movement_index: 1, hr_mean: 60, rr_mean: 14,
        ahi: (residentId + day) % 9, apnea_grade: null, af_grade: residentId % 11 === 0 ? 'low' : 'none', bed_time: null, wake_time: null, analysis: '{}', created_at: now,
      });
    }
  }
  await insertBatches(alarms, (batch) => db.insertInto('alarms').values(batch).execute(), 100);
  await insertBatches(reports, (batch) => db.insertInto('daily_reports').values(batch).execute(), 100);
  return providerId;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-stats-'));
  const base = process.env.DATABASE_URL?.trim();
  const database = base ? await freshPostgres(base) : null;
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026', ...(database ? { DATABASE_URL: database.url } : {}) });
  const vigil = await buildApp(config, { print: () => {} });
  const db = vigil.database.db;
  try {
    const now = Date.now();
    await seedDemo(db, Date.now, { devices: false, deviceKeys: vigil.deviceKeys });
    const seedStarted = performance.now();
    const homes: number[] = [];
    for (let i = 0; i < HOMES; i += 1) homes.push(await seedHome(db, i, now));
    const gov = await db.selectFrom('accounts').where('user_name', '=', 'demogov').select('id').executeTakeFirstOrThrow();
    await db.insertInto('government_providers').values(homes.map((providerId) => ({ account_id: gov.id, provider_id: providerId }))).execute();
    // A year of snapshots per home, copied from a real one (the job's figures for yesterday).
    const login = async (userName: string) => (await vigil.app.inject({ method: 'POST', url: '/api/admin/login', payload: { userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false } })).json().data.token as string;
    const senior = await login('demosenior');
    const refresh = async () => (await vigil.app.inject({ method: 'POST', url: `/api${api.refreshStatistics.path}`, headers: { 's-token': senior }, payload: {} })).json().data.written as number;
    await refresh();
    const templates = await db.selectFrom('statistics_snapshots').where('provider_id', 'in', homes).selectAll().execute();
    const history: Insertable<StatisticsSnapshotsTable>[] = [];
    for (const latest of templates) {
      for (let day = 1; day <= 365; day += 1) {
        const date = new Date(Date.parse(`${latest.snapshot_date}T00:00:00Z`) - day * DAY).toISOString().slice(0, 10);
        const { id: _id, ...row } = latest;
        history.push({ ...row, snapshot_date: date, created_at: Number(row.created_at) - day * DAY, alarms_raised: row.alarms_raised + (day % 7), residents: row.residents - (day % 3) });
      }
    }
    await insertBatches(history, (batch) => db.insertInto('statistics_snapshots').values(batch).execute(), 50);
    console.log(`seeded ${HOMES} homes (${HOMES * BEDS} residents, ${HOMES * 30 * ALARMS_PER_DAY} alarms, ${HOMES * 30 * BEDS} sleep reports, ${history.length + templates.length} snapshots) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s on ${vigil.database.dialect}`);

    // The nightly job: every home's day counted and written (yesterday's snapshots removed first).
    for (const latest of templates) await db.deleteFrom('statistics_snapshots').where('id', '=', latest.id).execute();
    const jobStarted = performance.now();
    const written = await refresh();
    const jobSeconds = (performance.now() - jobStarted) / 1000;
    console.log(`nightly job: ${written} snapshots in ${jobSeconds.toFixed(2)} s (target ≤ 60 s)`);

    await vigil.app.listen({ host: '127.0.0.1', port: 0 });
    const address = vigil.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const token = await login('demogov');
    const calls = [api.getProviderOption, api.getUserBunkData, api.getDeviceData, api.getNursingData, api.getAlertData, api.getSleepData, api.getCommunityData];
    console.log(`dashboard calls, ${CONNECTIONS} concurrent viewers, ${SECONDS} s each, cycling through the ${HOMES} homes:`);
    console.log('call                      req/s     p50 ms   p99 ms   errors  (target p99 ≤ 50 ms)');
    for (const operation of calls) {
      const variants = homes.map((providerId) => JSON.stringify({ providerId }));
      const job = { url: `${baseUrl}/api${operation.path}`, method: 'POST' as const, variants, headers: { 's-token': token }, connections: CONNECTIONS };
      await load({ ...job, durationSeconds: 1 });
      const result = await load({ ...job, durationSeconds: SECONDS });
      console.log(`${operation.path.padEnd(26)}${result.requestsPerSecond.toFixed(0).padStart(6)}   ${String(result.p50).padStart(6)}   ${String(result.p99).padStart(6)}   ${String(result.errors + result.non2xx).padStart(6)}`);
    }
  } finally {
    await vigil.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
