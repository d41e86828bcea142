import { RELEASE_SOURCES, type AlertType, type DeviceEventType, type EventMessage, type StatusMessage } from '@vigil/contracts';
import { DOOR_UNCLOSE_SECONDS, INFRARED_EMPTY_ROOM_SECONDS } from '@vigil/contracts';
import { lasted, raise, relieve, type RuleAction, type RuleOutcome } from './types.ts';

/**
 * Rules for what devices sense (device.event) and for their connection (device.status).
 * Status 1 means the condition is on, 0 that it cleared (a fall: 0 normal, 1 suspected,
 * 2 fall). A cleared condition relieves its alarm with release source 3 (device).
 */

/** Events that map one-to-one onto an alert type. */
export const DIRECT_EVENT_ALERTS: Readonly<Partial<Record<DeviceEventType, AlertType>>> = {
  smoke: 'SMOKE',
  highTemperature: 'HIGH_TEM',
  gas: 'GAS',
  monoxide: 'MONOXIDE',
  water: 'WATER',
  sos: 'SOS',
  badgeSos: 'CHEST_SOS',
  offRange: 'CHEST_OFF_RANG',
  lowPower: 'LOW_POWER',
  breakdown: 'BREAKDOWN',
  dismantle: 'DISMANTLE',
  test: 'TEST',
};

/** Per-device memory of the door and motion rules (timers for DOOR_UNCLOSE and the infrared alarms). */
export interface SensorState {
  doorOpenSince: number | null;
  uncloseRaised: boolean;
  /** Last motion (or the first unoccupied report), epoch ms; null until the sensor has reported. */
  lastMotionAt: number | null;
  infraredRaised: readonly AlertType[];
}
export const INITIAL_SENSOR_STATE: SensorState = { doorOpenSince: null, uncloseRaised: false, lastMotionAt: null, infraredRaised: [] };

const INFRARED_TYPES = Object.keys(INFRARED_EMPTY_ROOM_SECONDS) as (keyof typeof INFRARED_EMPTY_ROOM_SECONDS)[];
const DEVICE = RELEASE_SOURCES.device;

/** A sensed event: the alarms it raises or relieves. */
export function onDeviceEvent(state: SensorState, event: EventMessage, at: number): RuleOutcome<SensorState> {
  const direct = DIRECT_EVENT_ALERTS[event.type];
  if (direct) {
    return { state, actions: [event.status > 0 ? raise(direct, at) : relieve(direct, at, DEVICE)] };
  }
  switch (event.type) {
    case 'door':
      if (event.status > 0) {
        return { state: { ...state, doorOpenSince: state.doorOpenSince ?? at }, actions: [raise('DOOR_OPEN', at), relieve('DOOR_CLOSE', at, DEVICE)] };
      }
      return {
        state: { ...state, doorOpenSince: null, uncloseRaised: false },
        actions: [raise('DOOR_CLOSE', at), relieve('DOOR_OPEN', at, DEVICE), relieve('DOOR_UNCLOSE', at, DEVICE)],
      };
    case 'motion':
      if (event.status > 0) {
        return { state: { ...state, lastMotionAt: at, infraredRaised: [] }, actions: state.infraredRaised.map((type) => relieve(type, at, DEVICE)) };
      }
      return { state: { ...state, lastMotionAt: state.lastMotionAt ?? at }, actions: [] };
    case 'fall':
      if (event.status === 2) return { state, actions: [raise('FALL_ALARM', at), relieve('MAYBE_FALL_ALARM', at, DEVICE)] };
      if (event.status === 1) return { state, actions: [raise('MAYBE_FALL_ALARM', at)] };
      return { state, actions: [relieve('FALL_ALARM', at, DEVICE), relieve('MAYBE_FALL_ALARM', at, DEVICE)] };
    default:
      // pairing and site are not alarms.
      return { state, actions: [] };
  }
}

/** Time passing: a door left open, a room without motion for 8, 12 or 24 hours. */
export function onSensorTick(state: SensorState, now: number, infrared: boolean): RuleOutcome<SensorState> {
  const actions: RuleAction[] = [];
  let next = state;
  if (!state.uncloseRaised && lasted(state.doorOpenSince, now, DOOR_UNCLOSE_SECONDS)) {
    actions.push(raise('DOOR_UNCLOSE', now, DOOR_UNCLOSE_SECONDS));
    next = { ...next, uncloseRaised: true };
  }
  if (infrared) {
    for (const type of INFRARED_TYPES) {
      const seconds = INFRARED_EMPTY_ROOM_SECONDS[type];
      if (!next.infraredRaised.includes(type) && lasted(next.lastMotionAt, now, seconds)) {
        actions.push(raise(type, now, seconds));
        next = { ...next, infraredRaised: [...next.infraredRaised, type] };
      }
    }
  }
  return { state: next, actions };
}

/** A device went offline (raise CONNECTION) or came back (relieve it, source 3). */
export function onDeviceStatus(
  change: { online: boolean; wasOnline: boolean; reason: 'message' | 'lastWill' | 'silence' | 'returned'; status?: Omit<StatusMessage, 'online'> },
  at: number,
): RuleAction[] {
  if (!change.online && (change.wasOnline || change.reason === 'lastWill' || change.reason === 'silence')) return [raise('CONNECTION', at)];
  if (change.online && (!change.wasOnline || change.reason === 'returned')) return [relieve('CONNECTION', at, DEVICE)];
  return [];
}
