import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceMessageId, fairShare, partitionOf } from './partitions.ts';

test('a device always lands in the same partition, and devices spread over all of them', () => {
  assert.equal(partitionOf('SM-0001', 16), partitionOf('SM-0001', 16));
  const counts = new Array<number>(16).fill(0);
  for (let index = 0; index < 1_600; index++) counts[partitionOf(`DEV-${index}`, 16)] += 1;
  assert.ok(counts.every((count) => count > 50 && count < 150), `spread: ${counts.join(' ')}`);
});

test('copies of one device message heard by several processes share an ID; another message does not', () => {
  const payload = Buffer.from('{"ts":1,"type":"fall","status":2}');
  assert.equal(deviceMessageId('R-1', 'event', payload), deviceMessageId('R-1', 'event', Buffer.from(payload)));
  assert.notEqual(deviceMessageId('R-1', 'event', payload), deviceMessageId('R-2', 'event', payload));
  assert.notEqual(deviceMessageId('R-1', 'event', payload), deviceMessageId('R-1', 'status', payload));
});

test('each live process claims an equal share, rounded up, so no partition is left without an owner', () => {
  assert.equal(fairShare(16, 1), 16);
  assert.equal(fairShare(16, 2), 8);
  assert.equal(fairShare(16, 3), 6);
  assert.equal(fairShare(16, 0), 16);
});
