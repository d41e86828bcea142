import crypto from 'node:crypto';

/** The partition of a device's messages: FNV-1a of its ID, so every process computes the same one. */
export function partitionOf(deviceId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < deviceId.length; index++) {
    hash ^= deviceId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/**
 * The log's message ID (Nats-Msg-Id) of a device message: the same for every process that heard
 * it, so the stream keeps one copy of what several processes publish.
 */
export function deviceMessageId(deviceId: string, channel: string, payload: Uint8Array): string {
  return crypto.createHash('sha1').update(deviceId).update('\0').update(channel).update('\0').update(payload).digest('hex');
}

/**
 * How many partitions a process should hold: an equal share, rounded up, so every partition has
 * an owner while any process lives.
 */
export function fairShare(partitions: number, processesAlive: number): number {
  return Math.ceil(partitions / Math.max(1, processesAlive));
}
