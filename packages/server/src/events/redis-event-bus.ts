import crypto from 'node:crypto';
import { AlarmRecordSchema, DISTRIBUTED_EVENTS, residentSampleSchema, type DomainEventMap, type DomainEventName } from '@vigil/contracts';
import { z } from 'zod';
import { Redis } from 'ioredis';
import { handlerRegistry, type EventBus, type EventBusLog } from './event-bus.ts';

/** The Redis pub/sub channel all Vigil processes of one installation share. */
export const EVENT_CHANNEL = 'vigil:events:v1';

/** Each process hears its own heartbeat on the channel this often … */
export const BUS_HEARTBEAT_MS = 1_000;
/** … and counts the bus as stalled when it has not for this long. */
export const BUS_STALL_MS = 4_000;
/** A publish Redis does not answer within this long fails (logged, counted) instead of piling up. */
const COMMAND_TIMEOUT_MS = 3_000;

const distributed = new Set<DomainEventName>(DISTRIBUTED_EVENTS);

const RemoteSchemas = {
  raised: z.object({ providerId: z.number().int(), alarm: AlarmRecordSchema, kind: z.enum(['new', 'repeat', 'escalated']) }),
  changed: z.object({ providerId: z.number().int(), alarm: AlarmRecordSchema }),
  monitor: z.object({ providerId: z.number().int(), states: z.array(residentSampleSchema) }),
  auth: z.object({ changedAt: z.number() }),
};

/** Control messages on the channel, besides domain events: a process's heartbeat, and "I was cut off: everyone refetch". */
const HEARTBEAT = '$heartbeat';
const RESYNC = '$resync';

interface Envelope {
  origin: string;
  name: string;
  payload: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'origin' in value && 'name' in value && 'payload' in value && typeof value.origin === 'string' && typeof value.name === 'string';
}

export type BusInterruption = 'disconnect' | 'stall' | 'publish' | 'peer';

export interface RedisBusOptions {
  channel?: string;
  /** Told each time the bus was interrupted and works again (metrics). */
  onInterruption?: (reason: BusInterruption) => void;
}

/**
 * The event bus over Redis pub/sub (REDIS_URL). Publish delivers to this process's handlers at
 * once (never waiting for Redis) and, for the events in DISTRIBUTED_EVENTS (alarms, live samples,
 * sign-in changes), to every other process through Redis; each process skips its own messages.
 * Device events stay local: ingest hands each device message to one process, whose rules then run once.
 *
 * Redis pub/sub keeps nothing, so the bus is honest rather than reliable (issue 26): a process
 * whose connection drops, whose publish fails, or that stops hearing its own heartbeat (Redis
 * stalled) logs it, counts it, and once the bus works again tells its own consoles to fetch the
 * pending list again (onInterrupted → the socket hub) and every other process to do the same
 * (a `$resync` message), since either side may have missed events. Alarms are committed before
 * they are published, so the refetched list holds them.
 */
export async function redisEventBus(url: string, log: EventBusLog & { warn(details: object, message: string): void }, options: RedisBusOptions | string = {}): Promise<EventBus> {
  const { channel = EVENT_CHANNEL, onInterruption } = typeof options === 'string' ? { channel: options } : options;
  const origin = crypto.randomUUID();
  const registry = handlerRegistry(log);
  const interruptedHandlers = new Set<() => void>();
  const base = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true, retryStrategy: (times: number) => Math.min(times * 200, 2_000) } as const;
  // Named, so an operator (or a test) finds Vigil's connections in CLIENT LIST.
  const publisher = new Redis(url, { ...base, commandTimeout: COMMAND_TIMEOUT_MS, connectionName: `vigil-bus-pub-${channel.replace(/[^A-Za-z0-9:_-]/g, '_')}` });
  const subscriber = new Redis(url, { ...base, connectionName: `vigil-bus-sub-${channel.replace(/[^A-Za-z0-9:_-]/g, '_')}` });
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log.warn({ err: error }, 'redis event bus connection error'));

  /** Why the bus is interrupted now (null while it works). */
  let interrupted: BusInterruption | null = null;
  let closing = false;
  let heardAt = Date.now();

  function interrupt(reason: BusInterruption, detail: object = {}): void {
    if (closing || interrupted) return;
    interrupted = reason;
    log.warn({ reason, ...detail }, 'redis event bus interrupted: other processes\' events may be missed until it works again');
  }

  /** The bus works again: count it, and make every console (here and in the other processes) refetch. */
  function recovered(tellOthers: boolean): void {
    const reason = interrupted;
    if (!reason) return;
    interrupted = null;
    log.warn({ reason }, 'redis event bus works again: consoles fetch the pending list again');
    onInterruption?.(reason);
    if (tellOthers) void publisher.publish(channel, JSON.stringify({ origin, name: RESYNC, payload: { reason } } satisfies Envelope)).catch(() => {});
    for (const handler of interruptedHandlers) handler();
  }

  for (const client of [publisher, subscriber]) {
    client.on('close', () => interrupt('disconnect'));
    // The subscriber resubscribes by itself on reconnect (ioredis autoResubscribe); the next heartbeat heard says all is well.
    client.on('ready', () => {
      if (interrupted === 'disconnect' && publisher.status === 'ready' && subscriber.status === 'ready') heardAt = Date.now();
    });
  }
  await publisher.connect();
  await subscriber.connect();
  subscriber.on('message', (_channel: string, message: string) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(message);
    } catch {
      return;
    }
    if (!isEnvelope(envelope)) return;
    if (envelope.origin === origin) {
      if (envelope.name === HEARTBEAT) {
        heardAt = Date.now();
        recovered(true);
      }
      return;
    }
    if (envelope.name === HEARTBEAT) return;
    if (envelope.name === RESYNC) {
      // Another process was cut off (what it published meanwhile may not have reached us), or asks for a refetch.
      const asked = typeof envelope.payload === 'object' && envelope.payload !== null && 'asked' in envelope.payload && typeof envelope.payload.asked === 'string' ? envelope.payload.asked : null;
      log.warn({ from: envelope.origin, ...(asked ? { reason: asked } : {}) }, asked ? 'another process asks every console to fetch the pending list again' : 'another process\'s event bus was interrupted: consoles fetch the pending list again');
      if (!asked) onInterruption?.('peer');
      for (const handler of interruptedHandlers) handler();
      return;
    }
    void deliverRemote(envelope.name, envelope.payload);
  });
  await subscriber.subscribe(channel);

  const heartbeat = setInterval(() => {
    if (Date.now() - heardAt > BUS_STALL_MS) interrupt(publisher.status === 'ready' && subscriber.status === 'ready' ? 'stall' : 'disconnect', { silentMs: Date.now() - heardAt });
    void publisher.publish(channel, JSON.stringify({ origin, name: HEARTBEAT, payload: null } satisfies Envelope)).catch(() => {});
  }, BUS_HEARTBEAT_MS);
  heartbeat.unref();

  /** Checks what another process sent against the contracts before local handlers see it. */
  async function deliverRemote(name: string, payload: unknown): Promise<void> {
    switch (name) {
      case 'alarm.raised': {
        const parsed = RemoteSchemas.raised.safeParse(payload);
        if (parsed.success) return registry.deliver(name, parsed.data);
        break;
      }
      case 'alarm.handled':
      case 'alarm.relieved': {
        const parsed = RemoteSchemas.changed.safeParse(payload);
        if (parsed.success) return registry.deliver(name, parsed.data);
        break;
      }
      case 'monitor.data': {
        const parsed = RemoteSchemas.monitor.safeParse(payload);
        if (parsed.success) return registry.deliver(name, parsed.data);
        break;
      }
      case 'auth.changed': {
        const parsed = RemoteSchemas.auth.safeParse(payload);
        if (parsed.success) return registry.deliver(name, parsed.data);
        break;
      }
      default:
        return;
    }
    log.warn({ event: name }, 'malformed event from another process dropped');
  }

  return {
    async publish<Name extends DomainEventName>(name: Name, payload: DomainEventMap[Name]): Promise<void> {
      if (distributed.has(name)) {
        const envelope: Envelope = { origin, name, payload };
        // Not awaited: this process's consoles never wait for Redis (a stalled Redis once delayed every alarm by the stall).
        publisher.publish(channel, JSON.stringify(envelope)).catch((error: unknown) => {
          log.error({ err: error, event: name }, 'redis publish failed; other processes miss this event until their consoles refetch');
          interrupt('publish');
        });
      }
      await registry.deliver(name, payload);
    },
    subscribe: (name, handler) => registry.add(name, handler),
    onInterrupted(handler) {
      interruptedHandlers.add(handler);
      return () => void interruptedHandlers.delete(handler);
    },
    refetchEverywhere(reason) {
      void publisher.publish(channel, JSON.stringify({ origin, name: RESYNC, payload: { asked: reason } } satisfies Envelope)).catch((error: unknown) => {
        log.error({ err: error }, 'redis publish failed: other processes\' consoles were not told to refetch');
        interrupt('publish');
      });
      for (const handler of interruptedHandlers) handler();
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      await subscriber.quit().catch(() => subscriber.disconnect());
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
