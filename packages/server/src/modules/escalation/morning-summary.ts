import { formatAlarmText, type HandoverAlarm, type HandoverSummary } from '@vigil/contracts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { AnalyticsRepository } from '../analytics/analytics.repository.ts';
import { settingsFromRow } from '../analytics/analytics.service.ts';
import type { HandoverSummaries } from '../analytics/handover.ts';
import { placeOf } from '../analytics/handover.presenter.ts';
import { nightWindow } from '../analytics/shifts.ts';
import { localDate, zonedInstant } from '../reports/zoned-time.ts';
import type { AlarmMailer } from '../webhooks/alarm-mail.ts';
import type { EscalationRepository } from './escalation.repository.ts';
import type { WalkerLog } from './escalation-walker.ts';

/** The job looks for care homes whose summary is due this often. */
export const MORNING_SUMMARY_EVERY_MS = 60_000;
/** A summary missed (server down) still goes out this long after its time, never later. */
const CATCH_UP_MS = 12 * 3_600_000;
/** A claim left unsent this long (its process stopped mid-send) may be taken again. */
const STALE_CLAIM_MS = 10 * 60_000;
/** Alarms listed one by one (the counts cover all). */
const ALARM_LINES_MAX = 60;

type ReportRow = Awaited<ReturnType<AnalyticsRepository['sleepReportsOf']>>[number];

const levelName = (level: number) => (level === 1 ? 'red' : 'orange');
const typeName = (alertType: string) => formatAlarmText('en-us', `short.${alertType}`) || alertType;

function clock(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The morning summary's text (English, like the alarm emails): the night's alarms by level and
 * type, each alarm with whether and how fast it was handled, those still unhandled, and each
 * resident's sleep report in a line.
 */
export function morningSummaryMail(careHome: string, summary: HandoverSummary, reports: readonly ReportRow[]): { subject: string; text: string } {
  const zone = summary.timeZone;
  const { stats, byType, items, itemsTotal } = summary.alarms;
  const red = byType.filter((entry) => entry.alertLevel === 1).reduce((sum, entry) => sum + entry.count, 0);
  const orange = byType.filter((entry) => entry.alertLevel !== 1).reduce((sum, entry) => sum + entry.count, 0);
  const alarmLine = (alarm: HandoverAlarm) => {
    const who = [alarm.userName, alarm.place].filter(Boolean).join(', ');
    const outcome =
      alarm.state === 'handled'
        ? `handled${alarm.handlerName ? ` by ${alarm.handlerName}` : ''}${alarm.responseSeconds !== null ? ` after ${duration(alarm.responseSeconds)}` : ''}`
        : alarm.state === 'relieved'
          ? 'relieved without handling'
          : 'NOT HANDLED';
    return `- ${clock(alarm.raisedAt, zone)} ${typeName(alarm.alertType)} (${levelName(alarm.alertLevel)})${who ? ` – ${who}` : ''}: ${outcome}`;
  };
  const lines: string[] = [
    `Night summary for ${careHome}: the night to ${summary.date}, ${clock(summary.from, zone)}–${clock(summary.to, zone)} (${zone}).`,
    '',
    `ALARMS: ${stats.count} (red ${red}, orange ${orange}); handled ${stats.handled}, relieved ${stats.relieved}, still unhandled ${stats.pending}.`,
  ];
  if (stats.medianSeconds !== null) lines.push(`Handled in ${duration(stats.medianSeconds)} (median)${stats.p90Seconds !== null ? `, 90 % within ${duration(stats.p90Seconds)}` : ''}.`);
  if (byType.length > 0) {
    lines.push('', 'By level and type:');
    for (const level of [1, 2]) {
      for (const entry of byType.filter((candidate) => (level === 1 ? candidate.alertLevel === 1 : candidate.alertLevel !== 1))) {
        lines.push(`- ${typeName(entry.alertType)} (${levelName(entry.alertLevel)}): ${entry.count} – handled ${entry.handled}, relieved ${entry.relieved}, unhandled ${entry.pending}`);
      }
    }
    lines.push('', 'Each alarm:');
    for (const alarm of [...items].sort((a, b) => a.raisedAt - b.raisedAt).slice(0, ALARM_LINES_MAX)) lines.push(alarmLine(alarm));
    if (itemsTotal > Math.min(items.length, ALARM_LINES_MAX)) lines.push(`… and ${itemsTotal - Math.min(items.length, ALARM_LINES_MAX)} more (Alarm log in the console).`);
  }
  lines.push('', `STILL UNHANDLED NOW: ${summary.pending.length === 0 ? 'none.' : ''}`);
  for (const alarm of summary.pending) lines.push(alarmLine(alarm));
  lines.push('', `SLEEP REPORTS (${reports.length}):`);
  if (reports.length === 0) lines.push('- none written yet.');
  for (const report of [...reports].sort((a, b) => a.name.localeCompare(b.name))) {
    const place = placeOf([report.building, report.floor, report.room, report.bed]);
    const parts = [`slept ${duration(report.sleep_minutes * 60)}`];
    if (report.analysed === 1 && report.score !== null) parts.push(`score ${Math.round(report.score)}`);
    else parts.push('too short to score');
    if (report.wake_ups !== null) parts.push(`woke ${report.wake_ups} ${report.wake_ups === 1 ? 'time' : 'times'}`);
    lines.push(`- ${report.name}${place ? ` (${place})` : ''}: ${parts.join(', ')}`);
  }
  lines.push('', 'Monitoring data is for reference only and is not medical advice.', 'Sent by Vigil; recipients are set in the console under Alarm log › Escalation.');
  const subject = `[Vigil] Night summary ${summary.date} – ${careHome}: ${stats.count} alarms${stats.pending > 0 || summary.pending.length > 0 ? `, ${summary.pending.length} unhandled` : ''}`;
  return { subject, text: lines.join('\n') };
}

/**
 * The morning summary email (issue 28): per care home with recipients, once each morning at its
 * local time (and not before its night shift has ended), one email to each recipient. The
 * scheduler's leader sends it; each care home's morning is claimed in `morning_summaries` first,
 * so a second process (or a leader in a failover) never sends it again.
 */
export function morningSummaries(deps: {
  repository: Pick<EscalationRepository, 'summarySetting' | 'summaryHomes' | 'careHomeName' | 'claimMorningSummary' | 'morningSummarySent' | 'releaseMorningSummary'>;
  analytics: Pick<AnalyticsRepository, 'findSettings' | 'sleepReportsOf'>;
  handover: Pick<HandoverSummaries, 'build'>;
  mailer: AlarmMailer | null;
  timeZone: (providerId: number) => Promise<string>;
  log: WalkerLog;
  now: () => number;
}) {
  const { repository } = deps;

  /** Sends the summaries due at `now`; answers how many care homes' summaries went out. */
  async function sendDue(now: number): Promise<number> {
    if (!deps.mailer) return 0;
    let sent = 0;
    for (const providerId of await repository.summaryHomes()) {
      try {
        const setting = await repository.summarySetting(providerId);
        if (setting.emails.length === 0) continue;
        const zone = await deps.timeZone(providerId);
        const date = localDate(now, zone);
        const starts = settingsFromRow(await deps.analytics.findSettings(providerId)).shiftStarts;
        const due = Math.max(zonedInstant(date, setting.time, zone), nightWindow(date, starts, zone).to);
        if (now < due || now - due > CATCH_UP_MS) continue;
        // Taken over only when its process stopped before sending.
        if (!(await repository.claimMorningSummary(providerId, date, now, STALE_CLAIM_MS))) continue;
        try {
          const careHome = await repository.careHomeName(providerId);
          const summary = await deps.handover.build(providerId, date, now);
          const reports = await deps.analytics.sleepReportsOf(providerId, date);
          const { subject, text } = morningSummaryMail(careHome, summary, reports);
          let delivered = 0;
          for (const address of setting.emails) {
            try {
              await deps.mailer.sendText(address, subject, text, { 'X-Vigil-Event': 'summary.morning', 'X-Vigil-Summary': `${providerId}/${date}` });
              delivered += 1;
            } catch (error) {
              deps.log.warn({ err: error, providerId, date }, 'morning summary: an email was not sent');
            }
          }
          await repository.morningSummarySent(providerId, date, deps.now(), delivered);
          sent += 1;
        } catch (error) {
          // Not sent: give the claim back so the next run tries again.
          await repository.releaseMorningSummary(providerId, date);
          throw error;
        }
      } catch (error) {
        deps.log.warn({ err: error, providerId }, 'morning summary: not sent this run');
      }
    }
    return sent;
  }

  return {
    sendDue,
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'morning-summary', schedule: { everyMs: MORNING_SUMMARY_EVERY_MS }, run: async ({ now }) => void (await sendDue(now)) });
    },
  };
}
export type MorningSummaries = ReturnType<typeof morningSummaries>;
