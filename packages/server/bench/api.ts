/**
 * API throughput benchmark: the main list and detail calls at 50 concurrent clients
 * over 10,000 residents, each beside a bare Fastify route that runs the same SQL
 * through prepared statements (bench/bare-routes.ts), in the same run. The server
 * listens on 127.0.0.1; autocannon makes the load from its own process. SQLite
 * always; PostgreSQL too when DATABASE_URL is set (a scratch database beside it,
 * dropped afterwards). Prints a table; asserts nothing.
 *
 * Vigil and the bare route take turns for BENCH_ROUNDS rounds (3) and the table shows each
 * one's median round, beside every round's rate.
 *
 *   npm run bench:api                 # 8 s per run
 *   BENCH_SECONDS=5 BENCH_ROUNDS=5 npm run bench:api
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import * as api from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { bareApp, postgresRunner, sqliteRunner, type PreparedRunner } from './bare-routes.ts';
import type { LoadJob, LoadResult } from './load-worker.ts';
import { RESIDENTS, seedResidents } from './seed-residents.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
/** Alternating rounds per case; the table shows each target's median round. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_SIZE = 20;

/**
 * The mean latency that a rate implies with CONNECTIONS clients always waiting (Little's law:
 * clients = rate × mean latency). A p99 of 30 ms needs a mean below it, so at 50 clients a
 * rate of at least 1,667 requests/s: the bare route's own mean shows whether the SQL alone,
 * on this machine, leaves room for that target.
 */
const meanMs = (result: LoadResult) => (1000 * CONNECTIONS) / result.requestsPerSecond;

/** The round with the median rate (its latencies with it). */
function median(results: LoadResult[]): LoadResult {
  return [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)];
}

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

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  vigil: { path: string; token: string };
  barePath: string;
  /** JSON bodies (POST) or query strings (GET), used in turn. */
  variants: string[];
}

const pages = (count: number) => Array.from({ length: count }, (_, i) => JSON.stringify({ pageNum: 1 + ((i * 37) % count), pageSize: PAGE_SIZE }));

/** Prints the plans of the resident list's count and page queries, per filter: each should use an index, not scan. */
async function explainListFilters(db: Db, dialect: 'sqlite' | 'postgres', providerId: number): Promise<void> {
  const filters = ['', ` and r.state = 'admitted'`, ' and r.attention = 1'];
  const prefix = dialect === 'sqlite' ? 'explain query plan' : 'explain';
  for (const filter of filters) {
    for (const query of [`select count(*) from residents r where r.provider_id = ${providerId}${filter}`, `select r.id from residents r where r.provider_id = ${providerId}${filter} order by r.id desc limit 20 offset 4000`]) {
      const { rows } = await sql.raw<Record<string, unknown>>(`${prefix} ${query}`).execute(db);
      const plan = rows.map((row) => String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)).trim()).join(' | ');
      console.log(`  plan: ${query.replace(/^select /, '').slice(0, 70).padEnd(70)} → ${plan}`);
    }
  }
}

async function run(label: string, databaseUrl: string | null): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const vigil = await buildApp(config, { print: () => {} });
  let runner: PreparedRunner | null = null;
  try {
    const { db } = vigil.database;
    await seedDemo(db, Date.now, { deviceKeys: vigil.deviceKeys });
    const home = await db.selectFrom('providers').select(['id', 'parent_id']).where('name_key', '=', 'sunrise riverside home').executeTakeFirstOrThrow();
    await seedResidents(db, home.id);
    await sql`ANALYZE`.execute(db);
    await explainListFilters(db, databaseUrl ? 'postgres' : 'sqlite', home.id);
    const group = await db.selectFrom('providers').select('id').where((eb) => eb.or([eb('id', '=', home.parent_id ?? 0), eb('parent_id', '=', home.parent_id ?? 0)])).execute();
    const residentIds = (await db.selectFrom('residents').select('id').where('provider_id', '=', home.id).orderBy('id', 'desc').limit(500).execute()).map((row) => row.id);

    const login = async (userName: string) => (await vigil.app.inject({ method: 'POST', url: '/api/admin/login', payload: { userName, passWord: DEMO_PASSWORD } })).json().data.token as string;
    const twoA = await login('demotwoa');
    const one = await login('demoone');
    runner = databaseUrl ? postgresRunner(databaseUrl) : sqliteRunner(path.join(dataDir, 'vigil.db'));
    const bare = bareApp(runner, { providerId: home.id, accountProviderIds: group.map((row) => row.id) });
    const vigilUrl = await listen(vigil.app);
    const bareUrl = await listen(bare);

    const cases: Case[] = [
      { name: 'resident list', method: 'POST', vigil: { path: `/api${api.userList.path}`, token: twoA }, barePath: '/userList', variants: pages(400) },
      { name: 'resident detail', method: 'GET', vigil: { path: `/api${api.getUserMessageById.path}`, token: twoA }, barePath: '/resident', variants: residentIds.map((id) => `?id=${id}`) },
      { name: 'caregiver list', method: 'POST', vigil: { path: `/api${api.queryNursingList.path}`, token: twoA }, barePath: '/caregiverList', variants: pages(1) },
      { name: 'account list', method: 'POST', vigil: { path: `/api${api.queryAccountList.path}`, token: one }, barePath: '/accountList', variants: pages(1) },
    ];
    console.log(`\n${label}: ${RESIDENTS} residents, ${CONNECTIONS} connections, ${SECONDS} s per case`);
    console.log(`${'case'.padEnd(18)} ${'target'.padEnd(6)} ${'req/s'.padStart(8)} ${'mean ms'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'KB/resp'.padStart(8)} ${'vs bare'.padStart(8)}  req/s of each round`);
    for (const test of cases) {
      const jobFor = (base: string, target: string, token: string | null, seconds: number): LoadJob => ({
        url: `${base}${target}`,
        method: test.method,
        variants: test.method === 'GET' ? test.variants.map((query) => `${target}${query}`) : test.variants,
        headers: token ? { 's-token': token } : {},
        connections: CONNECTIONS,
        durationSeconds: seconds,
      });
      // Vigil and bare take turns (the order swapped each round) and each answers its median
      // round: on two cores the load generator shares the machine, and one run of either swings
      // by a third from noise alone.
      const runs: Record<'vigil' | 'bare', LoadResult[]> = { vigil: [], bare: [] };
      const targets = { vigil: [vigilUrl, test.vigil.path, test.vigil.token], bare: [bareUrl, test.barePath, null] } as const;
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const target of round % 2 === 0 ? (['vigil', 'bare'] as const) : (['bare', 'vigil'] as const)) {
          const [base, routePath, token] = targets[target];
          if (round === 0) await load(jobFor(base, routePath, token, WARMUP_SECONDS));
          runs[target].push(await load(jobFor(base, routePath, token, SECONDS)));
        }
      }
      const results = (['vigil', 'bare'] as const).map((target) => [target, median(runs[target])] as const);
      const bareRate = results[1][1].requestsPerSecond;
      for (const [target, result] of results) {
        const problems = result.errors + result.non2xx ? `  (${result.errors} errors, ${result.non2xx} non-2xx)` : '';
        const ratio = target === 'vigil' ? `${((100 * result.requestsPerSecond) / bareRate).toFixed(0)}%` : '';
        const spread = runs[target].map((run) => run.requestsPerSecond.toFixed(0)).join('/');
        console.log(
          `${test.name.padEnd(18)} ${target.padEnd(6)} ${result.requestsPerSecond.toFixed(0).padStart(8)} ${meanMs(result).toFixed(1).padStart(8)} ${String(result.p50).padStart(7)} ${String(result.p99).padStart(7)} ${(result.bytesPerRequest / 1024).toFixed(1).padStart(8)} ${ratio.padStart(8)}  ${spread}${problems}`,
        );
      }
    }
    await bare.close();
  } finally {
    await vigil.close();
    await runner?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await run('sqlite', null);
  const baseUrl = process.env.DATABASE_URL?.trim();
  if (!baseUrl) return;
  const name = `vigil_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    await run('postgres', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
