import type { DomainEventMap, DomainEventName } from '@vigil/contracts';

export type EventHandler<Name extends DomainEventName> = (payload: DomainEventMap[Name]) => void | Promise<void>;

/**
 * The domain event bus (ARCHITECTURE: ingest → rules → alarms → socket hub).
 * In-process by default; a Redis-backed bus with the same interface carries events
 * between Vigil processes. A failing handler is logged and never reaches the publisher,
 * so one consumer cannot stop ingest for everyone else.
 */
export interface EventBus {
  /** Delivers the event to every subscriber of its name (in this process, and others when distributed). */
  publish<Name extends DomainEventName>(name: Name, payload: DomainEventMap[Name]): Promise<void>;
  /** Subscribes; answers the unsubscribe function. */
  subscribe<Name extends DomainEventName>(name: Name, handler: EventHandler<Name>): () => void;
  /**
   * Called after the bus between processes was interrupted (disconnected or stalled) and works
   * again: events may have been missed meanwhile, so whoever shows them (the socket hub) refetches.
   * The in-process bus is never interrupted.
   */
  onInterrupted(handler: () => void): () => void;
  /**
   * Makes every console, of this process and of the others, fetch the pending list again (through
   * the onInterrupted handlers): e.g. alarms a dead process committed but never announced.
   */
  refetchEverywhere(reason: string): void;
  close(): Promise<void>;
}

export interface EventBusLog {
  error(details: object, message: string): void;
}

/** Handlers by event name, with delivery that isolates each handler's failure. */
export function handlerRegistry(log: EventBusLog) {
  const handlers = new Map<DomainEventName, Set<(payload: never) => void | Promise<void>>>();
  return {
    add<Name extends DomainEventName>(name: Name, handler: EventHandler<Name>): () => void {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
    async deliver<Name extends DomainEventName>(name: Name, payload: DomainEventMap[Name]): Promise<void> {
      const set = handlers.get(name) as Set<EventHandler<Name>> | undefined;
      if (!set) return;
      await Promise.all(
        [...set].map(async (handler) => {
          try {
            await handler(payload);
          } catch (error) {
            log.error({ err: error, event: name }, 'event handler failed');
          }
        }),
      );
    },
  };
}

/** The single-process bus: publish calls this process's handlers. */
export function inProcessEventBus(log: EventBusLog): EventBus {
  const registry = handlerRegistry(log);
  const interruptedHandlers = new Set<() => void>();
  return {
    publish: (name, payload) => registry.deliver(name, payload),
    subscribe: (name, handler) => registry.add(name, handler),
    onInterrupted(handler) {
      interruptedHandlers.add(handler);
      return () => void interruptedHandlers.delete(handler);
    },
    refetchEverywhere: () => {
      for (const handler of interruptedHandlers) handler();
    },
    close: async () => {},
  };
}
