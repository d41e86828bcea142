import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { raiseBatcher } from './alarm-store.ts';
import type { AlarmRow, NewAlarm } from './alarm.repository.ts';

const row = (key: string): NewAlarm => ({ open_key: key }) as NewAlarm;
const stored = (input: NewAlarm, id: number) => ({ row: { id, open_key: input.open_key } as AlarmRow, inserted: true });

/** The batching of raises (alarm-store.ts): one transaction per event-loop turn, and no loss when a batch fails. */
describe('raise batcher', () => {
  test('raises of one turn go in one batch, each caller gets its own row', async () => {
    const batches: string[][] = [];
    const raise = raiseBatcher(
      {
        raiseOpen: async () => assert.fail('a batch of several is not committed one by one'),
        raiseOpenMany: async (rows) => {
          batches.push(rows.map((input) => String(input.open_key)));
          return rows.map((input, index) => stored(input, index + 1));
        },
      },
      { warn: () => {} },
    );
    const results = await Promise.all(['a|SOS', 'b|SOS', 'c|SOS'].map((key) => raise(row(key))));
    assert.deepEqual(batches, [['a|SOS', 'b|SOS', 'c|SOS']]);
    assert.deepEqual(results.map((result) => result.row.open_key), ['a|SOS', 'b|SOS', 'c|SOS']);
  });

  test('a failed batch is committed one by one: only the bad alarm fails, none is lost', async () => {
    const warnings: string[] = [];
    const single: string[] = [];
    const raise = raiseBatcher(
      {
        raiseOpen: async (input) => {
          single.push(String(input.open_key));
          if (input.open_key === 'bad|SOS') throw new Error('constraint');
          return stored(input, single.length);
        },
        raiseOpenMany: async () => {
          throw new Error('deadlock detected');
        },
      },
      { warn: (_details, message) => void warnings.push(message) },
    );
    const results = await Promise.allSettled(['a|SOS', 'bad|SOS', 'c|SOS'].map((key) => raise(row(key))));
    assert.deepEqual(results.map((result) => result.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.deepEqual(single.sort(), ['a|SOS', 'bad|SOS', 'c|SOS']);
    assert.equal(warnings.length, 1);
  });
});
