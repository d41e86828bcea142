import { z } from 'zod';
import { HYPNOGRAM_STAGES, RISK_GRADES } from './sleep-constants.ts';

/** Epoch ms. */
const instant = z.number().int().nonnegative();
const minutes = z.number().nonnegative().describe('minutes');

export const HypnogramStageSchema = z.enum(HYPNOGRAM_STAGES);
export const RiskGradeSchema = z.enum(RISK_GRADES);

/** One run of equal stages in the hypnogram: [from, to) in epoch ms. */
export const HypnogramSegmentSchema = z.object({ from: instant, to: instant, stage: HypnogramStageSchema });
export type HypnogramSegment = z.infer<typeof HypnogramSegmentSchema>;

/** Why a metric could not be computed from this night's data. */
export const NOT_ASSESSABLE_REASONS = ['tooLittleSleep', 'tooLittleSignal', 'tooMuchMovement'] as const;
const notAssessable = z.object({ assessable: z.literal(false), reason: z.enum(NOT_ASSESSABLE_REASONS) });

export const RateSummarySchema = z.object({ mean: z.number(), min: z.number(), max: z.number() });
export type RateSummary = z.infer<typeof RateSummarySchema>;

/** HRV proxy: RMSSD of the 1 Hz beat-interval series (60000 / heart rate), not beat-to-beat RMSSD. */
export const HrvResultSchema = z.discriminatedUnion('assessable', [
  z.object({ assessable: z.literal(true), rmssdProxyMs: z.number().nonnegative(), minutesUsed: minutes }),
  notAssessable,
]);

/** Breathing pauses of 10 s or more per hour of sleep, and their §9 band. */
export const ApneaResultSchema = z.discriminatedUnion('assessable', [
  z.object({
    assessable: z.literal(true),
    ahi: z.number().nonnegative(),
    pauses: z.number().int().nonnegative(),
    longestPauseSeconds: z.number().int().nonnegative(),
    grade: RiskGradeSchema,
  }),
  notAssessable,
]);

/** Heart-rhythm irregularity screen; a risk grade, never a diagnosis. */
export const AfRiskResultSchema = z.discriminatedUnion('assessable', [
  z.object({
    assessable: z.literal(true),
    irregularSharePercent: z.number().min(0).max(100),
    windowsUsed: z.number().int().nonnegative(),
    grade: RiskGradeSchema,
  }),
  notAssessable,
]);

/** Each part of the sleep score, 0–1, with its weight. */
export const ScorePartSchema = z.object({ value: z.number().min(0).max(1), weight: z.number().nonnegative() });
export const SleepScoreSchema = z.object({
  value: z.number().int().min(0).max(100),
  parts: z.object({
    duration: ScorePartSchema,
    efficiency: ScorePartSchema,
    deepShare: ScorePartSchema,
    bodyMovement: ScorePartSchema,
    wakeUps: ScorePartSchema,
    apnea: ScorePartSchema.nullable(),
  }),
});
export type SleepScore = z.infer<typeof SleepScoreSchema>;

/** Means of one step of the night (TREND_STEP_MINUTES) for the report's charts; rates null when nobody was on the bed. */
export const TrendPointSchema = z.object({ t: instant, heartRate: z.number().nullable(), breathRate: z.number().nullable(), movement: z.number().nonnegative() });
export type TrendPoint = z.infer<typeof TrendPointSchema>;

export const BedExitSchema = z.object({ from: instant, to: instant });

/** The analysis of one night (docs/sleep-analysis.md). */
export const AnalysedNightSchema = z.object({
  analysed: z.literal(true),
  window: z.object({ from: instant, to: instant }),
  epochSeconds: z.number().int().positive(),
  bedTime: instant,
  getUpTime: instant,
  sleepOnset: instant,
  wakeTime: instant,
  timeInBedMinutes: minutes,
  sleepMinutes: minutes,
  sleepLatencyMinutes: minutes,
  stageMinutes: z.object({ awake: minutes, fallingAsleep: minutes, light: minutes, deep: minutes, outOfBed: minutes }),
  efficiencyPercent: z.number().min(0).max(100),
  deepSharePercent: z.number().min(0).max(100),
  continuityIndex: z.number().min(0).max(100),
  bodyMovements: z.number().int().nonnegative(),
  bodyMovementIndex: z.number().nonnegative(),
  wakeUps: z.number().int().nonnegative(),
  wakeUpTimes: z.array(instant),
  leftBed: z.object({ count: z.number().int().nonnegative(), exits: z.array(BedExitSchema) }),
  heartRate: RateSummarySchema.nullable(),
  breathRate: RateSummarySchema.nullable(),
  hrv: HrvResultSchema,
  apnea: ApneaResultSchema,
  afRisk: AfRiskResultSchema,
  score: SleepScoreSchema,
  hypnogram: z.array(HypnogramSegmentSchema),
  /** Rates and movement through the bed period; absent in reports made before it was added. */
  trend: z.array(TrendPointSchema).optional(),
});
export type AnalysedNight = z.infer<typeof AnalysedNightSchema>;

/** A night that was not analysed, and why (spec 02 §9: under 10 minutes of sleep is not analysed). */
export const UnanalysedNightSchema = z.object({
  analysed: z.literal(false),
  window: z.object({ from: instant, to: instant }),
  reason: z.enum(['noData', 'tooLittleSleep']),
  sleepMinutes: minutes,
});
export type UnanalysedNight = z.infer<typeof UnanalysedNightSchema>;

export const NightAnalysisSchema = z.discriminatedUnion('analysed', [AnalysedNightSchema, UnanalysedNightSchema]);
export type NightAnalysis = z.infer<typeof NightAnalysisSchema>;
