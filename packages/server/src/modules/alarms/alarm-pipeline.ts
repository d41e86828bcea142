import { ALARM_GROUPS, DEFAULT_RESIDENT_ALARM_SETTINGS, type DevicePlacement, type ResidentAlarmSettings } from '@vigil/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import { enabledOnly, type RuleEngine } from '../../rules/engine.ts';
import type { RuleAction } from '../../rules/types.ts';
import type { AlarmPlaces } from './alarm-places.ts';
import type { AlarmSettings } from './alarm-settings.ts';
import type { AlarmDevice, AlarmStore } from './alarm-store.ts';

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
 */
export function alarmPipeline(deps: {
  bus: EventBus;
  engine: RuleEngine;
  store: AlarmStore;
  places: AlarmPlaces;
  settings: AlarmSettings;
  log: PipelineLog;
  now: () => number;
}) {
  const queues = new Map<string, Promise<void>>();
  const lastSeen = new Map<string, { device: AlarmDevice; placement: DevicePlacement & { providerId: number } }>();
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
  async function settingsAt(placement: DevicePlacement & { providerId: number }): Promise<ResidentAlarmSettings> {
    const place = await deps.places.resolve(placement);
    return settingsFor(place.providerId, place.residentId);
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

  async function apply(device: AlarmDevice, placement: DevicePlacement & { providerId: number }, actions: RuleAction[]): Promise<void> {
    if (actions.length === 0) return;
    const place = await deps.places.resolve(placement);
    for (const action of actions) {
      if (action.kind === 'raise') await deps.store.raise(device, place, action.alertType, action.at, action.duration);
      else await deps.store.relieve(device, action.alertType, action.at, action.source);
    }
  }

  function withProvider(placement: DevicePlacement): (DevicePlacement & { providerId: number }) | null {
    return placement.providerId === null ? null : { ...placement, providerId: placement.providerId };
  }

  const unsubscribe = [
    deps.bus.subscribe('device.event', (event) => {
      const source = event.subDevice ?? event;
      const device = { deviceId: source.deviceId, deviceType: source.deviceType };
      const placement = withProvider(source);
      if (!placement) return;
      return serially(device.deviceId, async () => {
        lastSeen.set(device.deviceId, { device, placement });
        const settings = await settingsAt(placement);
        await apply(device, placement, deps.engine.event(device.deviceId, device.deviceType, event.event, event.receivedAt, settings));
      });
    }),
    deps.bus.subscribe('device.status', (event) => {
      const device = { deviceId: event.deviceId, deviceType: event.deviceType };
      const placement = withProvider(event);
      if (!placement) return;
      return serially(device.deviceId, async () => {
        lastSeen.set(device.deviceId, { device, placement });
        const settings = await settingsAt(placement);
        await apply(device, placement, deps.engine.status(device.deviceId, device.deviceType, event, event.receivedAt, settings));
      });
    }),
    deps.bus.subscribe('device.samples', (event) => {
      const device = { deviceId: event.deviceId, deviceType: event.deviceType };
      const placement = withProvider(event);
      if (!placement) return;
      return serially(device.deviceId, async () => {
        lastSeen.set(device.deviceId, { device, placement });
        const settings = await settingsAt(placement);
        await apply(device, placement, deps.engine.samples(device.deviceId, device.deviceType, event.samples, settings));
      });
    }),
  ];

  async function tick(): Promise<void> {
    for (const result of deps.engine.tick(deps.now())) {
      const seen = lastSeen.get(result.deviceId);
      if (!seen) continue;
      await serially(result.deviceId, async () => {
        const settings = await settingsAt(seen.placement);
        await apply(seen.device, seen.placement, enabledOnly(result.actions, settings));
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
    close(): void {
      clearInterval(timer);
      for (const stop of unsubscribe) stop();
    },
  };
}
export type AlarmPipeline = ReturnType<typeof alarmPipeline>;
