import { alarmGroupOf, deviceRaises, type EventMessage, type TelemetrySample } from '@vigil/contracts';
import { INITIAL_SENSOR_STATE, onDeviceEvent, onDeviceStatus, onSensorTick } from './event-rules.ts';
import type { RulePlacement, RuleStateStore, StoredRuleState } from './rule-state-store.ts';
import { INITIAL_SLEEP_STATE, onSamples, type SleepHours } from './sleep-rules.ts';
import type { RuleAction, RuleSettings } from './types.ts';

export type DeviceRuleState = StoredRuleState;

/** Changed states are written this often (and when the engine stops): a restart loses at most this much. */
export const RULE_STATE_SAVE_MS = 2_000;

/** Drops raises of groups the resident switched off; reliefs always pass. */
export function enabledOnly(actions: RuleAction[], settings: RuleSettings): RuleAction[] {
  return actions.filter((action) => action.kind === 'relieve' || settings.enabled[alarmGroupOf(action.alertType)]);
}

export interface RuleEngineLog {
  error(details: object, message: string): void;
}

/**
 * The rules engine: per-device rule state, pure rules underneath (event-rules.ts,
 * sleep-rules.ts). With a store, a device's state is loaded before its first message in this
 * process (`take`) and changed states are saved every RULE_STATE_SAVE_MS and on `close`, so a
 * restart neither restarts nor drops a timer (docs/alarms.md "Rule state").
 */
export function createRuleEngine(options: { store?: RuleStateStore; log?: RuleEngineLog } = {}) {
  const states = new Map<string, DeviceRuleState>();
  const dirty = new Set<string>();
  const { store } = options;
  let saving: Promise<void> = Promise.resolve();
  /** With the device log, the devices whose partitions this process owns: only they tick here. */
  let scope: ((deviceId: string) => boolean) | null = null;

  const stateOf = (deviceId: string, deviceType: number): DeviceRuleState => {
    let state = states.get(deviceId);
    if (!state || state.deviceType !== deviceType) {
      state = { deviceType, sensor: INITIAL_SENSOR_STATE, sleep: INITIAL_SLEEP_STATE, placement: state?.placement ?? null };
      states.set(deviceId, state);
    }
    if (store) dirty.add(deviceId);
    return state;
  };

  async function save(): Promise<void> {
    if (!store || dirty.size === 0) return;
    const batch = new Map<string, StoredRuleState>();
    for (const deviceId of dirty) {
      const state = states.get(deviceId);
      if (state) batch.set(deviceId, state);
    }
    dirty.clear();
    try {
      await store.save(batch);
    } catch (error) {
      // Kept for the next round: a failed write must not lose the timers.
      for (const deviceId of batch.keys()) dirty.add(deviceId);
      options.log?.error({ err: error, devices: batch.size }, 'rule state save failed');
    }
  }
  const timer = store ? setInterval(() => void flush(), RULE_STATE_SAVE_MS) : null;
  timer?.unref();

  /** Saves the changed states; one save at a time. */
  function flush(): Promise<void> {
    saving = saving.then(save);
    return saving;
  }

  return {
    /**
     * Loads a device's saved state unless this process already holds it. The caller runs it
     * before the device's message, in the device's queue (alarm-pipeline.ts).
     */
    async take(deviceId: string): Promise<void> {
      if (!store || states.has(deviceId)) return;
      const saved = await store.load(deviceId);
      if (saved && !states.has(deviceId)) states.set(deviceId, saved);
    },
    /** Loads every saved state this process does not hold yet (a process's start: time-driven rules need them). */
    async takeAll(): Promise<number> {
      if (!store) return 0;
      let taken = 0;
      for (const [deviceId, saved] of await store.loadAll()) {
        if (states.has(deviceId)) continue;
        states.set(deviceId, saved);
        taken += 1;
      }
      return taken;
    },
    /** Notes where the device is now (time-driven rules raise there after a restart). */
    place(deviceId: string, deviceType: number, placement: RulePlacement): void {
      const state = stateOf(deviceId, deviceType);
      const known = state.placement;
      if (known && known.providerId === placement.providerId && known.bedId === placement.bedId && known.roomId === placement.roomId && known.residentId === placement.residentId) return;
      state.placement = placement;
    },
    placementOf(deviceId: string): RulePlacement | null {
      return states.get(deviceId)?.placement ?? null;
    },
    event(deviceId: string, deviceType: number, event: EventMessage, at: number, settings: RuleSettings): RuleAction[] {
      const state = stateOf(deviceId, deviceType);
      const outcome = onDeviceEvent(state.sensor, event, at);
      state.sensor = outcome.state;
      return enabledOnly(outcome.actions, settings);
    },
    status(deviceId: string, deviceType: number, change: Parameters<typeof onDeviceStatus>[0], at: number, settings: RuleSettings): RuleAction[] {
      stateOf(deviceId, deviceType);
      return enabledOnly(onDeviceStatus(change, at), settings);
    },
    /** Sleep-monitor samples; `sleepHours` says when the resident's sleep schedule applies (left-bed rules). */
    samples(deviceId: string, deviceType: number, samples: readonly TelemetrySample[], settings: RuleSettings, sleepHours?: SleepHours): RuleAction[] {
      const state = stateOf(deviceId, deviceType);
      const outcome = onSamples(state.sleep, samples, settings, sleepHours);
      state.sleep = outcome.state;
      return enabledOnly(outcome.actions, settings);
    },
    /** Time-driven rules of every known device; the caller applies each device's settings. */
    tick(now: number): { deviceId: string; deviceType: number; actions: RuleAction[] }[] {
      const out: { deviceId: string; deviceType: number; actions: RuleAction[] }[] = [];
      for (const [deviceId, state] of states) {
        if (scope && !scope(deviceId)) continue;
        const outcome = onSensorTick(state.sensor, now, deviceRaises(state.deviceType, 'INFRARED_8H'));
        if (outcome.state !== state.sensor && store) dirty.add(deviceId);
        state.sensor = outcome.state;
        if (outcome.actions.length > 0) out.push({ deviceId, deviceType: state.deviceType, actions: outcome.actions });
      }
      return out;
    },
    /** Saves what changed now (a partition handed to another process, tests). */
    flush,
    /** Limits time-driven rules to the devices this process owns (the device log's partitions). */
    limitTo(owns: (deviceId: string) => boolean): void {
      scope = owns;
    },
    /**
     * A partition taken over: the saved states of its devices replace what this process held
     * (which may be stale from an earlier ownership); answers how many were loaded.
     */
    async adopt(taken: (deviceId: string) => boolean): Promise<number> {
      if (!store) return 0;
      const saved = await store.loadAll();
      for (const deviceId of states.keys()) if (taken(deviceId) && !saved.has(deviceId)) states.delete(deviceId);
      let loaded = 0;
      for (const [deviceId, state] of saved) {
        if (!taken(deviceId)) continue;
        states.set(deviceId, state);
        dirty.delete(deviceId);
        loaded += 1;
      }
      return loaded;
    },
    /** A partition given up: its devices' states are saved, then forgotten here (the next owner loads them). */
    async relinquish(given: (deviceId: string) => boolean): Promise<void> {
      await flush();
      for (const deviceId of [...states.keys()]) if (given(deviceId) && !dirty.has(deviceId)) states.delete(deviceId);
    },
    /** Saves, then drops the device from memory (another process takes it over). */
    async release(deviceId: string): Promise<void> {
      await flush();
      states.delete(deviceId);
    },
    /** Forgets a device for good (removed from the registry). */
    async forget(deviceId: string): Promise<void> {
      states.delete(deviceId);
      dirty.delete(deviceId);
      await store?.remove(deviceId);
    },
    /** Stops the save timer after a last save. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await flush();
    },
    get size(): number {
      return states.size;
    },
  };
}
export type RuleEngine = ReturnType<typeof createRuleEngine>;
