import { type DailyReport, type NightSummary, type ReportStatus, RISK_GRADES, type RiskGrade } from '@vigil/contracts';
import type { DailyReportRow } from './report.repository.ts';

/** Spec 02 §4: a report reads "logged off" once its resident is deregistered. */
export function reportStatusOf(residentState: string): ReportStatus {
  return residentState === 'deregistered' ? 'loggedOff' : 'normal';
}

/** A stored grade, or null when the night could not be graded. */
export function gradeOf(value: string | null): RiskGrade | null {
  return RISK_GRADES.find((grade) => grade === value) ?? null;
}

/** A stored daily report as the API shows it (never the raw row). */
export function presentDailyReport(row: Omit<DailyReportRow, 'analysis'>): DailyReport {
  return {
    id: row.id,
    residentId: row.resident_id,
    residentName: row.resident_name,
    room: row.room_name,
    bunk: row.bed_name,
    date: row.report_date,
    status: reportStatusOf(row.resident_state),
    analysed: row.analysed === 1,
    reason: row.reason === 'noData' || row.reason === 'tooLittleSleep' ? row.reason : null,
    score: row.score,
    sleepMinutes: row.sleep_minutes,
    timeInBedMinutes: row.time_in_bed_minutes,
    efficiencyPercent: row.efficiency,
    deepSharePercent: row.deep_share,
    wakeUps: row.wake_ups,
    leftBedCount: row.left_bed_count,
    heartRateMean: row.hr_mean,
    breathRateMean: row.rr_mean,
    ahi: row.ahi,
    apneaGrade: gradeOf(row.apnea_grade),
    afGrade: gradeOf(row.af_grade),
    bedTime: row.bed_time,
    wakeTime: row.wake_time,
    windowFrom: row.window_from,
    windowTo: row.window_to,
    createdAt: row.created_at,
  };
}

/** A stored analysed night as the monthly analysis reads it. */
export function nightSummaryOf(row: {
  report_date: string; score: number | null; sleep_minutes: number; time_in_bed_minutes: number | null; efficiency: number | null; deep_share: number | null;
  wake_ups: number | null; left_bed_count: number | null; body_movement_index: number | null; hr_mean: number | null; rr_mean: number | null; ahi: number | null; af_grade: string | null;
}): NightSummary {
  return {
    date: row.report_date,
    score: row.score ?? 0,
    sleepMinutes: row.sleep_minutes,
    timeInBedMinutes: row.time_in_bed_minutes ?? 0,
    efficiencyPercent: row.efficiency ?? 0,
    deepSharePercent: row.deep_share ?? 0,
    wakeUps: row.wake_ups ?? 0,
    leftBedCount: row.left_bed_count ?? 0,
    bodyMovementIndex: row.body_movement_index ?? 0,
    heartRateMean: row.hr_mean,
    breathRateMean: row.rr_mean,
    ahi: row.ahi,
    afGrade: gradeOf(row.af_grade),
  };
}
