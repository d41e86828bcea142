import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { leaseRepository, type LeaseRepository } from './lease.repository.ts';
import { createScheduler, LEASE_MS, msUntilDailyAt, RENEW_EVERY_MS, type SchedulerLog } from './scheduler.ts';

/** A log that keeps what it was told, so a test can read it. */
function memoryLog(): SchedulerLog & { errors: string[] } {
  const errors: string[] = [];
  return { errors, info: () => {}, warn: () => {}, error: (_object, message) => void errors.push(message) };
}

describe('scheduler leader election on one database', () => {
  let server: TestServer;
  let clock = Date.now();
  before(async () => {
    server = await startTestServer({});
    // The app's own scheduler gives the lease up, so the two below compete alone.
    await server.vigil.scheduler.stop();
  });
  after(() => server.close());

  test('of two schedulers only one leads; the other takes over when the leader stops or stalls', async () => {
    const leases = leaseRepository(server.vigil.database.db);
    const options = { leases, log: memoryLog(), now: () => clock, leaseMs: 30_000 };
    const first = createScheduler({ ...options, instanceId: 'first' });
    const second = createScheduler({ ...options, instanceId: 'second' });
    const runs: string[] = [];
    for (const scheduler of [first, second]) {
      scheduler.registerJob({ name: 'count', schedule: { everyMs: 3600_000 }, run: async () => void runs.push(scheduler.instanceId) });
    }
    const [a, b] = await Promise.all([first.tryLead(), second.tryLead()]);
    assert.equal(Number(a) + Number(b), 1, 'exactly one leads');
    const [leader, follower] = a ? [first, second] : [second, first];

    assert.equal(await follower.runNow('count'), false);
    assert.equal(await leader.runNow('count'), true);
    assert.deepEqual(runs, [leader.instanceId]);

    clock += 20_000;
    assert.equal(await leader.tryLead(), true, 'the leader renews its lease');
    clock += 20_000;
    assert.equal(await follower.tryLead(), false, 'a renewed lease is still held');

    clock += 31_000;
    assert.equal(await follower.tryLead(), true, 'a stalled leader\'s lease runs out and the other takes it');
    assert.equal(await leader.runNow('count'), false, 'the old leader no longer runs jobs');

    await follower.stop();
    assert.equal(await leader.tryLead(), true, 'a stopped leader gives the lease up at once');
    await leader.stop();
  });

  test('a leader that stops renewing (a paused process) is replaced within 15 s, and a 2 s job runs on the other by then', async () => {
    assert.ok(LEASE_MS + RENEW_EVERY_MS <= 13_000, 'lease and renewal add up to at most 13 s');
    const leases = leaseRepository(server.vigil.database.db);
    clock += 120_000;
    let frozen = false;
    const thaw: (() => void)[] = [];
    // The paused process's lease calls never come back (until the test ends).
    const pausable = { ...leases, acquire: (...args: Parameters<typeof leases.acquire>) => (frozen ? new Promise<boolean>((resolve) => thaw.push(() => resolve(false))) : leases.acquire(...args)) };
    const runs: { instanceId: string; at: number }[] = [];
    const first = createScheduler({ leases: pausable, log: memoryLog(), instanceId: 'paused' });
    const second = createScheduler({ leases, log: memoryLog(), instanceId: 'survivor' });
    for (const scheduler of [first, second]) {
      scheduler.registerJob({ name: 'escalation', schedule: { everyMs: 2_000 }, run: async () => void runs.push({ instanceId: scheduler.instanceId, at: Date.now() }) });
    }
    assert.equal(await first.tryLead(), true);
    first.start();
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.ok(runs.length > 0 && runs.every((run) => run.instanceId === 'paused'), 'only the leader runs the job');
    frozen = true;
    const pausedAt = Date.now();
    while (!runs.some((run) => run.instanceId === 'survivor') && Date.now() - pausedAt < 20_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const takeover = (runs.find((run) => run.instanceId === 'survivor')?.at ?? Number.POSITIVE_INFINITY) - pausedAt;
    assert.ok(takeover <= 15_000, `the survivor ran the job ${takeover} ms after the leader stopped renewing`);
    frozen = false;
    for (const resolve of thaw) resolve();
    await Promise.all([first.stop(), second.stop()]);
  });

  test('many schedulers racing for the lease: exactly one wins', async () => {
    const leases = leaseRepository(server.vigil.database.db);
    clock += 120_000;
    const schedulers = Array.from({ length: 6 }, (_, i) => createScheduler({ leases, log: memoryLog(), now: () => clock, instanceId: `racer${i}` }));
    const results = await Promise.all(schedulers.map((scheduler) => scheduler.tryLead()));
    assert.equal(results.filter(Boolean).length, 1);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  });

  test('a failing job is logged and runs again next time', async () => {
    const log = memoryLog();
    const scheduler = createScheduler({ leases: leaseRepository(server.vigil.database.db), log, now: () => clock, instanceId: 'failing' });
    let calls = 0;
    scheduler.registerJob({
      name: 'flaky',
      schedule: { everyMs: 60_000 },
      run: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    assert.equal(await scheduler.runNow('flaky'), true);
    assert.equal(await scheduler.runNow('flaky'), true);
    assert.equal(calls, 2);
    assert.deepEqual(log.errors, ['scheduler: job failed', 'scheduler: job failed']);
    assert.throws(() => scheduler.registerJob({ name: 'flaky', schedule: { everyMs: 1 }, run: async () => {} }), /already registered/);
    assert.throws(() => scheduler.registerJob({ name: 'late', schedule: { dailyAt: '25:00' }, run: async () => {} }), /HH:MM/);
    await scheduler.stop();
  });

  test('an interval job started with runAtStart runs on the leader, and timers stop on stop()', async () => {
    const scheduler = createScheduler({ leases: leaseRepository(server.vigil.database.db), log: memoryLog(), instanceId: 'timed' });
    let ran = 0;
    const done = new Promise<void>((resolve) => {
      scheduler.registerJob({ name: 'soon', schedule: { everyMs: 3600_000 }, runAtStart: true, run: async () => void (ran++, resolve()) });
    });
    scheduler.start();
    await done;
    await scheduler.stop();
    assert.equal(ran, 1);
  });
});

test('a job whose lease call is under way when the scheduler stops never runs: the database closes after stop()', async () => {
  let openLease = () => {};
  const leaseAnswered = new Promise<void>((resolve) => (openLease = resolve));
  // A lease table that answers late (a loaded database): the job is between its check and its run when stop() comes.
  const leases: LeaseRepository = {
    acquire: async () => {
      await leaseAnswered;
      return true;
    },
    release: async () => {},
    holder: async () => 'late',
  };
  const scheduler = createScheduler({ leases, log: memoryLog(), instanceId: 'late' });
  let ran = false;
  scheduler.registerJob({ name: 'reads-the-database', schedule: { everyMs: 3600_000 }, run: async () => void (ran = true) });
  const execution = scheduler.runNow('reads-the-database');
  const stopped = scheduler.stop();
  openLease();
  await stopped;
  assert.equal(await execution, false);
  assert.equal(ran, false, 'the job ran after stop() returned');
});

test('daily times are the next local HH:MM, today or tomorrow', () => {
  const morning = new Date(2026, 10, 23, 6, 30, 0, 0).getTime();
  assert.equal(msUntilDailyAt('07:00', morning), 30 * 60_000);
  assert.equal(msUntilDailyAt('06:30', morning), new Date(2026, 10, 24, 6, 30).getTime() - morning);
  assert.equal(msUntilDailyAt('00:05', morning), new Date(2026, 10, 24, 0, 5).getTime() - morning);
});

describe('housekeeping jobs', () => {
  let server: TestServer;
  let clock = Date.now();
  before(async () => {
    server = await startTestServer({ demo: true, now: () => clock });
  });
  after(() => server.close());

  test('the failed-login purge drops records older than the longest lock window, not live ones', async () => {
    const db = server.vigil.database.db;
    await server.call(api.login, { userName: 'demogov', passWord: 'Wrong#Pass1' });
    assert.ok((await db.selectFrom('login_failures').selectAll().execute()).length >= 2);
    assert.equal(await server.vigil.scheduler.runNow('login-failure-purge'), true);
    assert.ok((await db.selectFrom('login_failures').selectAll().execute()).length >= 2, 'fresh records stay');
    clock += 16 * 60_000;
    await server.vigil.scheduler.runNow('login-failure-purge');
    assert.equal((await db.selectFrom('login_failures').selectAll().execute()).length, 0);
  });

  test('a lock still running is kept even when its first failure is old', async () => {
    const db = server.vigil.database.db;
    clock += 60 * 60_000;
    await server.call(api.login, { userName: 'demobusiness', passWord: 'Wrong#Pass1' });
    clock += 14 * 60_000;
    for (let i = 0; i < 4; i++) await server.call(api.login, { userName: 'demobusiness', passWord: 'Wrong#Pass1' });
    clock += 2 * 60_000;
    await server.vigil.scheduler.runNow('login-failure-purge');
    assert.equal((await server.call(api.login, { userName: 'demobusiness', passWord: 'Wrong#Pass1' })).status, Status.LOGIN_THROTTLED);
    clock += 16 * 60_000;
    await server.vigil.scheduler.runNow('login-failure-purge');
    assert.equal((await db.selectFrom('login_failures').selectAll().where('key', '=', 'account:demobusiness').execute()).length, 0);
  });

  test('the session purge drops sessions a day after they ended', async () => {
    const db = server.vigil.database.db;
    await server.login('demogov');
    const before = (await db.selectFrom('sessions').selectAll().execute()).length;
    assert.ok(before >= 1);
    await server.vigil.scheduler.runNow('session-purge');
    assert.equal((await db.selectFrom('sessions').selectAll().execute()).length, before);
    clock += 27 * 3600_000;
    await server.vigil.scheduler.runNow('session-purge');
    assert.equal((await db.selectFrom('sessions').selectAll().execute()).length, 0);
  });
});
