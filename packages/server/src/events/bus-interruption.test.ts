import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { SOCKET_CLOSE_REFETCH, type LoginResult } from '@vigil/contracts';
import { Redis } from 'ioredis';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { openSocket, randomDeviceId } from '../test/alarm-fixtures.ts';
import { freshPostgres } from '../test/harness.ts';
import { startVigilProcess, type VigilProcess } from '../test/processes.ts';

const POSTGRES = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

async function login(vigil: VigilProcess, userName: string): Promise<LoginResult> {
  const response = await fetch(new URL(`/api${api.login.path}`, vigil.baseUrl), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false }),
  });
  const body = (await response.json()) as { status: number; data: LoginResult; msg: string };
  assert.equal(body.status, 200, body.msg);
  return body.data;
}

/**
 * Issue 26: the event bus between processes is honest. Redis pub/sub keeps nothing, so when a
 * process's Redis connections are killed (CLIENT KILL) it reconnects, logs and counts the
 * interruption in /metrics, and tells its consoles to fetch the pending list again (their socket
 * is closed with SOCKET_CLOSE_REFETCH; the console reconnects and refetches). Afterwards alarms
 * cross between the processes again.
 */
describe('the Redis event bus cut under two processes', { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: VigilProcess;
  let b: VigilProcess;
  let redis: Redis;
  let channel: string;

  before(async () => {
    database = await freshPostgres(POSTGRES);
    channel = `vigil:test:${crypto.randomBytes(6).toString('hex')}`;
    const env = { DATABASE_URL: database.url, REDIS_URL: REDIS, REDIS_CHANNEL: channel };
    a = await startVigilProcess({ ...env, VIGIL_TEST_SEED: '1' });
    b = await startVigilProcess(env);
    redis = new Redis(REDIS);
  });
  after(async () => {
    redis?.disconnect();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  /** Kills the bus connections of both processes (named after the channel), as a Redis restart would. */
  async function killBusConnections(): Promise<number> {
    const list = String(await redis.call('CLIENT', 'LIST'));
    const ids = list.split('\n').filter((line) => line.includes(`name=vigil-bus-`) && line.includes(channel)).map((line) => /\bid=(\d+)/.exec(line)?.[1]).filter((id): id is string => id !== undefined);
    for (const id of ids) await redis.call('CLIENT', 'KILL', 'ID', id);
    return ids.length;
  }

  test('each process reconnects, counts it, tells its consoles to refetch, and alarms cross again', async () => {
    const session = await login(b, 'demotwoa');
    const socket = await openSocket(b.baseUrl, { key: session.key });
    await socket.waitFor('/login');
    assert.equal(await killBusConnections(), 4, 'two connections a process');
    assert.equal(await Promise.race([socket.closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 15_000))]), SOCKET_CLOSE_REFETCH, 'the console is told to refetch');

    // Counted once its own connections are back and it hears itself again (a peer's word may come first).
    let metrics = '';
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      metrics = await (await fetch(`${b.baseUrl}/metrics`)).text();
      if (/^vigil_event_bus_interruptions_total\{reason="disconnect"\} [1-9]/m.test(metrics)) break;
    }
    assert.match(metrics, /^vigil_event_bus_interruptions_total\{reason="disconnect"\} [1-9]/m);

    // The console reconnects (as it does 4 s after such a close) and hears the other process's alarms again.
    const again = await openSocket(b.baseUrl, { key: session.key });
    await again.waitFor('/login');
    const deviceId = randomDeviceId('BUS');
    await a.publish({ deviceId, deviceType: 20993, providerId: session.providerId ?? 0, bedId: null, roomId: null, type: 'sos', status: 1 });
    const heard = await again.waitFor('/safeAlertNotify', (frame) => frame.data.deviceId === deviceId, 10_000);
    assert.equal(heard.data.deviceId, deviceId);
    socket.close();
    again.close();
  });
});
