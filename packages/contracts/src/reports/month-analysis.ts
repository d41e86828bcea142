import { z } from 'zod';
import { MONTHLY_MIN_NIGHTS } from './sleep-constants.ts';
import { RiskGradeSchema } from './night-analysis.ts';

/** One night as the monthly analysis reads it (from a stored daily report). */
export const NightSummarySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  score: z.number().int().min(0).max(100),
  sleepMinutes: z.number().nonnegative(),
  timeInBedMinutes: z.number().nonnegative(),
  efficiencyPercent: z.number(),
  deepSharePercent: z.number(),
  wakeUps: z.number().int().nonnegative(),
  leftBedCount: z.number().int().nonnegative(),
  bodyMovementIndex: z.number().nonnegative(),
  heartRateMean: z.number().nullable(),
  breathRateMean: z.number().nullable(),
  ahi: z.number().nullable(),
  afGrade: RiskGradeSchema.nullable(),
});
export type NightSummary = z.infer<typeof NightSummarySchema>;

const mean = z.number().nullable();

export const MonthAnalysisSchema = z.discriminatedUnion('enough', [
  z.object({
    enough: z.literal(true),
    nights: z.number().int(),
    averages: z.object({
      score: z.number(),
      sleepMinutes: z.number(),
      efficiencyPercent: z.number(),
      deepSharePercent: z.number(),
      wakeUps: z.number(),
      leftBedCount: z.number(),
      bodyMovementIndex: z.number(),
      heartRateMean: mean,
      breathRateMean: mean,
      ahi: mean,
    }),
    /** Nights meeting each §9 reference value. */
    nightsMeetingReference: z.object({ duration: z.number().int(), efficiency: z.number().int(), deepShare: z.number().int(), ahi: z.number().int() }),
    /** Highest AHI band and AF grade seen this month (null when never assessable). */
    worstApneaGrade: RiskGradeSchema.nullable(),
    worstAfGrade: RiskGradeSchema.nullable(),
    /** Score change per week across the month (least-squares slope), points. */
    scoreTrendPerWeek: z.number(),
    series: z.array(NightSummarySchema),
  }),
  /** Fewer than 7 daily reports: a clear state, not an empty chart (spec 02 §9). */
  z.object({ enough: z.literal(false), nights: z.number().int(), required: z.literal(MONTHLY_MIN_NIGHTS) }),
]);
export type MonthAnalysis = z.infer<typeof MonthAnalysisSchema>;
