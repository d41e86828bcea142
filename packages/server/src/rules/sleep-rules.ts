import { RELEASE_SOURCES, type AlertType, type TelemetrySample } from '@vigil/contracts';
import { lasted, raise, relieve, type RuleAction, type RuleOutcome, type RuleSettings } from './types.ts';

type Bed = TelemetrySample['bed'];
type Sleep = NonNullable<TelemetrySample['state']>;

/** An awakening counts only after more than 5 minutes awake (spec 02 §9). */
export const AWAKE_AFTER_SECONDS = 300;
/** Stillness after which an open BODY_MOVE reminder is relieved. */
export const BODY_MOVE_QUIET_SECONDS = 60;

/** A timer that raises its alarm once per episode. */
interface Episode { since: number | null; raised: boolean }
const idle: Episode = { since: null, raised: false };

/**
 * Per-device memory of the sleep-monitor rules. Everything is derived from the samples; plain
 * JSON, kept in device_rule_states across restarts (rule-state-store.ts, docs/alarms.md "Rule state").
 */
export interface SleepRuleState {
  bed: Bed | null;
  out: Episode & { overtime: boolean };
  apnea: Episode & { exRaised: boolean };
  breathFast: Episode;
  breathSlow: Episode;
  heartFast: Episode;
  heartSlow: Episode;
  lastMoveAt: number | null;
  noMoveRaised: boolean;
  lastTurnAt: number | null;
  noTurnRaised: boolean;
  bodyMoveOpen: boolean;
  minuteStart: number | null;
  minuteMoves: number;
  restless: Episode;
  sleep: Sleep | null;
  hasSlept: boolean;
  awake: Episode;
}

export const INITIAL_SLEEP_STATE: SleepRuleState = {
  bed: null,
  out: { ...idle, overtime: false },
  apnea: { ...idle, exRaised: false },
  breathFast: idle,
  breathSlow: idle,
  heartFast: idle,
  heartSlow: idle,
  lastMoveAt: null,
  noMoveRaised: false,
  lastTurnAt: null,
  noTurnRaised: false,
  bodyMoveOpen: false,
  minuteStart: null,
  minuteMoves: 0,
  restless: idle,
  sleep: null,
  hasSlept: false,
  awake: idle,
};

const AUTO = RELEASE_SOURCES.automatic;
const inBed = (bed: Bed | null): boolean => bed === 'in' || bed === 'sitting' || bed === 'suspectedSitting';

/**
 * A condition that must hold for `seconds` before its alarm: answers the next episode
 * and raises (once) when it has lasted, relieves (automatic) when it ends after raising.
 */
function sustained(episode: Episode, holds: boolean, t: number, seconds: number, alertType: AlertType, actions: RuleAction[]): Episode {
  if (!holds) {
    if (episode.raised) actions.push(relieve(alertType, t, AUTO));
    return episode.since === null ? episode : idle;
  }
  const since = episode.since ?? t;
  if (!episode.raised && lasted(since, t, seconds)) {
    actions.push(raise(alertType, t, seconds));
    return { since, raised: true };
  }
  return { since, raised: episode.raised };
}

/** Whether an instant lies inside the resident's sleep schedule (rules/sleep-window.ts); the left-bed rules apply only then. */
export type SleepHours = (t: number) => boolean;
/** No schedule known: every hour counts (the safe reading). */
export const ALWAYS: SleepHours = () => true;

/** One sample through the rules. */
export function onSample(state: SleepRuleState, sample: TelemetrySample, settings: RuleSettings, sleepHours: SleepHours = ALWAYS): RuleOutcome<SleepRuleState> {
  const v = settings.values;
  const t = sample.t;
  const actions: RuleAction[] = [];
  const s: SleepRuleState = { ...state };
  const wasIn = inBed(state.bed);
  const isIn = inBed(sample.bed);
  const known = state.bed !== null;

  // Bed presence.
  if (isIn) {
    if (known && state.bed === 'out') {
      actions.push(raise('GO_TO_BED', t), relieve('LEFT_BED', t, AUTO));
      if (state.out.overtime) actions.push(relieve('LEFT_BED_OVERTIME', t, AUTO));
    }
    s.out = { ...idle, overtime: false };
    if (sample.bed === 'suspectedSitting' && state.bed !== 'suspectedSitting' && known) actions.push(raise('SITING_UP', t));
    if (sample.bed === 'sitting' && state.bed !== 'sitting' && known) actions.push(raise('SIT_UP_ING', t));
    if (sample.bed === 'in' && (state.bed === 'sitting' || state.bed === 'suspectedSitting')) {
      actions.push(relieve('SITING_UP', t, AUTO), relieve('SIT_UP_ING', t, AUTO));
    }
  } else if (sample.bed === 'out') {
    // The left-bed rules apply inside the sleep schedule only (issue 25): someone up at noon is no alarm.
    // Out-of-bed time counts from leaving the bed or from bed time, whichever is later.
    const asleepHours = sleepHours(t);
    if (known && wasIn) {
      if (asleepHours) actions.push(raise('LEFT_BED', t));
      actions.push(relieve('GO_TO_BED', t, AUTO));
      if (state.bed === 'sitting' || state.bed === 'suspectedSitting') actions.push(relieve('SITING_UP', t, AUTO), relieve('SIT_UP_ING', t, AUTO));
    }
    const since = asleepHours ? (state.out.since ?? t) : null;
    let overtime = state.out.overtime;
    if (asleepHours && !overtime && lasted(since, t, v.leftBedTime)) {
      actions.push(raise('LEFT_BED_OVERTIME', t, v.leftBedTime));
      overtime = true;
    }
    s.out = { since, raised: true, overtime };
  }
  s.bed = sample.bed;

  if (!isIn) {
    // Vital-sign and movement timers run only while someone lies on the sensor; open alarms stay until handled.
    Object.assign(s, {
      apnea: { ...idle, exRaised: false }, breathFast: idle, breathSlow: idle, heartFast: idle, heartSlow: idle,
      lastMoveAt: null, noMoveRaised: false, lastTurnAt: null, noTurnRaised: false, minuteStart: null, minuteMoves: 0, restless: idle,
    });
    return { state: s, actions };
  }

  // Breathing stopped: BREATH_STOP after breathStopDuration, EX_BREATH_STOP after breathExceptionDuration.
  if (sample.rr === 0) {
    const since = state.apnea.since ?? t;
    let { raised, exRaised } = state.apnea;
    if (!raised && lasted(since, t, v.breathStopDuration)) {
      actions.push(raise('BREATH_STOP', t, v.breathStopDuration));
      raised = true;
    }
    if (!exRaised && lasted(since, t, Math.max(v.breathExceptionDuration, v.breathStopDuration))) {
      actions.push(raise('EX_BREATH_STOP', t, Math.max(v.breathExceptionDuration, v.breathStopDuration)));
      exRaised = true;
    }
    s.apnea = { since, raised, exRaised };
  } else {
    if (state.apnea.raised) actions.push(relieve('BREATH_STOP', t, AUTO));
    if (state.apnea.exRaised) actions.push(relieve('EX_BREATH_STOP', t, AUTO));
    s.apnea = { ...idle, exRaised: false };
  }
  s.breathFast = sustained(state.breathFast, sample.rr > v.breathRateMax, t, v.breathExceptionDuration, 'EX_BREATH_FAST', actions);
  s.breathSlow = sustained(state.breathSlow, sample.rr > 0 && sample.rr < v.breathRateMin, t, v.breathExceptionDuration, 'EX_BREATH_SLOW', actions);
  // A heart rate of 0 is "not measured": it neither starts nor ends an exception.
  if (sample.hr > 0) {
    s.heartFast = sustained(state.heartFast, sample.hr > v.heartRateMax, t, v.heartExceptionDuration, 'EX_HEART_FAST', actions);
    s.heartSlow = sustained(state.heartSlow, sample.hr < v.heartRateMin, t, v.heartExceptionDuration, 'EX_HEART_SLOW', actions);
  }

  // Movement.
  const moved = sample.move >= v.bodyMoveThreshold;
  const turned = sample.move >= Math.min(100, v.bodyMoveThreshold * 2);
  s.lastMoveAt = state.lastMoveAt ?? t;
  s.lastTurnAt = state.lastTurnAt ?? t;
  if (moved) {
    if (!state.bodyMoveOpen) actions.push(raise('BODY_MOVE', t));
    if (state.noMoveRaised) actions.push(relieve('NO_BODY_MOVE', t, AUTO));
    s.bodyMoveOpen = true;
    s.lastMoveAt = t;
    s.noMoveRaised = false;
  } else {
    if (state.bodyMoveOpen && lasted(s.lastMoveAt, t, BODY_MOVE_QUIET_SECONDS)) {
      actions.push(relieve('BODY_MOVE', t, AUTO));
      s.bodyMoveOpen = false;
    }
    if (!state.noMoveRaised && lasted(s.lastMoveAt, t, v.noBodyMove)) {
      actions.push(raise('NO_BODY_MOVE', t, v.noBodyMove));
      s.noMoveRaised = true;
    }
  }
  if (turned) {
    if (state.noTurnRaised) actions.push(relieve('NO_TURN_OVER', t, AUTO));
    s.lastTurnAt = t;
    s.noTurnRaised = false;
  } else if (!state.noTurnRaised && lasted(s.lastTurnAt, t, v.noTurnOver)) {
    actions.push(raise('NO_TURN_OVER', t, v.noTurnOver));
    s.noTurnRaised = true;
  }

  // Restlessness: minutes with many movements, back to back, for manyBodyMoveDuration.
  const minuteStart = state.minuteStart ?? t;
  if (t - minuteStart >= 60_000) {
    const restlessMinute = state.minuteMoves >= v.manyBodyMovePerMinute;
    s.restless = sustained(state.restless, restlessMinute, minuteStart + 60_000, v.manyBodyMoveDuration, 'MANY_BODY_MOVE', actions);
    s.minuteStart = t;
    s.minuteMoves = moved ? 1 : 0;
  } else {
    s.minuteStart = minuteStart;
    s.minuteMoves = state.minuteMoves + (moved ? 1 : 0);
  }

  // Waking: awake for more than 5 minutes after having slept.
  if (sample.state) {
    if (sample.state !== 'awake') {
      if (state.awake.raised) actions.push(relieve('AWAKE', t, AUTO));
      s.hasSlept = true;
      s.awake = idle;
    } else if (state.hasSlept) {
      s.awake = sustained(state.awake, true, t, AWAKE_AFTER_SECONDS, 'AWAKE', actions);
    }
    s.sleep = sample.state;
  }
  return { state: s, actions };
}

/** A batch of samples, in time order. */
export function onSamples(state: SleepRuleState, samples: readonly TelemetrySample[], settings: RuleSettings, sleepHours: SleepHours = ALWAYS): RuleOutcome<SleepRuleState> {
  let current = state;
  const actions: RuleAction[] = [];
  for (const sample of [...samples].sort((a, b) => a.t - b.t)) {
    const outcome = onSample(current, sample, settings, sleepHours);
    current = outcome.state;
    actions.push(...outcome.actions);
  }
  return { state: current, actions };
}
