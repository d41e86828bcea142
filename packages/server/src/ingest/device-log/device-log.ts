import crypto from 'node:crypto';
import os from 'node:os';
import { AckPolicy, connect, DeliverPolicy, headers, nanos, StorageType, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { DEVICE_UPLINK_CHANNELS, type DeviceChannel, type DeviceLogMessage } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import { retryOnConnectionLoss } from '../../db/connection-retry.ts';
import type { Metrics } from '../../ops/metrics.ts';
import type { DropReason } from '../drop-log.ts';
import type { Ingest, IngestLog } from '../ingest.ts';
import { deviceLogRepository } from './device-log.repository.ts';
import { deviceMessageId, fairShare, partitionOf } from './partitions.ts';

/** A partition's lease lasts this long and is renewed this often: a dead owner's partitions move within about 10 s. */
export const PARTITION_LEASE_MS = 8_000;
export const PARTITION_RENEW_MS = 2_000;
/** Messages handled per batch (one commit of rows, one mark, one acknowledgement). */
const BATCH_MAX = 500;
/** Identical messages of a device within this long are one message (the copies several processes publish). */
const DUPLICATE_WINDOW_MS = 120_000;
const STREAM_MAX_AGE_MS = 7 * 86_400_000;

export interface DeviceLogSettings {
  url: string;
  /** The JetStream stream; its subjects are `<stream>.p<partition>`. */
  stream: string;
  partitions: number;
}

/** What the log needs of the rule engine: load a partition's device states when taken, save them when given up. */
export interface PartitionRules {
  limitTo(owns: (deviceId: string) => boolean): void;
  /** Saves the changed states now. */
  flush(): Promise<void>;
  adopt(taken: (deviceId: string) => boolean): Promise<number>;
  relinquish(given: (deviceId: string) => boolean): Promise<void>;
}

/** How a message came in when it was not heard from the broker: posted by the device, or pushed by the carrier's platform. */
export type DeviceLogTransport = 'http' | 'carrier';

/**
 * Applies a message of a carrier push (docs/carrier-adapter.md) in the partition's owner, as the
 * carrier adapter applies it without the log; the alarms it raises are committed when it resolves.
 */
export type CarrierMessageHandler = (deviceId: string, channel: DeviceChannel, payload: Uint8Array, logMessage: DeviceLogMessage) => Promise<{ ok: true } | { ok: false; reason: DropReason }>;

export interface DeviceLog {
  /**
   * Appends a device message heard from the broker (every process appends; the stream keeps one copy),
   * posted over HTTP (`transport: 'http'`) or pushed by the carrier (`'carrier'`). Answers whether
   * the log holds it now (stored, or a copy already was); false after retries, logged and counted.
   */
  append(deviceId: string, channel: DeviceChannel, payload: Uint8Array, transport?: DeviceLogTransport): Promise<boolean>;
  /** The partitions this process consumes now. */
  owned(): number[];
  close(): Promise<void>;
}

interface Running {
  partition: number;
  messages: ConsumerMessages;
  handled: number;
  /** Messages up to this sequence may have been handled by the previous owner (checked before raising). */
  replayUpTo: number;
  queue: JsMsg[];
  working: Promise<void> | null;
  stopped: boolean;
  reading: Promise<void>;
}

const isChannel = (value: string | undefined): value is DeviceChannel => DEVICE_UPLINK_CHANNELS.some((channel) => channel === value);

/**
 * The durable, partitioned device log between the MQTT broker and the rules (NATS JetStream,
 * docs/scale-out.md). Every process appends what it hears; the stream deduplicates by message ID.
 * Each partition is consumed by the one process holding its lease in PostgreSQL, in order, in
 * batches: the batch's rows and alarms are committed, then the partition's handled sequence is
 * written, then the batch is acknowledged. A process that takes a partition over from a dead owner
 * handles again what was not marked (raises are idempotent by log message) and makes every
 * console refetch the pending list (an alarm the dead owner committed but never announced).
 */
export async function startDeviceLog(deps: {
  settings: DeviceLogSettings;
  db: Db;
  ingest: Ingest;
  /** The carrier adapter's handling of its pushes' messages (they bypass ingest, as without the log). */
  carrier: CarrierMessageHandler;
  rules: PartitionRules;
  /** Tells every console (here and in the other processes) to fetch the pending list again. */
  refetchConsoles: (reason: string) => void;
  metrics: Metrics;
  log: IngestLog;
  now: () => number;
  leaseMs?: number;
  renewMs?: number;
}): Promise<DeviceLog> {
  const { settings, ingest, log, now } = deps;
  const leaseMs = deps.leaseMs ?? PARTITION_LEASE_MS;
  const renewMs = deps.renewMs ?? PARTITION_RENEW_MS;
  const member = `${os.hostname().slice(0, 32)}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const repository = deviceLogRepository(deps.db, settings.stream);
  const appended = deps.metrics.counter({ name: 'vigil_device_log_appends_total', help: 'Device messages appended to the device log, by result (stored, duplicate: another process appended it first, failed)', labelNames: ['result'] });
  const handledCounter = deps.metrics.counter({ name: 'vigil_device_log_handled_total', help: 'Device log messages handled by this process (skipped: at or below the partition\'s handled sequence)', labelNames: ['result'] });
  const takeovers = deps.metrics.counter({ name: 'vigil_device_log_takeovers_total', help: 'Partitions this process took from a process whose lease ran out' });
  const running = new Map<number, Running>();
  deps.metrics.gauge({ name: 'vigil_device_log_partitions_owned', help: 'Device log partitions this process consumes', collect() { this.set(running.size); } });

  const nc: NatsConnection = await connect({ servers: settings.url, name: `vigil-${member}`, maxReconnectAttempts: -1, reconnectTimeWait: 1_000 });
  const jsm = await nc.jetstreamManager();
  const js = nc.jetstream();
  const subjectOf = (partition: number) => `${settings.stream}.p${partition}`;
  const streamEnd = await (async () => {
    try {
      return (await jsm.streams.info(settings.stream)).state.last_seq;
    } catch {
      await jsm.streams.add({ name: settings.stream, subjects: [`${settings.stream}.*`], storage: StorageType.File, duplicate_window: nanos(DUPLICATE_WINDOW_MS), max_age: nanos(STREAM_MAX_AGE_MS) });
      return 0;
    }
  })();
  await repository.ensurePartitions(settings.partitions, streamEnd);

  const owns = (deviceId: string) => running.has(partitionOf(deviceId, settings.partitions));
  deps.rules.limitTo(owns);
  /** Leases are good until then (the last renewal that answered); past it this process stops consuming. */
  let leaseValidUntil = 0;
  let closing = false;
  const retrying = <T>(what: string, work: () => Promise<T>) => retryOnConnectionLoss(work, { log, what });

  async function handle(state: Running, batch: JsMsg[]): Promise<void> {
    let last: JsMsg | null = null;
    /** Messages given to ingest since its last settle: queued there, not yet published. */
    let unsettled = false;
    for (const message of batch) {
      last = message;
      if (message.seq <= state.handled) {
        handledCounter.inc({ result: 'skipped' });
        continue;
      }
      const deviceId = message.headers?.get('Vigil-Device') ?? '';
      const channel = message.headers?.get('Vigil-Channel');
      const transport = message.headers?.get('Vigil-Transport');
      if (!deviceId || !isChannel(channel)) {
        ingest.refuse(channel ?? 'unknown', 'malformed', deviceId || null, 'device log message without device or channel');
        continue;
      }
      const logMessage = { key: `${settings.stream}:${message.seq}`, replayed: message.seq <= state.replayUpTo };
      try {
        if (transport === 'carrier') {
          // The carrier's messages take effect at once: what ingest holds of this batch goes first, so a device's messages keep their order.
          if (unsettled) await ingest.settle();
          unsettled = false;
          const outcome = await retrying('device log: carrier push', () => deps.carrier(deviceId, channel, message.data, logMessage));
          if (!outcome.ok) ingest.refuse(channel, outcome.reason, deviceId, 'carrier push in the device log');
        } else {
          // A message a device posted over HTTP passed ingest.check() in the process that answered it.
          await ingest.receive(deviceId, channel, Buffer.from(message.data), transport === 'http' ? { transport: 'http', checked: true, logMessage } : { transport: 'external', logMessage });
          unsettled = true;
        }
        handledCounter.inc({ result: 'handled' });
      } catch (error) {
        log.error({ err: error, deviceId, seq: message.seq, transport: transport ?? 'mqtt' }, 'device log: handling failed on a message');
      }
    }
    if (!last) return;
    // Samples, device rows and the alarms they raised are committed before the mark moves and the log hears the ack.
    await ingest.settle();
    // The rule states the batch changed are saved before the mark moves: a next owner starts from
    // states that include every message at or below the mark (a message past it may be applied twice; raises stay idempotent).
    await deps.rules.flush();
    const seq = last.seq;
    // Fenced by the database: only while the partition's row still names this process (a late renewal under load is no reason to stop).
    const marked = await retrying('device log: handled mark', () => repository.markHandled(member, state.partition, seq));
    if (!marked && seq > state.handled) {
      log.warn({ partition: state.partition }, 'device log: the partition has another owner; stopping');
      void stop(state.partition, false);
      return;
    }
    state.handled = Math.max(state.handled, seq);
    last.ack();
  }

  function work(state: Running): void {
    if (state.working || state.stopped) return;
    state.working = (async () => {
      while (state.queue.length > 0 && !state.stopped) {
        const batch = state.queue.splice(0, BATCH_MAX);
        try {
          await handle(state, batch);
        } catch (error) {
          // Not acknowledged: the next owner (or this process after a restart of the partition) handles it again.
          log.error({ err: error, partition: state.partition }, 'device log: a batch failed; the partition restarts from its handled mark');
          void stop(state.partition, false);
          return;
        }
      }
    })().finally(() => {
      state.working = null;
      if (state.queue.length > 0 && !state.stopped) work(state);
    });
  }

  /** Starts consuming a partition this process just won: a fresh durable consumer from the handled mark. */
  async function start(partition: number, from: string | null): Promise<void> {
    const handled = await repository.handledSeq(partition);
    const name = `p${partition}`;
    let delivered = handled;
    try {
      delivered = Math.max(handled, (await jsm.consumers.info(settings.stream, name)).delivered.stream_seq);
      await jsm.consumers.delete(settings.stream, name);
    } catch {
      // No consumer yet.
    }
    await jsm.consumers.add(settings.stream, {
      durable_name: name,
      filter_subject: subjectOf(partition),
      ack_policy: AckPolicy.All,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: handled + 1,
      ack_wait: nanos(60_000),
      max_ack_pending: 10_000,
    });
    const consumer = await js.consumers.get(settings.stream, name);
    const messages = await consumer.consume({ max_messages: 1_000 });
    const state: Running = { partition, messages, handled, replayUpTo: delivered, queue: [], working: null, stopped: false, reading: Promise.resolve() };
    running.set(partition, state);
    state.reading = (async () => {
      for await (const message of messages) {
        if (state.stopped) break;
        state.queue.push(message);
        work(state);
      }
    })()
      .catch((error: unknown) => log.warn({ err: error, partition }, 'device log: consumer ended'))
      .finally(() => {
        // The consumer ended on its own (NATS restarted, the consumer removed): give the partition back to be claimed afresh.
        if (!state.stopped && !closing) void stop(partition, true);
      });
    log.info({ partition, handled, replayUpTo: delivered, from }, 'device log: partition taken');
  }

  /** Stops consuming a partition; its rule states are saved; with `release` it is given back at once. */
  async function stop(partition: number, release: boolean): Promise<void> {
    const state = running.get(partition);
    if (!state || state.stopped) {
      if (!state && release) await repository.release(member, partition);
      return;
    }
    state.stopped = true;
    await state.messages.close().catch(() => {});
    await state.working;
    running.delete(partition);
    const inPartition = (deviceId: string) => partitionOf(deviceId, settings.partitions) === partition;
    await deps.rules.relinquish(inPartition).catch((error: unknown) => log.error({ err: error, partition }, 'device log: rule states of a partition given up could not be saved'));
    if (release) await repository.release(member, partition).catch((error: unknown) => log.warn({ err: error, partition }, 'device log: partition not given back; its lease runs out'));
    log.info({ partition, release }, 'device log: partition given up');
  }

  let balancing: Promise<void> = Promise.resolve();
  async function balance(): Promise<void> {
    const time = now();
    const until = time + leaseMs;
    const alive = await repository.heartbeat(member, time, until);
    const held = await repository.renew(member, until);
    leaseValidUntil = time + leaseMs - renewMs / 2;
    for (const partition of [...running.keys()]) if (!held.includes(partition)) await stop(partition, false);
    // Held in the database but no longer consumed here (a batch failed, the consumer ended): given back, to be claimed afresh.
    const idle = held.filter((partition) => !running.has(partition));
    for (const partition of idle) await repository.release(member, partition);
    if (idle.length > 0) return;
    const share = fairShare(settings.partitions, alive);
    if (held.length > share) {
      for (const partition of held.slice(share)) await stop(partition, true);
      return;
    }
    const won = await repository.claim(member, share - held.length, time, until);
    if (won.length === 0) return;
    const taken = new Set(won.map((claim) => claim.partition));
    await deps.rules.adopt((deviceId) => taken.has(partitionOf(deviceId, settings.partitions)));
    for (const claim of won) await start(claim.partition, claim.from);
    const fromDead = won.filter((claim) => claim.from !== null && claim.from !== member);
    if (fromDead.length > 0) {
      takeovers.inc(fromDead.length);
      // The dead owner may have committed alarms it never announced: every console fetches the pending list again.
      deps.refetchConsoles('partition takeover');
      log.warn({ partitions: fromDead.map((claim) => claim.partition), from: [...new Set(fromDead.map((claim) => claim.from))] }, 'device log: partitions taken over from a process whose lease ran out');
    }
  }
  let timer: NodeJS.Timeout | null = null;
  const round = () => {
    balancing = balance()
      .catch((error: unknown) => {
        log.error({ err: error }, 'device log: partition balance failed; retrying');
        if (now() >= leaseValidUntil) for (const partition of [...running.keys()]) void stop(partition, false);
      })
      .finally(() => {
        if (!closing) timer = setTimeout(round, renewMs);
      });
  };
  round();
  await balancing;

  let appendErrorLoggedAt = 0;
  return {
    async append(deviceId, channel, payload, transport) {
      const partition = partitionOf(deviceId, settings.partitions);
      const meta = headers();
      meta.set('Vigil-Device', deviceId);
      meta.set('Vigil-Channel', channel);
      if (transport) meta.set('Vigil-Transport', transport);
      for (let attempt = 1; ; attempt++) {
        try {
          const ack = await js.publish(subjectOf(partition), payload, { msgID: deviceMessageId(deviceId, channel, payload), headers: meta, timeout: 5_000 });
          appended.inc({ result: ack.duplicate ? 'duplicate' : 'stored' });
          return true;
        } catch (error) {
          if (attempt < 3 && !closing) {
            await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
            continue;
          }
          appended.inc({ result: 'failed' });
          if (now() - appendErrorLoggedAt > 10_000) {
            appendErrorLoggedAt = now();
            log.error({ err: error, deviceId, channel, transport: transport ?? 'mqtt' }, 'device log: a device message could not be appended (other processes that heard it may have)');
          }
          return false;
        }
      }
    },
    owned: () => [...running.keys()].sort((a, b) => a - b),
    async close() {
      closing = true;
      if (timer) clearTimeout(timer);
      await balancing;
      for (const partition of [...running.keys()]) await stop(partition, true);
      await repository.leave(member).catch(() => {});
      await nc.drain().catch(() => nc.close());
    },
  };
}
