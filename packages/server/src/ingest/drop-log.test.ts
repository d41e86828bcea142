import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMetrics } from '../ops/metrics.ts';
import { dropLog } from './drop-log.ts';

test('every drop is counted; each reason is logged once per interval, then summarized', async () => {
  const metrics = createMetrics();
  const counter = metrics.counter({ name: 'vigil_test_dropped_total', help: 'test', labelNames: ['reason'] });
  const lines: { details: object; message: string }[] = [];
  let clock = 1_000;
  const log = dropLog({ counter, log: { warn: (details, message) => void lines.push({ details, message }) }, intervalMs: 60_000, now: () => clock });
  for (let i = 0; i < 500; i++) log.drop('flood', `D-${i % 3}`);
  log.drop('malformed', 'D-9', 'not JSON');
  assert.equal(lines.length, 2, 'one line for the flood, one for the malformed message');
  assert.match(lines[0]?.message ?? '', /flood/);
  clock += 61_000;
  log.drop('flood', 'D-1');
  assert.equal(lines.length, 4, 'the summary of the 499 suppressed flood drops, then the new window\'s first');
  assert.deepEqual(lines[2]?.details, { reason: 'flood', count: 499, devices: ['D-1', 'D-2', 'D-0'] });
  log.close();
  const text = await metrics.render();
  assert.match(text, /vigil_test_dropped_total\{reason="flood"\} 501/);
  assert.match(text, /vigil_test_dropped_total\{reason="malformed"\} 1/);
});
