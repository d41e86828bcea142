import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Status } from '@vigil/contracts';
import { AppError } from '../http/errors.ts';
import { createWorkerPool } from './pool.ts';
import type { tasks as slowLoadTaskHandlers } from './pool-slow-load-tasks.ts';
import type { tasks } from './pool-test-tasks.ts';
import { taskModule } from './task-module.ts';

const testTasks = taskModule<typeof tasks>(import.meta.url, './pool-test-tasks');
const slowLoadTasks = taskModule<typeof slowLoadTaskHandlers>(import.meta.url, './pool-slow-load-tasks');

describe('worker pool', () => {
  const pool = createWorkerPool({ size: 1, queueLimit: 1, timeLimitMs: 10_000, resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 }, idleMs: 5_000, warm: 0 });
  after(() => pool.close());

  const refusal = (status: number, key: string) => (error: unknown) => error instanceof AppError && error.status === status && error.messageKey === key;

  test('runs a task in a worker and answers its result', async () => {
    assert.deepEqual(await pool.run(testTasks, 'shout', { text: 'vigil' }), { text: 'VIGIL' });
  });

  test('a refusal thrown in the worker arrives as the same localized error', async () => {
    await assert.rejects(pool.run(testTasks, 'refuse', undefined), refusal(Status.BAD_REQUEST, 'upload.wrongFormat'));
  });

  test('a job past its time limit is ended (its worker terminated) while the event loop keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    await assert.rejects(pool.run(testTasks, 'spin', undefined, { timeLimitMs: 500 }), refusal(Status.TOO_LARGE, 'upload.tooLarge'));
    clearInterval(ticker);
    assert.ok(ticks >= 10, `the loop ticked ${ticks} times during the job`);
    assert.deepEqual(await pool.run(testTasks, 'shout', { text: 'again' }), { text: 'AGAIN' }, 'a fresh worker takes the next job');
  });

  test("a job's time limit starts when its task begins, not while the worker loads the task's module", async () => {
    // The module takes a second to load; the task itself is instant: a 300 ms limit is enough.
    assert.equal(await pool.run(slowLoadTasks, 'quick', undefined, { timeLimitMs: 300 }), 'done');
  });

  test('a job past its heap limit is ended as too large', async () => {
    await assert.rejects(pool.run(testTasks, 'hog', undefined), refusal(Status.TOO_LARGE, 'upload.tooLarge'));
  });

  test('concurrency and the queue are bounded: a job beyond them is refused as busy', async () => {
    const running = pool.run(testTasks, 'spin', undefined, { timeLimitMs: 1_500 });
    const queued = pool.run(testTasks, 'shout', { text: 'queued' });
    await assert.rejects(pool.run(testTasks, 'shout', { text: 'refused' }), refusal(Status.CONFLICT, 'common.busy'));
    await assert.rejects(running, refusal(Status.TOO_LARGE, 'upload.tooLarge'));
    assert.deepEqual(await queued, { text: 'QUEUED' });
    assert.equal(pool.size, 1);
  });

  test('failures map to the caller\'s messages', async () => {
    await assert.rejects(
      pool.run(testTasks, 'spin', undefined, { timeLimitMs: 300, refusals: { timeout: () => new AppError(Status.BAD_REQUEST, 'import.unreadable') } }),
      refusal(Status.BAD_REQUEST, 'import.unreadable'),
    );
  });

  test('fair pools: one tenant\'s pile of jobs holds another tenant\'s job up by at most one job, and never makes it "busy"', async () => {
    const fair = createWorkerPool({ size: 2, queueLimit: 6, timeLimitMs: 10_000, resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 }, idleMs: 5_000, warm: 0 });
    const single = createWorkerPool({ size: 1, queueLimit: 6, timeLimitMs: 10_000, resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 }, idleMs: 5_000, warm: 0 });
    try {
      for (const [name, subject] of [['two workers', fair], ['one worker (the PDF pool)', single]] as const) {
        // Workers started first: a worker's start-up time is not what is measured.
        await Promise.all(['w1', 'w2'].map((tenant) => subject.run(testTasks, 'nap', { ms: 10, label: tenant }, { tenant })));
        const finished: string[] = [];
        const run = (tenant: string, label: string) => subject.run(testTasks, 'nap', { ms: 250, label }, { tenant }).then((value) => void finished.push(value));
        const pile = ['a1', 'a2', 'a3', 'a4', 'a5'].map((label) => run('home-a', label));
        await new Promise((resolve) => setTimeout(resolve, 50));
        const other = run('home-b', 'b1');
        await Promise.all([...pile, other]);
        assert.ok(finished.indexOf('b1') <= 1, `${name}: ${finished.join(', ')}`);
      }
      // The pile's own limit: the sixth waiting job of one tenant is busy, another tenant's is not.
      const blocking = Array.from({ length: 7 }, (_, index) => single.run(testTasks, 'nap', { ms: 100, label: `x${index}` }, { tenant: 'home-a' }).catch((error: unknown) => error));
      const otherHome = single.run(testTasks, 'nap', { ms: 10, label: 'y' }, { tenant: 'home-b' });
      const outcomes = await Promise.all(blocking);
      assert.equal(outcomes.filter((outcome) => outcome instanceof AppError && outcome.messageKey === 'common.busy').length, 0, 'one running and six waiting fit');
      assert.equal(await otherHome, 'y');
      const more = await Promise.all(Array.from({ length: 8 }, () => single.run(testTasks, 'nap', { ms: 50, label: 'z' }, { tenant: 'home-c' }).catch((error: unknown) => error)));
      assert.ok(more.some((outcome) => outcome instanceof AppError && outcome.messageKey === 'common.busy'), 'past its own queue a tenant is busy');
    } finally {
      await fair.close();
      await single.close();
    }
  });
});
