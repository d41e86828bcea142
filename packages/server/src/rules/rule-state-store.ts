import { AlertTypeSchema, BED_STATES, SLEEP_STATES, type DevicePlacement } from '@vigil/contracts';
import { z } from 'zod';
import { INITIAL_SENSOR_STATE, type SensorState } from './event-rules.ts';
import { INITIAL_SLEEP_STATE, type SleepRuleState } from './sleep-rules.ts';

/** Where a device was last placed (its care home, bed, room, resident): time-driven rules raise there. */
export type RulePlacement = DevicePlacement & { providerId: number };

/** Everything the rule engine remembers of one device; plain JSON. */
export interface StoredRuleState {
  deviceType: number;
  sensor: SensorState;
  sleep: SleepRuleState;
  placement: RulePlacement | null;
}

/**
 * Where the rule engine keeps each device's state between processes and restarts
 * (device_rule_states; SQL in modules/alarms/rule-state.repository.ts). A process that takes a
 * device over (a restart, a partition moving) calls load before its first message; the engine
 * saves what changed a few seconds later and when it stops.
 */
export interface RuleStateStore {
  /** The device's saved state, or null when none was saved (or it cannot be read). */
  load(deviceId: string): Promise<StoredRuleState | null>;
  /** Saves the states given (one transaction per few hundred devices). */
  save(states: ReadonlyMap<string, StoredRuleState>): Promise<void>;
  /** Every saved state (a process's start). */
  loadAll(): Promise<Map<string, StoredRuleState>>;
  /** Forgets a device (removed from the registry). */
  remove(deviceId: string): Promise<void>;
}

const instant = z.number().nullable();
const episode = z.object({ since: instant, raised: z.boolean() });
const SleepRuleStateSchema = z.object({
  bed: z.enum(BED_STATES).nullable(),
  out: episode.extend({ overtime: z.boolean() }),
  apnea: episode.extend({ exRaised: z.boolean() }),
  breathFast: episode,
  breathSlow: episode,
  heartFast: episode,
  heartSlow: episode,
  lastMoveAt: instant,
  noMoveRaised: z.boolean(),
  lastTurnAt: instant,
  noTurnRaised: z.boolean(),
  bodyMoveOpen: z.boolean(),
  minuteStart: instant,
  minuteMoves: z.number(),
  restless: episode,
  sleep: z.enum(SLEEP_STATES).nullable(),
  hasSlept: z.boolean(),
  awake: episode,
}) satisfies z.ZodType<SleepRuleState>;
const SensorStateSchema = z.object({
  doorOpenSince: instant,
  uncloseRaised: z.boolean(),
  lastMotionAt: instant,
  infraredRaised: z.array(AlertTypeSchema),
}) satisfies z.ZodType<SensorState>;
const PlacementSchema = z.object({ providerId: z.number(), bedId: z.number().nullable(), roomId: z.number().nullable(), residentId: z.number().nullable() });
const StoredSchema = z.object({ sensor: z.unknown(), sleep: z.unknown(), placement: z.unknown() });

/**
 * Reads a saved state part by part: a part that does not read (written by another version)
 * starts fresh, rather than failing the alarm path or keeping a half-read timer.
 */
export function parseRuleState(deviceType: number, json: string): StoredRuleState | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const stored = StoredSchema.safeParse(value);
  if (!stored.success) return null;
  const sensor = SensorStateSchema.safeParse(stored.data.sensor);
  const sleep = SleepRuleStateSchema.safeParse(stored.data.sleep);
  const placement = PlacementSchema.safeParse(stored.data.placement);
  return {
    deviceType,
    sensor: sensor.success ? sensor.data : INITIAL_SENSOR_STATE,
    sleep: sleep.success ? sleep.data : INITIAL_SLEEP_STATE,
    placement: placement.success ? placement.data : null,
  };
}

export function serializeRuleState(state: StoredRuleState): string {
  return JSON.stringify({ sensor: state.sensor, sleep: state.sleep, placement: state.placement });
}
