/**
 * Resident list benchmark: seeds 10,000 residents (with beds and contacts) into one
 * provider and prints the per-page time of /userManagement/userList through the real
 * HTTP pipeline. SQLite always; PostgreSQL too when DATABASE_URL is set (a scratch
 * database is made beside it and dropped). Prints figures; asserts nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as api from '@vigil/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { RESIDENTS, seedResidents } from './seed-residents.ts';

const PAGES = 50;
const PAGE_SIZE = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(label: string, databaseUrl: string | null): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const vigil = await buildApp(config, { print: () => {} });
  try {
    await seedDemo(vigil.database.db, Date.now, { deviceKeys: vigil.deviceKeys });
    const provider = await vigil.database.db.selectFrom('providers').select('id').where('name_key', '=', 'sunrise riverside home').executeTakeFirstOrThrow();
    const seeding = Date.now();
    await seedResidents(vigil.database.db, provider.id);
    // Fresh statistics, as autovacuum would have them on a live database after a bulk load.
    await sql`ANALYZE`.execute(vigil.database.db);
    console.log(`${label}: seeded ${RESIDENTS} residents in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const login = await vigil.app.inject({ method: 'POST', url: '/api/admin/login', payload: { userName: 'demotwoa', passWord: DEMO_PASSWORD } });
    const token: string = login.json().data.token;
    const scenarios: [string, (page: number) => Record<string, unknown>][] = [
      ['all, newest first', (page) => ({ pageNum: page, pageSize: PAGE_SIZE })],
      ['state=admitted', (page) => ({ pageNum: page, pageSize: PAGE_SIZE, state: 'admitted' })],
      ['attention=true', (page) => ({ pageNum: Math.min(page, 40), pageSize: PAGE_SIZE, attention: true })],
      ['keyWord "resident 9"', (page) => ({ pageNum: Math.min(page, 40), pageSize: PAGE_SIZE, keyWord: 'resident 9' })],
    ];
    for (const [name, input] of scenarios) {
      const times: number[] = [];
      for (let i = 0; i < PAGES; i++) {
        const page = 1 + ((i * 37) % 400);
        const started = process.hrtime.bigint();
        const response = await vigil.app.inject({ method: 'POST', url: `/api${api.userList.path}`, payload: input(page), headers: { 's-token': token } });
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (response.json().status !== 200) throw new Error(response.body);
      }
      times.sort((x, y) => x - y);
      console.log(`${label}: userList ${name.padEnd(22)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  (${PAGES} pages of ${PAGE_SIZE})`);
    }
  } finally {
    await vigil.close();
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
