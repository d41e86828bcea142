import {
  AckMessageSchema,
  DEVICE_EVENT_TYPES,
  DEVICE_MESSAGE_MAX_BYTES,
  deviceSendsEvent,
  EventMessageSchema,
  StatusMessageSchema,
  TelemetryMessageSchema,
  type DeviceChannel,
  type DeviceLogMessage,
  type DevicePlacement,
  type DomainEventMap,
  type DomainEventName,
  type StatusMessage,
} from '@vigil/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import { retryOnConnectionLoss } from '../db/connection-retry.ts';
import type { Dialect } from '../db/dialect.ts';
import type { DevicesTable } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Metrics } from '../ops/metrics.ts';
import { writeBulkPostgres } from './batch-write.repository.ts';
import type { CommandQueueRepository } from './command-queue.repository.ts';
import type { DeviceDirectory, DirectoryEntry } from './device-directory.ts';
import { deviceStateRepository } from './device-state.repository.ts';
import { clockVerdict, deviceClocks } from './device-clock.ts';
import { dropLog, type DropReason } from './drop-log.ts';
import type { DeviceMessageRow, MessageLogRepository } from './message-log.repository.ts';
import { lastSeenTracker } from './last-seen.ts';
import { readTelemetryFast } from './telemetry-fast-path.ts';
import type { TelemetryStore } from './telemetry-store.ts';

export interface IngestLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface IngestOptions {
  /** Messages a device may send per second on average, and in a burst, before the rest is dropped as a flood. */
  floodRatePerS: number;
  floodBurst: number;
  /** How long the writer waits to gather a batch once work arrives. */
  lingerMs: number;
  /** Messages waiting for the writer; beyond this new ones are dropped (overload) rather than growing memory. */
  queueMax: number;
  /** Each drop reason is logged at most once per this interval. */
  dropLogIntervalMs: number;
  /** last_seen_at is written at most this often (kept in memory in between). */
  lastSeenFlushMs: number;
  /**
   * Open telemetry chunks are rewritten at most this often (each write rewrites the chunk so far);
   * `device.samples` events wait for the write that stores their samples.
   */
  telemetryFlushMs: number;
}

export const INGEST_DEFAULTS: IngestOptions = {
  floodRatePerS: 20,
  floodBurst: 60,
  lingerMs: 20,
  queueMax: 50_000,
  dropLogIntervalMs: 60_000,
  lastSeenFlushMs: 5_000,
  telemetryFlushMs: 500,
};

export interface IngestDeps {
  db: Db;
  /** PostgreSQL batches store their bulk rows in one statement (batch-write.repository.ts). */
  dialect?: Dialect;
  bus: EventBus;
  metrics: Metrics;
  log: IngestLog;
  now: () => number;
  directory: DeviceDirectory;
  telemetry: TelemetryStore;
  messages: MessageLogRepository;
  commands: CommandQueueRepository;
  options?: Partial<IngestOptions>;
}

/** How the message reached Vigil. */
export interface MessageSource {
  transport: 'mqtt' | 'http' | 'external';
  /** Published by the broker as the device's last will. */
  lastWill?: boolean;
  /** Read from the durable device log (device-log/), not straight from the broker. */
  logMessage?: DeviceLogMessage;
  /** The receiving process already applied check() (HTTP through the device log): the flood limit is not counted twice. */
  checked?: boolean;
}

/** The log message a domain event came from, for the rules (idempotent raises). */
const logTag = (source: MessageSource): { logMessage?: DeviceLogMessage } => (source.logMessage ? { logMessage: source.logMessage } : {});

export type IngestOutcome = { ok: true } | { ok: false; reason: DropReason };

type PendingEvent = { [Name in DomainEventName]: { name: Name; payload: DomainEventMap[Name]; transition?: Transition } }[DomainEventName];

interface Transition {
  deviceId: string;
  online: boolean;
  at: number;
  /** Set by the writer: whether this process's update made the change. */
  changed?: boolean;
}

interface Batch {
  rows: DeviceMessageRow[];
  patches: Map<string, Updateable<DevicesTable>>;
  transitions: Transition[];
  acks: { deviceId: string; commandId: string }[];
  events: PendingEvent[];
  size: number;
}

const emptyBatch = (): Batch => ({ rows: [], patches: new Map(), transitions: [], acks: [], events: [], size: 0 });

function placement(entry: DirectoryEntry): DevicePlacement {
  return { providerId: entry.providerId, bedId: entry.bedId, roomId: entry.roomId, residentId: entry.residentId };
}

function statusPatch(status: StatusMessage, now: number): Updateable<DevicesTable> {
  const patch: Updateable<DevicesTable> = { updated_at: now };
  if (status.firmware !== undefined) patch.firmware_version = status.firmware;
  if (status.hardware !== undefined) patch.hardware_version = status.hardware;
  if (status.battery !== undefined) patch.battery = status.battery;
  if (status.signal !== undefined) patch.signal = status.signal;
  if (status.power !== undefined) patch.power = status.power ? 1 : 0;
  if (status.tamper !== undefined) patch.tamper = status.tamper;
  return patch;
}

function parseJson(raw: Buffer | string): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Ingest (docs/device-protocol.md): checks each device message, keeps the device's live
 * state, and hands the work to one writer that stores a batch per transaction (samples,
 * message log, device rows) and then publishes the domain events: store, then publish.
 * A bad message is dropped and counted, never thrown; nothing one device sends can stop
 * ingest for the others.
 */
export function createIngest(deps: IngestDeps) {
  const options = { ...INGEST_DEFAULTS, ...deps.options };
  const { now, directory, telemetry } = deps;
  const devices = deviceStateRepository(deps.db);
  const messagesCounter = deps.metrics.counter({ name: 'vigil_device_messages_total', help: 'Device messages by channel and result (accepted or the drop reason)', labelNames: ['channel', 'result'] });
  const droppedCounter = deps.metrics.counter({ name: 'vigil_device_messages_dropped_total', help: 'Device messages refused or dropped, by reason', labelNames: ['reason'] });
  // The accepted series are hit for every message: their label lookups are done once.
  const acceptedSeries = new Map<string, ReturnType<typeof messagesCounter.labels>>();
  const acceptedOn = (channel: string) => {
    let series = acceptedSeries.get(channel);
    if (!series) acceptedSeries.set(channel, (series = messagesCounter.labels({ channel, result: 'accepted' })));
    return series;
  };
  const clockCounter = deps.metrics.counter({ name: 'vigil_device_clock_corrections_total', help: 'Device times Vigil did not take as sent: status and event times outside the window (replaced by the arrival time) and telemetry batches placed on arrival time after a clock jump', labelNames: ['channel', 'reason'] });
  const clocks = deviceClocks();
  /** A status or event time outside the window is replaced by the arrival time (the message itself is kept: an alarm is never lost to a clock). */
  const checkedTs = (channel: DeviceChannel, ts: number | undefined, time: number): number | undefined => {
    if (ts === undefined) return undefined;
    const verdict = clockVerdict(ts, time);
    if (!verdict) return ts;
    clockCounter.inc({ channel, reason: verdict });
    return time;
  };
  const samplesCounter = deps.metrics.counter({ name: 'vigil_telemetry_samples_total', help: 'One-second samples stored' });
  const batchHistogram = deps.metrics.histogram({ name: 'vigil_ingest_write_seconds', help: 'Time to store one batch of device messages', buckets: [0.001, 0.005, 0.02, 0.05, 0.1, 0.25, 1, 5] });
  let batch = emptyBatch();
  deps.metrics.gauge({ name: 'vigil_ingest_queue_depth', help: 'Device messages waiting to be stored', collect() { this.set(batch.size); } });
  const drops = dropLog({ counter: droppedCounter, log: deps.log, intervalMs: options.dropLogIntervalMs, now });
  const lastSeen = lastSeenTracker(options.lastSeenFlushMs);
  const buckets = new Map<string, { tokens: number; at: number }>();
  /** The transport each device used last (commands go back the same way, downlink-impl.ts). */
  const transports = new Map<string, 'mqtt' | 'http'>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let closed = false;
  let storeErrorLoggedAt = 0;
  let telemetryWrittenAt = Number.NEGATIVE_INFINITY;
  /** Sample events whose samples wait for the next telemetry write. */
  let heldSamples: PendingEvent[] = [];
  /** Messages accepted so far, and how many of the first ones are committed and published (settle waits on it). */
  let acceptedCount = 0;
  let committedCount = 0;

  /** A registry lookup waits out a lost database connection rather than dropping the message. */
  const lookup = (deviceId: string) => retryOnConnectionLoss(() => directory.lookup(deviceId), { log: deps.log, what: 'ingest: device lookup' });

  function drop(channel: string, reason: DropReason, deviceId: string | null, detail?: string): IngestOutcome {
    messagesCounter.inc({ channel, result: reason });
    drops.drop(reason, deviceId, detail);
    return { ok: false, reason };
  }

  function withinRate(deviceId: string, time: number): boolean {
    const bucket = buckets.get(deviceId) ?? { tokens: options.floodBurst, at: time };
    bucket.tokens = Math.min(options.floodBurst, bucket.tokens + ((time - bucket.at) / 1000) * options.floodRatePerS);
    bucket.at = time;
    buckets.set(deviceId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function schedule(): void {
    if (timer || writing || closed) return;
    // Only samples waiting: wake when their write is due, not every linger.
    const onlySamples = batch.size === 0 && batch.transitions.length === 0;
    const delay = onlySamples ? Math.max(options.lingerMs, options.telemetryFlushMs - (performance.now() - telemetryWrittenAt)) : options.lingerMs;
    timer = setTimeout(() => {
      timer = null;
      void write();
    }, delay);
  }

  function push(event: PendingEvent): void {
    batch.events.push(event);
  }

  /** The device is heard from: remember when, and bring it back online if it was not. */
  function seen(entry: DirectoryEntry, time: number): Transition | undefined {
    lastSeen.mark(entry.deviceId, time);
    if (entry.online) return undefined;
    entry.online = true;
    const transition: Transition = { deviceId: entry.deviceId, online: true, at: time };
    batch.transitions.push(transition);
    return transition;
  }

  function base(entry: DirectoryEntry, time: number) {
    return { deviceId: entry.deviceId, deviceType: entry.deviceType, receivedAt: time, ...placement(entry) };
  }

  function logRow(entry: DirectoryEntry, channel: DeviceChannel, ts: number | undefined, time: number, raw: Buffer | string) {
    batch.rows.push({ device_id: entry.deviceId, channel, ts: ts ?? time, received_at: time, payload: typeof raw === 'string' ? raw : raw.toString('utf8') });
  }

  /**
   * The sub-device a gateway reports for: its own entry, null when unknown (or when a device on
   * no host is joining in a pairing window: the gateways module decides whether it attaches), or
   * 'foreign' when it belongs to another host.
   */
  async function resolveSub(host: DirectoryEntry, subId: string, joining = false): Promise<DirectoryEntry | null | 'foreign'> {
    const sub = directory.cached(subId) ?? (await lookup(subId));
    if (!sub) return null;
    if (sub.hostRowId === host.rowId) return sub;
    return joining && sub.hostRowId === null ? null : 'foreign';
  }

  function handleStatus(entry: DirectoryEntry, status: StatusMessage, time: number, source: MessageSource, raw: Buffer | string): void {
    const wasOnline = entry.online;
    let transition: Transition | undefined;
    lastSeen.mark(entry.deviceId, time);
    if (status.online !== wasOnline) {
      entry.online = status.online;
      transition = { deviceId: entry.deviceId, online: status.online, at: time };
      batch.transitions.push(transition);
    }
    const previous = batch.patches.get(entry.deviceId) ?? {};
    batch.patches.set(entry.deviceId, { ...previous, ...statusPatch(status, time) });
    logRow(entry, 'status', status.ts, time, raw);
    const { online, lastWill, ...fields } = status;
    // A last will counts only when it ends an online period: the wills (and retained wills) of a device that is
    // already offline are news for the device list, not a second CONNECTION alarm (one per offline period).
    const reason = status.online ? (wasOnline ? 'message' : 'returned') : wasOnline && (source.lastWill || lastWill === true) ? 'lastWill' : 'message';
    push({ name: 'device.status', payload: { ...base(entry, time), online, reason, wasOnline, status: fields, ...logTag(source) }, ...(transition ? { transition } : {}) });
  }

  async function accept(entry: DirectoryEntry, channel: DeviceChannel, body: unknown, raw: Buffer | string, source: MessageSource): Promise<IngestOutcome> {
    const time = now();
    switch (channel) {
      case 'telemetry': {
        let message = readTelemetryFast(body);
        if (!message) {
          const parsed = TelemetryMessageSchema.safeParse(body);
          if (!parsed.success) return drop(channel, 'malformed', entry.deviceId, parsed.error.issues[0]?.message);
          message = parsed.data;
        }
        const timed = clocks.retime(entry.deviceId, message.samples, time);
        if (!timed.ok) return drop(channel, timed.reason, entry.deviceId, `${message.samples.length} samples`);
        if (timed.jumped) clockCounter.inc({ channel, reason: 'jump' });
        const transition = seen(entry, time);
        telemetry.append(entry.deviceId, timed.samples);
        samplesCounter.inc(timed.samples.length);
        if (transition) push(returned(entry, time, transition));
        push({ name: 'device.samples', payload: { ...base(entry, time), samples: timed.samples, ...logTag(source) } });
        break;
      }
      case 'status': {
        const parsed = StatusMessageSchema.safeParse(body);
        if (!parsed.success) return drop(channel, 'malformed', entry.deviceId, parsed.error.issues[0]?.message);
        const status = parsed.data;
        if (status.ts !== undefined) status.ts = checkedTs(channel, status.ts, time);
        if (status.sub) {
          const sub = await resolveSub(entry, status.sub);
          if (sub === 'foreign') return drop(channel, 'foreignSub', entry.deviceId, status.sub);
          const transition = seen(entry, time);
          if (transition) push(returned(entry, time, transition));
          if (sub) handleStatus(sub, status, time, source, raw);
          else logRow(entry, 'status', status.ts, time, raw);
          break;
        }
        handleStatus(entry, status, time, source, raw);
        break;
      }
      case 'event': {
        const parsed = EventMessageSchema.safeParse(body);
        if (!parsed.success) {
          const type = typeof body === 'object' && body !== null && 'type' in body ? body.type : undefined;
          const unknownType = typeof type === 'string' && !DEVICE_EVENT_TYPES.some((known) => known === type);
          return drop(channel, unknownType ? 'unknownType' : 'malformed', entry.deviceId, unknownType ? type : parsed.error.issues[0]?.message);
        }
        const event = parsed.data;
        event.ts = checkedTs(channel, event.ts, time) ?? time;
        let subDevice: DomainEventMap['device.event']['subDevice'] = null;
        let senderType = entry.deviceType;
        if (event.sub) {
          const sub = await resolveSub(entry, event.sub, event.type === 'pairing');
          if (sub === 'foreign') return drop(channel, 'foreignSub', entry.deviceId, event.sub);
          // Only a sub-device joining in a pairing window may be unknown; any other event names a sub-device of this host.
          if (!sub && event.type !== 'pairing') return drop(channel, 'unknownSub', entry.deviceId, event.sub);
          if (sub && event.type !== 'pairing') senderType = sub.deviceType;
          if (sub) {
            subDevice = { deviceId: sub.deviceId, deviceType: sub.deviceType, ...placement(sub) };
            const subTransition = seen(sub, time);
            if (subTransition) push(returned(sub, time, subTransition));
          }
        }
        // The catalogue decides: an event type the device type does not have raises no alarm (it would have no text).
        if (!deviceSendsEvent(senderType, event.type)) return drop(channel, 'unsupportedEvent', entry.deviceId, `${event.type} from type ${senderType}`);
        const transition = seen(entry, time);
        if (transition) push(returned(entry, time, transition));
        logRow(entry, 'event', event.ts, time, raw);
        push({ name: 'device.event', payload: { ...base(entry, time), subDevice, event, ...logTag(source) } });
        break;
      }
      case 'ack': {
        const parsed = AckMessageSchema.safeParse(body);
        if (!parsed.success) return drop(channel, 'malformed', entry.deviceId, parsed.error.issues[0]?.message);
        const transition = seen(entry, time);
        if (transition) push(returned(entry, time, transition));
        logRow(entry, 'ack', checkedTs(channel, parsed.data.ts, time), time, raw);
        batch.acks.push({ deviceId: entry.deviceId, commandId: parsed.data.id });
        push({ name: 'device.ack', payload: { ...base(entry, time), ack: parsed.data } });
        break;
      }
      case 'cmd':
        return drop(channel, 'forbiddenTopic', entry.deviceId, 'devices do not publish on cmd');
    }
    batch.size++;
    acceptedCount++;
    acceptedOn(channel).inc();
    schedule();
    return { ok: true };
  }

  function returned(entry: DirectoryEntry, time: number, transition: Transition): PendingEvent {
    return { name: 'device.status', payload: { ...base(entry, time), online: true, reason: 'returned', wasOnline: false, status: {} }, transition };
  }

  async function write(force = false): Promise<void> {
    if (writing) return writing;
    const taken = batch;
    const upTo = acceptedCount;
    batch = emptyBatch();
    const seenRows = lastSeen.take(performance.now(), force);
    const writeTelemetry = telemetry.hasPending() && (force || performance.now() - telemetryWrittenAt >= options.telemetryFlushMs);
    if (taken.size === 0 && taken.transitions.length === 0 && !writeTelemetry && seenRows.length === 0) {
      if (telemetry.hasPending()) schedule();
      else committedCount = Math.max(committedCount, upTo);
      return;
    }
    writing = (async () => {
      const started = process.hrtime.bigint();
      const written: { telemetry?: (committed: boolean) => void } = {};
      try {
        if (deps.dialect === 'postgres') {
          // One statement for the bulk rows (batch-write.repository.ts); a transaction only when device rows change too.
          const pending = writeTelemetry ? telemetry.takePending() : null;
          if (pending) written.telemetry = pending.settle;
          const bulk = { chunks: pending?.rows ?? [], messages: taken.rows, lastSeen: seenRows };
          const rare = taken.patches.size > 0 || taken.transitions.length > 0 || taken.acks.length > 0;
          if (!rare) await writeBulkPostgres(deps.db, bulk);
          else {
            await deps.db.transaction().execute(async (trx) => {
              // Every device row this batch changes, locked first in device-ID order (no deadlocks between processes).
              await devices.lockInOrder(trx, [...new Set([...taken.patches.keys(), ...taken.transitions.map((transition) => transition.deviceId), ...seenRows.map(([deviceId]) => deviceId)])].sort());
              await writeDeviceChanges(trx, taken);
              await writeBulkPostgres(trx, bulk);
              for (const ack of [...taken.acks].sort((x, y) => (x.deviceId < y.deviceId ? -1 : x.deviceId > y.deviceId ? 1 : 0))) await deps.commands.acknowledged(trx, ack.deviceId, ack.commandId);
            });
          }
        } else {
          await deps.db.transaction().execute(async (trx) => {
            if (writeTelemetry) written.telemetry = await telemetry.writePending(trx);
            await deps.messages.insertMany(trx, taken.rows);
            await writeDeviceChanges(trx, taken);
            await devices.writeLastSeen(trx, seenRows);
            for (const ack of taken.acks) await deps.commands.acknowledged(trx, ack.deviceId, ack.commandId);
          });
        }
        written.telemetry?.(true);
      } catch (error) {
        written.telemetry?.(false);
        lastSeen.restore(seenRows);
        const time = now();
        if (time - storeErrorLoggedAt > options.dropLogIntervalMs) {
          storeErrorLoggedAt = time;
          deps.log.error({ err: error, messages: taken.size }, 'ingest could not store a batch of device messages; retrying');
        }
        requeue(taken);
        return;
      } finally {
        batchHistogram.observe(Number(process.hrtime.bigint() - started) / 1e9);
      }
      let events = taken.events;
      if (writeTelemetry) {
        telemetryWrittenAt = performance.now();
        events = [...heldSamples, ...events];
        heldSamples = [];
      } else {
        heldSamples.push(...events.filter((event) => event.name === 'device.samples'));
        events = events.filter((event) => event.name !== 'device.samples');
      }
      await publish(events);
      if (!telemetry.hasPending() || writeTelemetry) committedCount = Math.max(committedCount, upTo);
    })().finally(() => {
      writing = null;
      if (batch.size > 0 || batch.transitions.length > 0 || telemetry.hasPending()) schedule();
    });
    return writing;
  }

  /** Status fields and online changes (rare next to telemetry): a statement per device, in device-ID order. */
  async function writeDeviceChanges(trx: Db, taken: Batch): Promise<void> {
    for (const deviceId of [...taken.patches.keys()].sort()) await devices.patch(trx, deviceId, taken.patches.get(deviceId) ?? {});
    // Stable sort: one device's transitions keep their order.
    const transitions = [...taken.transitions].sort((x, y) => (x.deviceId < y.deviceId ? -1 : x.deviceId > y.deviceId ? 1 : 0));
    for (const transition of transitions) transition.changed = await devices.setOnline(trx, transition.deviceId, transition.online, transition.at);
  }

  function requeue(failed: Batch): void {
    if (batch.size + failed.size > options.queueMax) {
      for (let index = 0; index < failed.size; index++) drops.drop('storeFailed', null);
      return;
    }
    batch.rows.unshift(...failed.rows);
    for (const [deviceId, patch] of failed.patches) batch.patches.set(deviceId, { ...patch, ...batch.patches.get(deviceId) });
    batch.transitions.unshift(...failed.transitions);
    batch.acks.unshift(...failed.acks);
    batch.events.unshift(...failed.events);
    batch.size += failed.size;
  }

  async function publish(events: PendingEvent[]): Promise<void> {
    const deliveries: Promise<void>[] = [];
    for (const event of events) {
      if (event.transition && event.transition.changed === false) {
        // Another process already made this change and told everyone: a status message is still news, a bare return is not.
        if (event.name !== 'device.status' || event.payload.reason === 'returned') continue;
      }
      deliveries.push(deps.bus.publish(event.name, event.payload));
    }
    await Promise.all(deliveries);
  }

  return {
    /** Takes one message from a device (already authenticated where the transport can). */
    async receive(deviceId: string, channel: DeviceChannel, raw: Buffer | string, source: MessageSource): Promise<IngestOutcome> {
      if (closed) return drop(channel, 'overload', deviceId, 'ingest is closing');
      const length = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
      if (length > DEVICE_MESSAGE_MAX_BYTES) return drop(channel, 'oversized', deviceId, `${length} bytes`);
      const entry = directory.cached(deviceId) ?? (directory.knownUnknown(deviceId) ? null : await lookup(deviceId));
      if (!entry) return drop(channel, 'unknownDevice', deviceId);
      if (!source.lastWill && !source.checked && !withinRate(deviceId, performance.now())) return drop(channel, 'flood', deviceId);
      // Under overload only telemetry is shed: an event (a fall, an SOS), a status or an ack is never
      // dropped for load, so no alarm is lost to it; the per-device flood limit above still bounds them.
      if (batch.size >= options.queueMax && channel === 'telemetry') return drop(channel, 'overload', deviceId);
      const body = parseJson(raw);
      if (body === undefined) return drop(channel, 'malformed', deviceId, 'not JSON');
      const outcome = await accept(entry, channel, body, raw, source);
      if (outcome.ok) {
        const via = source.transport === 'http' ? 'http' : 'mqtt';
        if (transports.get(deviceId) !== via) transports.set(deviceId, via);
      }
      return outcome;
    },
    /**
     * What an HTTP message must pass before it is appended to the device log (NATS_URL), so the device
     * hears 400, 413 or 429 at once as without the log: size, flood limit, JSON and the channel's schema.
     * What needs the device's state (clock, sub-devices, the catalogue) is checked by the partition's
     * owner when it handles the message (refused there, counted in the drop log).
     */
    check(deviceId: string, channel: DeviceChannel, raw: Buffer): IngestOutcome {
      if (closed) return drop(channel, 'overload', deviceId, 'ingest is closing');
      if (raw.length > DEVICE_MESSAGE_MAX_BYTES) return drop(channel, 'oversized', deviceId, `${raw.length} bytes`);
      if (!withinRate(deviceId, performance.now())) return drop(channel, 'flood', deviceId);
      const body = parseJson(raw);
      if (body === undefined) return drop(channel, 'malformed', deviceId, 'not JSON');
      switch (channel) {
        case 'telemetry': {
          if (readTelemetryFast(body)) break;
          const parsed = TelemetryMessageSchema.safeParse(body);
          if (!parsed.success) return drop(channel, 'malformed', deviceId, parsed.error.issues[0]?.message);
          break;
        }
        case 'status': {
          const parsed = StatusMessageSchema.safeParse(body);
          if (!parsed.success) return drop(channel, 'malformed', deviceId, parsed.error.issues[0]?.message);
          break;
        }
        case 'event': {
          const parsed = EventMessageSchema.safeParse(body);
          if (parsed.success) break;
          const type = typeof body === 'object' && body !== null && 'type' in body ? body.type : undefined;
          const unknownType = typeof type === 'string' && !DEVICE_EVENT_TYPES.some((known) => known === type);
          return drop(channel, unknownType ? 'unknownType' : 'malformed', deviceId, unknownType ? type : parsed.error.issues[0]?.message);
        }
        case 'ack': {
          const parsed = AckMessageSchema.safeParse(body);
          if (!parsed.success) return drop(channel, 'malformed', deviceId, parsed.error.issues[0]?.message);
          break;
        }
        case 'cmd':
          return drop(channel, 'forbiddenTopic', deviceId, 'devices do not publish on cmd');
      }
      return { ok: true };
    },
    /** How the device talked last (MQTT, embedded or external broker, or HTTP); undefined before its first message here. */
    transportOf: (deviceId: string): 'mqtt' | 'http' | undefined => transports.get(deviceId),
    /** Records a refusal made before ingest (authentication, topic rights). */
    refuse(channel: string, reason: DropReason, deviceId: string | null, detail?: string): void {
      drop(channel, reason, deviceId, detail);
    },
    /** Marks devices offline after silence; answers how many went offline (supervision.ts calls it). */
    async markOffline(silent: { deviceId: string; seen: number }[], time: number): Promise<number> {
      let count = 0;
      for (const { deviceId, seen } of silent) {
        // Not if it was heard from since (here or by another process).
        if ((lastSeen.get(deviceId) ?? 0) > seen) continue;
        const changed = await devices.markSilentOffline(deviceId, seen, time);
        const entry = directory.cached(deviceId) ?? (await directory.lookup(deviceId));
        if (entry) entry.online = false;
        if (!changed || !entry) continue;
        count++;
        await deps.bus.publish('device.status', { ...base(entry, time), online: false, reason: 'silence', wasOnline: true, status: {} });
      }
      return count;
    },
    lastSeenOf: (deviceId: string) => lastSeen.get(deviceId),
    /** Periodic work: writes last-seen times when due. */
    tick(): void {
      if (lastSeen.due(performance.now())) void write().catch(() => {});
    },
    /** Stores everything received so far and publishes its events. */
    async flush(): Promise<void> {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      while (writing) await writing;
      await write(true);
      while (writing) await writing;
    },
    /**
     * Stores everything received so far and publishes its events, retrying until it is committed
     * (a lost database connection requeues the batch): the device log acknowledges only after it.
     */
    async settle(): Promise<void> {
      // Waits for what was received before the call, not for an empty queue (other partitions keep adding).
      const target = acceptedCount;
      for (;;) {
        await this.flush();
        if (committedCount >= target) return;
        if (closed) throw new Error('ingest closed before the messages were stored');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async close(): Promise<void> {
      await this.flush();
      closed = true;
      if (timer) clearTimeout(timer);
      drops.close();
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
