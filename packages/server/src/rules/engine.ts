import { alarmGroupOf, deviceRaises, type EventMessage, type TelemetrySample } from '@vigil/contracts';
import { INITIAL_SENSOR_STATE, onDeviceEvent, onDeviceStatus, onSensorTick, type SensorState } from './event-rules.ts';
import { INITIAL_SLEEP_STATE, onSamples, type SleepRuleState } from './sleep-rules.ts';
import type { RuleAction, RuleSettings } from './types.ts';

export interface DeviceRuleState {
  deviceType: number;
  sensor: SensorState;
  sleep: SleepRuleState;
}

/** Drops raises of groups the resident switched off; reliefs always pass. */
export function enabledOnly(actions: RuleAction[], settings: RuleSettings): RuleAction[] {
  return actions.filter((action) => action.kind === 'relieve' || settings.enabled[alarmGroupOf(action.alertType)]);
}

/**
 * The rules engine: per-device rule state in memory, pure rules underneath
 * (event-rules.ts, sleep-rules.ts). Lost on restart; see docs/alarms.md.
 */
export function createRuleEngine() {
  const states = new Map<string, DeviceRuleState>();
  const stateOf = (deviceId: string, deviceType: number): DeviceRuleState => {
    let state = states.get(deviceId);
    if (!state || state.deviceType !== deviceType) {
      state = { deviceType, sensor: INITIAL_SENSOR_STATE, sleep: INITIAL_SLEEP_STATE };
      states.set(deviceId, state);
    }
    return state;
  };
  return {
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
    samples(deviceId: string, deviceType: number, samples: readonly TelemetrySample[], settings: RuleSettings): RuleAction[] {
      const state = stateOf(deviceId, deviceType);
      const outcome = onSamples(state.sleep, samples, settings);
      state.sleep = outcome.state;
      return enabledOnly(outcome.actions, settings);
    },
    /** Time-driven rules of every known device; the caller applies each device's settings. */
    tick(now: number): { deviceId: string; deviceType: number; actions: RuleAction[] }[] {
      const out: { deviceId: string; deviceType: number; actions: RuleAction[] }[] = [];
      for (const [deviceId, state] of states) {
        const outcome = onSensorTick(state.sensor, now, deviceRaises(state.deviceType, 'INFRARED_8H'));
        state.sensor = outcome.state;
        if (outcome.actions.length > 0) out.push({ deviceId, deviceType: state.deviceType, actions: outcome.actions });
      }
      return out;
    },
    forget(deviceId: string): void {
      states.delete(deviceId);
    },
    get size(): number {
      return states.size;
    },
  };
}
export type RuleEngine = ReturnType<typeof createRuleEngine>;
