import { ALARM_GROUPS, DEFAULT_RESIDENT_ALARM_SETTINGS, type DeviceLogMessage, type DevicePlacement, type ResidentAlarmSettings } from '@vigil/contracts';
import { retryOnConnectionLoss } from '../../db/connection-retry.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { enabledOnly, type RuleEngine } from '../../rules/engine.ts';
import type { RulePlacement } from '../../rules/rule-state-store.ts';
import { withinSleepWindow } from '../../rules/sleep-window.ts';
import type { RuleAction } from '../../rules/types.ts';
import type { AlarmPlaces } from './alarm-places.ts';
import type { AlarmSettings } from './alarm-settings.ts';
import type { AlarmDevice, AlarmStore } from './alarm-store.ts';
import type { SleepWindows } from './sleep-windows.ts';

/** How often time-driven rules run (door left open, infrared empty room). */
export const RULE_TICK_MS = 30_000;
const SETTINGS_CACHE_MS = 30_000;

/** A device without a resident (a room sensor) raises every group, with the default values. */
const ROOM_DEVICE_SETTINGS: ResidentAlarmSettings = {
  enabled: Object.fromEntries(ALARM_GROUPS.map((group) => [group, true])) as ResidentAlarmSettings['enabled'],
  values: DEFAULT_RESIDENT_ALARM_SETTINGS.values,
};

export interface PipelineLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Device events → rules → alarm store. Subscribes to device.event, device.status and
 * device.samples on the bus (published by ingest, once per message, in the process that
 * received it), runs each device's messages one after another, and runs time-driven
 * rules every 30 s. Devices still in the vendor's stock (no provider) raise nothing.
 * Each device's rule state is taken from the engine's store before its first message here,
 * and every saved state at start (time-driven rules of devices that stay silent).
 */
export function alarmPipeline(deps: {
  bus: EventBus;
  engine: RuleEngine;
  store: AlarmStore;
  places: AlarmPlaces;
  settings: AlarmSettings;
  windows: SleepWindows;
  log: PipelineLog;
  now: () => number;
}) {
  const queues = new Map<string, Promise<void>>();
  const settingsCache = new Map<number, { value: ResidentAlarmSettings; at: number }>();

  async function settingsFor(providerId: number, residentId: number | null): Promise<ResidentAlarmSettings> {
    if (residentId === null) return ROOM_DEVICE_SETTINGS;
    const cached = settingsCache.get(residentId);
    if (cached && deps.now() - cached.at < SETTINGS_CACHE_MS) return cached.value;
    const value = await deps.settings.effectiveFor(providerId, residentId);
    settingsCache.set(residentId, { value, at: deps.now() });
    return value;
  }

  /** The settings of whoever the device watches: the resident it is bound to, or the one in its bed. */
  // A lost database connection (a restart, a failover) delays a raise; it never drops one.
  const retrying = <T>(what: string, work: () => Promise<T>) => retryOnConnectionLoss(work, { log: deps.log, what });

  async function settingsAt(placement: DevicePlacement & { providerId: number }): Promise<ResidentAlarmSettings> {
    return retrying('alarm rules: settings', async () => {
      const place = await deps.places.resolve(placement);
      return settingsFor(place.providerId, place.residentId);
    });
  }
  // A save in this process applies at once; one in another process within SETTINGS_CACHE_MS.
  deps.settings.onResidentChange((residentId) => settingsCache.delete(residentId));

  /** Runs work for one device after its earlier work, so its rule state sees messages in order. */
  function serially(deviceId: string, work: () => Promise<void>): Promise<void> {
    const previous = queues.get(deviceId) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => deps.log.error({ err: error, deviceId }, 'alarm rules failed for a device message'));
    queues.set(deviceId, next);
    void next.then(() => {
      if (queues.get(deviceId) === next) queues.delete(deviceId);
    });
    return next;
  }

  async function apply(device: AlarmDevice, placement: DevicePlacement & { providerId: number }, actions: RuleAction[], source?: DeviceLogMessage): Promise<void> {
    if (actions.length === 0) return;
    const place = await retrying('alarm rules: place', () => deps.places.resolve(placement));
    for (const action of actions) {
      if (action.kind === 'raise') await retrying('alarm raise', () => deps.store.raise(device, place, action.alertType, action.at, action.duration, source));
      else await retrying('alarm relief', () => deps.store.relieve(device, action.alertType, action.at, action.source));
    }
  }

  function withProvider(placement: DevicePlacement): (DevicePlacement & { providerId: number }) | null {
    return placement.providerId === null ? null : { ...placement, providerId: placement.providerId };
  }

  /** Takes the device's saved rule state (first message in this process) and notes where it is. */
  async function take(device: AlarmDevice, placement: RulePlacement): Promise<void> {
    await retrying('alarm rules: saved rule state', () => deps.engine.take(device.deviceId));
    deps.engine.place(device.deviceId, device.deviceType, placement);
  }
  const loaded = deps.engine.takeAll().catch((error: unknown) => {
    deps.log.error({ err: error }, 'saved rule states could not be read; timers start from the next messages');
    return 0;
  });

  const unsubscribe = [
    deps.bus.subscribe('device.event', (event) => {
      const source = event.subDevice ?? event;
      const device = { deviceId: source.deviceId, deviceType: source.deviceType };
      const placement = withProvider(source);
      if (!placement) return;
      return serially(device.deviceId, async () => {
        await take(device, placement);
        const settings = await settingsAt(placement);
        await apply(device, placement, deps.engine.event(device.deviceId, device.deviceType, event.event, event.receivedAt, settings), event.logMessage);
      });
    }),
    deps.bus.subscribe('device.status', (event) => {
      const device = { deviceId: event.deviceId, deviceType: event.deviceType };
      const placement = withProvider(event);
      if (!placement) return;
      return serially(device.deviceId, async () => {
        await take(device, placement);
        const settings = await settingsAt(placement);
        await apply(device, placement, deps.engine.status(device.deviceId, device.deviceType, event, event.receivedAt, settings), event.logMessage);
      });
    }),
    deps.bus.subscribe('device.samples', (event) => {
      const device = { deviceId: event.deviceId, deviceType: event.deviceType };
      const placement = withProvider(event);
      if (!placement) return;
      return serially(device.deviceId, async () => {
        await take(device, placement);
        const settings = await settingsAt(placement);
        const window = await retrying('alarm rules: sleep window', () => deps.windows.of(placement.providerId, device.deviceId));
        await apply(device, placement, deps.engine.samples(device.deviceId, device.deviceType, event.samples, settings, (t) => withinSleepWindow(t, window)), event.logMessage);
      });
    }),
  ];

  async function tick(): Promise<void> {
    await loaded;
    for (const result of deps.engine.tick(deps.now())) {
      const placement = deps.engine.placementOf(result.deviceId);
      if (!placement) continue;
      const device = { deviceId: result.deviceId, deviceType: result.deviceType };
      await serially(result.deviceId, async () => {
        const settings = await settingsAt(placement);
        await apply(device, placement, enabledOnly(result.actions, settings));
      });
    }
  }
  const timer = setInterval(() => void tick(), RULE_TICK_MS);
  timer.unref();

  return {
    tick,
    /** Resolves when every queued device message has been through the rules. */
    async drain(): Promise<void> {
      while (queues.size > 0) await Promise.all([...queues.values()]);
    },
    /** Stops listening, lets queued messages finish, and saves the rule states. */
    async close(): Promise<void> {
      clearInterval(timer);
      for (const stop of unsubscribe) stop();
      while (queues.size > 0) await Promise.all([...queues.values()]);
      await deps.engine.close();
    },
  };
}
export type AlarmPipeline = ReturnType<typeof alarmPipeline>;
