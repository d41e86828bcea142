import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALERT_TYPES, DEFAULT_RESIDENT_ALARM_SETTINGS, DEVICE_TYPES, DOOR_UNCLOSE_SECONDS, RELEASE_SOURCES,
  type AlertType, type DeviceEventType, type TelemetrySample,
} from '@vigil/contracts';
import { createRuleEngine, type RuleEngine } from './engine.ts';
import { DIRECT_EVENT_ALERTS } from './event-rules.ts';
import { parseRuleState, serializeRuleState } from './rule-state-store.ts';
import { INITIAL_SLEEP_STATE } from './sleep-rules.ts';
import { withinSleepWindow } from './sleep-window.ts';
import type { RuleAction, RuleSettings } from './types.ts';

const T0 = Date.UTC(2026, 0, 10, 22, 0, 0);
const ALL_ON: RuleSettings = {
  enabled: Object.fromEntries(Object.keys(DEFAULT_RESIDENT_ALARM_SETTINGS.enabled).map((group) => [group, true])) as RuleSettings['enabled'],
  values: { ...DEFAULT_RESIDENT_ALARM_SETTINGS.values, noBodyMove: 600, noTurnOver: 600 },
};
const DEVICE = 'RULE-1';

type Sample = Omit<TelemetrySample, 't'>;
const still: Sample = { hr: 65, rr: 14, move: 0, bed: 'in', state: 'light' };
/** One-second samples from `from` for `seconds` seconds. */
function run(from: number, seconds: number, fields: Partial<Sample> | ((i: number) => Partial<Sample>) = {}): TelemetrySample[] {
  return Array.from({ length: seconds }, (_, i) => ({ ...still, ...(typeof fields === 'function' ? fields(i) : fields), t: from + i * 1000 }));
}

interface Step { samples?: TelemetrySample[]; event?: { type: DeviceEventType; status: number; at: number }; status?: { online: boolean; wasOnline: boolean; at: number }; tick?: number }
/** Feeds steps through a fresh engine and answers every action. */
function feed(deviceType: number, steps: Step[], settings: RuleSettings = ALL_ON): { actions: RuleAction[]; engine: RuleEngine } {
  const engine = createRuleEngine();
  const actions: RuleAction[] = [];
  for (const step of steps) {
    if (step.samples) actions.push(...engine.samples(DEVICE, deviceType, step.samples, settings));
    if (step.event) actions.push(...engine.event(DEVICE, deviceType, { ts: step.event.at, type: step.event.type, status: step.event.status }, step.event.at, settings));
    if (step.status) actions.push(...engine.status(DEVICE, deviceType, { ...step.status, reason: 'message' }, step.status.at, settings));
    if (step.tick !== undefined) for (const result of engine.tick(step.tick)) actions.push(...result.actions);
  }
  return { actions, engine };
}

const raised = (actions: RuleAction[], alertType: AlertType) => actions.filter((a) => a.kind === 'raise' && a.alertType === alertType);
const relieved = (actions: RuleAction[], alertType: AlertType) => actions.filter((a) => a.kind === 'relieve' && a.alertType === alertType);

interface Case {
  name: string;
  steps: (t: number) => Step[];
  raises: AlertType;
  /** Raised once with this duration (s), or null. */
  duration?: number | null;
  /** Steps after the raise that relieve it, with the release source expected. */
  relief?: { steps: (t: number) => Step[]; source: number };
}

const minutes = (n: number) => n * 60_000;
const seconds = (n: number) => n * 1000;
const AUTO = RELEASE_SOURCES.automatic;
const DEV = RELEASE_SOURCES.device;

const directCases: Case[] = Object.entries(DIRECT_EVENT_ALERTS).map(([type, alertType]) => ({
  name: `${type} event`,
  steps: (t) => [{ event: { type: type as DeviceEventType, status: 1, at: t } }],
  raises: alertType,
  relief: { steps: (t) => [{ event: { type: type as DeviceEventType, status: 0, at: t + 5000 } }], source: DEV },
}));

/** At least one case per alert type; the catalogue walk below runs them for every device type that raises it. */
const CASES: Case[] = [
  ...directCases,
  {
    name: 'goes offline, comes back', raises: 'CONNECTION',
    steps: (t) => [{ status: { online: false, wasOnline: true, at: t } }],
    relief: { steps: (t) => [{ status: { online: true, wasOnline: false, at: t + 5000 } }], source: DEV },
  },
  { name: 'in bed then suspected sitting', raises: 'SITING_UP', steps: (t) => [{ samples: [...run(t, 5), ...run(t + 5000, 2, { bed: 'suspectedSitting' })] }], relief: { steps: (t) => [{ samples: run(t + 10_000, 1) }], source: AUTO } },
  { name: 'out of bed then back', raises: 'GO_TO_BED', steps: (t) => [{ samples: [...run(t, 5, { bed: 'out' }), ...run(t + 5000, 2)] }] },
  {
    name: 'awake over 5 minutes after sleep', raises: 'AWAKE', duration: 300,
    steps: (t) => [{ samples: [...run(t, 10), ...run(t + 10_000, 302, { state: 'awake' })] }],
    relief: { steps: (t) => [{ samples: run(t + 400_000, 1, { state: 'light' }) }], source: AUTO },
  },
  { name: 'in bed then out', raises: 'LEFT_BED', steps: (t) => [{ samples: [...run(t, 5), ...run(t + 5000, 2, { bed: 'out' })] }], relief: { steps: (t) => [{ samples: run(t + 9000, 1) }], source: AUTO } },
  {
    name: 'out longer than leftBedTime', raises: 'LEFT_BED_OVERTIME', duration: ALL_ON.values.leftBedTime,
    steps: (t) => [{ samples: [...run(t, 5), ...run(t + 5000, ALL_ON.values.leftBedTime + 2, { bed: 'out' })] }],
    relief: { steps: (t) => [{ samples: run(t + seconds(ALL_ON.values.leftBedTime + 10), 1) }], source: AUTO },
  },
  { name: 'in bed then sitting', raises: 'SIT_UP_ING', steps: (t) => [{ samples: [...run(t, 5), ...run(t + 5000, 2, { bed: 'sitting' })] }], relief: { steps: (t) => [{ samples: run(t + 9000, 1) }], source: AUTO } },
  {
    name: 'no breathing for breathStopDuration', raises: 'BREATH_STOP', duration: ALL_ON.values.breathStopDuration,
    steps: (t) => [{ samples: [...run(t, 5), ...run(t + 5000, ALL_ON.values.breathStopDuration + 2, { rr: 0 })] }],
    relief: { steps: (t) => [{ samples: run(t + seconds(ALL_ON.values.breathStopDuration + 10), 1) }], source: AUTO },
  },
  {
    name: 'no breathing for breathExceptionDuration', raises: 'EX_BREATH_STOP', duration: ALL_ON.values.breathExceptionDuration,
    steps: (t) => [{ samples: run(t, ALL_ON.values.breathExceptionDuration + 2, { rr: 0 }) }],
    relief: { steps: (t) => [{ samples: run(t + seconds(ALL_ON.values.breathExceptionDuration + 10), 1) }], source: AUTO },
  },
  { name: 'a movement in bed', raises: 'BODY_MOVE', steps: (t) => [{ samples: [...run(t, 5), ...run(t + 5000, 1, { move: 50 })] }], relief: { steps: (t) => [{ samples: run(t + 7000, 62) }], source: AUTO } },
  {
    name: 'restless minutes for manyBodyMoveDuration', raises: 'MANY_BODY_MOVE', duration: ALL_ON.values.manyBodyMoveDuration,
    steps: (t) => [{ samples: run(t, ALL_ON.values.manyBodyMoveDuration + 125, (i) => ({ move: i % 5 === 0 ? 40 : 0 })) }],
    relief: { steps: (t) => [{ samples: run(t + seconds(ALL_ON.values.manyBodyMoveDuration + 125), 125) }], source: AUTO },
  },
  {
    name: 'no movement for noBodyMove', raises: 'NO_BODY_MOVE', duration: 600,
    steps: (t) => [{ samples: run(t, 602) }],
    relief: { steps: (t) => [{ samples: run(t + 603_000, 1, { move: 40 }) }], source: AUTO },
  },
  {
    name: 'small movements but no turn for noTurnOver', raises: 'NO_TURN_OVER', duration: 600,
    steps: (t) => [{ samples: run(t, 602, (i) => ({ move: i % 100 === 0 ? 35 : 0 })) }],
    relief: { steps: (t) => [{ samples: run(t + 603_000, 1, { move: 80 }) }], source: AUTO },
  },
  {
    name: 'fast breathing', raises: 'EX_BREATH_FAST', duration: ALL_ON.values.breathExceptionDuration,
    steps: (t) => [{ samples: run(t, ALL_ON.values.breathExceptionDuration + 2, { rr: 35 }) }],
    relief: { steps: (t) => [{ samples: run(t + minutes(10), 1) }], source: AUTO },
  },
  {
    name: 'slow breathing', raises: 'EX_BREATH_SLOW', duration: ALL_ON.values.breathExceptionDuration,
    steps: (t) => [{ samples: run(t, ALL_ON.values.breathExceptionDuration + 2, { rr: 5 }) }],
    relief: { steps: (t) => [{ samples: run(t + minutes(10), 1) }], source: AUTO },
  },
  {
    name: 'slow heart', raises: 'EX_HEART_SLOW', duration: ALL_ON.values.heartExceptionDuration,
    steps: (t) => [{ samples: run(t, ALL_ON.values.heartExceptionDuration + 2, { hr: 38 }) }],
    relief: { steps: (t) => [{ samples: run(t + minutes(10), 1) }], source: AUTO },
  },
  {
    name: 'fast heart', raises: 'EX_HEART_FAST', duration: ALL_ON.values.heartExceptionDuration,
    steps: (t) => [{ samples: run(t, ALL_ON.values.heartExceptionDuration + 2, { hr: 140 }) }],
    relief: { steps: (t) => [{ samples: run(t + minutes(10), 1) }], source: AUTO },
  },
  { name: 'door opens', raises: 'DOOR_OPEN', steps: (t) => [{ event: { type: 'door', status: 1, at: t } }], relief: { steps: (t) => [{ event: { type: 'door', status: 0, at: t + 1000 } }], source: DEV } },
  { name: 'door closes', raises: 'DOOR_CLOSE', steps: (t) => [{ event: { type: 'door', status: 0, at: t } }], relief: { steps: (t) => [{ event: { type: 'door', status: 1, at: t + 1000 } }], source: DEV } },
  {
    name: 'door left open', raises: 'DOOR_UNCLOSE', duration: DOOR_UNCLOSE_SECONDS,
    steps: (t) => [{ event: { type: 'door', status: 1, at: t } }, { tick: t + seconds(DOOR_UNCLOSE_SECONDS - 1) }, { tick: t + seconds(DOOR_UNCLOSE_SECONDS) }, { tick: t + seconds(DOOR_UNCLOSE_SECONDS + 60) }],
    relief: { steps: (t) => [{ event: { type: 'door', status: 0, at: t + seconds(DOOR_UNCLOSE_SECONDS + 61) } }], source: DEV },
  },
  ...(['INFRARED_8H', 'INFRARED_12H', 'INFRARED_24H'] as const).map((alertType): Case => {
    const hours = Number(alertType.slice(9, -1));
    return {
      name: `empty room ${hours} h`, raises: alertType, duration: hours * 3600,
      steps: (t) => [{ event: { type: 'motion', status: 1, at: t } }, { tick: t + hours * 3_600_000 - 1000 }, { tick: t + hours * 3_600_000 }, { tick: t + hours * 3_600_000 + 60_000 }],
      relief: { steps: (t) => [{ event: { type: 'motion', status: 1, at: t + 25 * 3_600_000 } }], source: DEV },
    };
  }),
  { name: 'fall', raises: 'FALL_ALARM', steps: (t) => [{ event: { type: 'fall', status: 2, at: t } }], relief: { steps: (t) => [{ event: { type: 'fall', status: 0, at: t + 1000 } }], source: DEV } },
  { name: 'suspected fall', raises: 'MAYBE_FALL_ALARM', steps: (t) => [{ event: { type: 'fall', status: 1, at: t } }], relief: { steps: (t) => [{ event: { type: 'fall', status: 0, at: t + 1000 } }], source: DEV } },
];

describe('rules engine: every catalogue pair', () => {
  it('has a rule test for every alert type', () => {
    const missing = ALERT_TYPES.filter((alertType) => !CASES.some((c) => c.raises === alertType));
    assert.deepEqual(missing, [], 'alert types without a rule test');
  });

  for (const info of DEVICE_TYPES) {
    for (const alertType of info.alertTypes) {
      const cases = CASES.filter((c) => c.raises === alertType);
      it(`${info.model} (${info.type}) ${alertType}`, () => {
        assert.ok(cases.length > 0, `no rule test for ${info.model} ${alertType}`);
        for (const c of cases) {
          const { actions } = feed(info.type, c.steps(T0));
          const raises = raised(actions, alertType);
          assert.equal(raises.length, 1, `${c.name}: raised once`);
          const first = raises[0];
          if (c.duration !== undefined && first.kind === 'raise') assert.equal(first.duration, c.duration, `${c.name}: duration`);
          if (c.relief) {
            const after = feed(info.type, [...c.steps(T0), ...c.relief.steps(T0)]).actions;
            const reliefs = relieved(after, alertType);
            assert.ok(reliefs.length >= 1, `${c.name}: relieved`);
            assert.ok(reliefs.every((r) => r.kind === 'relieve' && r.source === c.relief?.source), `${c.name}: release source`);
          }
        }
      });
    }
  }
});

describe('rules engine: edges', () => {
  it('raises nothing for a group the resident switched off, but still relieves', () => {
    const off: RuleSettings = { ...ALL_ON, enabled: { ...ALL_ON.enabled, leftBed: false } };
    const { actions } = feed(49, [{ samples: [...run(T0, 5), ...run(T0 + 5000, 2, { bed: 'out' }), ...run(T0 + 7000, 1)] }], off);
    assert.equal(raised(actions, 'LEFT_BED').length, 0);
    assert.equal(relieved(actions, 'LEFT_BED').length, 1);
  });

  it('does not call the first sample after a restart a bed change', () => {
    const { actions } = feed(49, [{ samples: run(T0, 3, { bed: 'out' }) }]);
    assert.equal(raised(actions, 'LEFT_BED').length, 0);
  });

  it('counts the left-bed overtime from the first out sample it sees', () => {
    const { actions } = feed(49, [{ samples: run(T0, ALL_ON.values.leftBedTime + 1, { bed: 'out' }) }]);
    assert.equal(raised(actions, 'LEFT_BED_OVERTIME').length, 1);
  });

  it('ignores a heart rate of 0 (not measured)', () => {
    const { actions } = feed(49, [{ samples: run(T0, 400, { hr: 0 }) }]);
    assert.equal(raised(actions, 'EX_HEART_SLOW').length, 0);
  });

  it('raises a fall over a suspected fall and relieves the suspicion', () => {
    const { actions } = feed(21007, [{ event: { type: 'fall', status: 1, at: T0 } }, { event: { type: 'fall', status: 2, at: T0 + 1000 } }]);
    assert.equal(raised(actions, 'FALL_ALARM').length, 1);
    assert.equal(relieved(actions, 'MAYBE_FALL_ALARM').length, 1);
  });

  it('ignores a returning status that was never offline, and pairing events', () => {
    const { actions } = feed(21008, [{ status: { online: true, wasOnline: true, at: T0 } }, { event: { type: 'pairing', status: 1, at: T0 } }]);
    assert.deepEqual(actions, []);
  });

  it('raises left-bed alarms only inside the sleep schedule, timing from bed time', () => {
    const window = { bedTime: '21:00', wakeTime: '07:00', timeZone: 'UTC' };
    const night = (t: number) => withinSleepWindow(t, window);
    const engine = createRuleEngine();
    const noon = Date.UTC(2026, 0, 10, 12, 0, 0);
    const day = engine.samples(DEVICE, 49, [...run(noon, 5), ...run(noon + 5000, ALL_ON.values.leftBedTime + 10, { bed: 'out' })], ALL_ON, night);
    assert.equal(raised(day, 'LEFT_BED').length + raised(day, 'LEFT_BED_OVERTIME').length, 0, 'nothing at noon');
    // Still up at 21:00: out of bed counts from bed time, not from noon.
    const evening = Date.UTC(2026, 0, 10, 20, 59, 0);
    const late = engine.samples(DEVICE, 49, run(evening, 60 + ALL_ON.values.leftBedTime - 1, { bed: 'out' }), ALL_ON, night);
    assert.equal(raised(late, 'LEFT_BED_OVERTIME').length, 0);
    const later = engine.samples(DEVICE, 49, run(evening + seconds(60 + ALL_ON.values.leftBedTime), 2, { bed: 'out' }), ALL_ON, night);
    assert.equal(raised(later, 'LEFT_BED_OVERTIME').length, 1);
  });

  it('reads the sleep schedule on the care home\'s clock, across midnight and not', () => {
    const window = { bedTime: '21:00', wakeTime: '07:00', timeZone: 'Europe/Prague' };
    assert.equal(withinSleepWindow(Date.UTC(2026, 6, 1, 19, 0), window), true, '21:00 in Prague in summer (UTC+2)');
    assert.equal(withinSleepWindow(Date.UTC(2026, 6, 1, 18, 59), window), false);
    assert.equal(withinSleepWindow(Date.UTC(2026, 0, 1, 5, 59), window), true, '06:59 in winter (UTC+1)');
    assert.equal(withinSleepWindow(Date.UTC(2026, 0, 1, 6, 0), window), false, '07:00 is the end');
    const afternoon = { bedTime: '13:00', wakeTime: '15:00', timeZone: 'UTC' };
    assert.equal(withinSleepWindow(Date.UTC(2026, 0, 1, 14, 0), afternoon), true);
    assert.equal(withinSleepWindow(Date.UTC(2026, 0, 1, 16, 0), afternoon), false);
    assert.equal(withinSleepWindow(Date.UTC(2026, 0, 1, 3, 0), { ...afternoon, timeZone: 'Not/AZone' }), false, 'an unknown zone reads as UTC');
  });

  it('keeps a device\'s state through JSON; a part that does not read starts fresh', () => {
    const engine = createRuleEngine();
    engine.place(DEVICE, 49, { providerId: 7, bedId: 1, roomId: 2, residentId: null });
    const placement = engine.placementOf(DEVICE);
    assert.deepEqual(placement, { providerId: 7, bedId: 1, roomId: 2, residentId: null });
    const json = serializeRuleState({
      deviceType: 49,
      sensor: { doorOpenSince: null, uncloseRaised: false, lastMotionAt: T0, infraredRaised: ['INFRARED_8H'] },
      sleep: { ...INITIAL_SLEEP_STATE, bed: 'out', out: { since: T0, raised: true, overtime: false } },
      placement,
    });
    const back = parseRuleState(49, json);
    assert.equal(back?.sleep.out.since, T0);
    assert.deepEqual(back?.sensor.infraredRaised, ['INFRARED_8H']);
    assert.deepEqual(back?.placement, placement);
    const broken = parseRuleState(49, JSON.stringify({ sensor: { doorOpenSince: 'soon' }, sleep: JSON.parse(json).sleep, placement: null }));
    assert.equal(broken?.sensor.doorOpenSince, null, 'a sensor part that does not read starts fresh');
    assert.equal(broken?.sleep.out.since, T0, 'the sleep part still reads');
    assert.equal(parseRuleState(49, 'not json'), null);
  });
});
