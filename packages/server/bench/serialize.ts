/**
 * Response serialization: what the answer's last step costs, and what a response-schema
 * serializer (fast-json-stringify, Fastify's own) would save. For the resident list (page of 20)
 * and the resident detail of the demo, per call: zod's parse of the output (the check that the
 * presenter answers what the contract says), JSON.stringify of the envelope (what Vigil does),
 * and fast-json-stringify compiled from the same contract schema; beside the whole request
 * through Fastify's inject (no network), so each step shows as a share of a request. Then the
 * compile time of every operation's serializer. Rounds alternate and each figure is the median.
 * Prints a table; asserts nothing. The decision it informs is in docs/performance.md.
 *
 *   npm run bench:serialize
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, type Operation } from '@vigil/contracts';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';

const ROUNDS = 5;
const CALLS = 5_000;
const REQUESTS = 500;

type Stringify = (value: unknown) => string;

function compile(operation: Operation): Stringify {
  const data = z.toJSONSchema(operation.output, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson({ type: 'object', properties: { status: { type: 'integer' }, data, msg: { type: 'string' } } } as Parameters<typeof fastJson>[0]) as Stringify;
}

/** Microseconds per call of `task`, the median of ROUNDS rounds of `calls` calls. */
function perCall(calls: number, task: () => unknown): number[] {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) task();
    rounds.push(((performance.now() - start) / calls) * 1000);
  }
  return rounds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-serialize-'));
const config = loadConfig({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VIGIL_ADMIN_USER: 'benchadmin', VIGIL_ADMIN_PASSWORD: 'Bench#Admin2026' });
const vigil = await buildApp(config, { print: () => {} });
try {
  await seedDemo(vigil.database.db, Date.now, { deviceKeys: vigil.deviceKeys });
  const login = await vigil.app.inject({ method: 'POST', url: '/api/admin/login', payload: { userName: 'demotwoa', passWord: DEMO_PASSWORD } });
  const headers = { 's-token': login.json().data.token as string };
  const listRequest = { method: 'POST' as const, url: `/api${api.userList.path}`, headers, payload: { pageNum: 1, pageSize: 20 } };
  const list = (await vigil.app.inject(listRequest)).json().data;
  const detailRequest = { method: 'GET' as const, url: `/api${api.getUserMessageById.path}?id=${list.rows[0].id}`, headers };
  const detail = (await vigil.app.inject(detailRequest)).json().data;

  console.log(`Response serialization, µs per call (median of ${ROUNDS} rounds)`);
  console.log(`${'call'.padEnd(16)} ${'bytes'.padStart(6)} ${'request'.padStart(8)} ${'zod parse'.padStart(10)} ${'JSON'.padStart(7)} ${'fast-json'.padStart(10)} ${'saved'.padStart(6)} ${'of req'.padStart(7)}  same JSON`);
  for (const [name, operation, data, request] of [['resident list', api.userList, list, listRequest], ['resident detail', api.getUserMessageById, detail, detailRequest]] as const) {
    const fast = compile(operation);
    const parsed = operation.output.parse(data);
    const envelope = { status: 200, data: parsed, msg: 'OK' };
    const same = JSON.stringify(JSON.parse(fast(envelope))) === JSON.stringify(envelope);
    // The whole request, sequentially in process (inject: no socket, no HTTP parsing).
    const requestRounds: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = performance.now();
      for (let i = 0; i < REQUESTS; i += 1) await vigil.app.inject(request);
      requestRounds.push(((performance.now() - start) / REQUESTS) * 1000);
    }
    const requestUs = median(requestRounds);
    const zodUs = median(perCall(CALLS, () => operation.output.parse(data)));
    const jsonUs = median(perCall(CALLS, () => JSON.stringify(envelope)));
    const fastUs = median(perCall(CALLS, () => fast(envelope)));
    const saved = jsonUs - fastUs;
    console.log(
      `${name.padEnd(16)} ${String(JSON.stringify(envelope).length).padStart(6)} ${requestUs.toFixed(0).padStart(8)} ${zodUs.toFixed(1).padStart(10)} ${jsonUs.toFixed(1).padStart(7)} ${fastUs.toFixed(1).padStart(10)} ${saved.toFixed(1).padStart(6)} ${`${((saved / requestUs) * 100).toFixed(1)} %`.padStart(7)}  ${same}`,
    );
  }

  // What the serializers cost to build: Fastify compiles a route's response schema when the
  // route is added, so every operation would pay this at start (or its first call, if lazy).
  const times: number[] = [];
  let unsupported = 0;
  for (const operation of ALL_OPERATIONS) {
    const start = performance.now();
    try {
      compile(operation);
      times.push(performance.now() - start);
    } catch {
      unsupported += 1;
    }
  }
  const total = times.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `\nCompiling ${ALL_OPERATIONS.length} operations' serializers: ${total.toFixed(0)} ms in all, median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms; ${unsupported} could not be compiled`,
  );
} finally {
  await vigil.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
