import crypto from 'node:crypto';
import { AlarmRecordSchema, DISTRIBUTED_EVENTS, residentSampleSchema, type DomainEventMap, type DomainEventName } from '@vigil/contracts';
import { z } from 'zod';
import { Redis } from 'ioredis';
import { handlerRegistry, type EventBus, type EventBusLog } from './event-bus.ts';

/** The Redis pub/sub channel all Vigil processes of one installation share. */
export const EVENT_CHANNEL = 'vigil:events:v1';

const distributed = new Set<DomainEventName>(DISTRIBUTED_EVENTS);

const RemoteSchemas = {
  raised: z.object({ providerId: z.number().int(), alarm: AlarmRecordSchema, kind: z.enum(['new', 'repeat', 'escalated']) }),
  changed: z.object({ providerId: z.number().int(), alarm: AlarmRecordSchema }),
  monitor: z.object({ providerId: z.number().int(), states: z.array(residentSampleSchema) }),
  auth: z.object({ changedAt: z.number() }),
};

interface Envelope {
  origin: string;
  name: DomainEventName;
  payload: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'origin' in value && 'name' in value && 'payload' in value && typeof value.origin === 'string' && typeof value.name === 'string';
}

/**
 * The event bus over Redis pub/sub (REDIS_URL). Publish delivers to this process's
 * handlers at once and, for the events in DISTRIBUTED_EVENTS (alarms, live samples, sign-in changes),
 * to every other process through Redis; each process skips its own messages. Device
 * events stay local: ingest's shared subscription hands each device message to one
 * process, whose rules then run once. Redis pub/sub keeps nothing: a process that is
 * down misses what was published meanwhile; consoles recover by fetching the pending
 * list when their socket reconnects (alarms are committed before they are published).
 */
export async function redisEventBus(url: string, log: EventBusLog & { warn(details: object, message: string): void }, channel = EVENT_CHANNEL): Promise<EventBus> {
  const origin = crypto.randomUUID();
  const registry = handlerRegistry(log);
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => log.warn({ err: error }, 'redis event bus connection error'));
  await publisher.connect();
  await subscriber.connect();
  subscriber.on('message', (_channel: string, message: string) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(message);
    } catch {
      return;
    }
    if (!isEnvelope(envelope) || envelope.origin === origin) return;
    void deliverRemote(envelope.name, envelope.payload);
  });
  await subscriber.subscribe(channel);

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
        await publisher.publish(channel, JSON.stringify(envelope)).catch((error: unknown) => log.error({ err: error, event: name }, 'redis publish failed; other processes miss this event'));
      }
      await registry.deliver(name, payload);
    },
    subscribe: (name, handler) => registry.add(name, handler),
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
