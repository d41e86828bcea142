import { formatAlarmText, formatMessage, SLEEP_DISCLAIMER_DATE, type HandoverAlarm, type HandoverSummary, type Language, type MessageKey } from '@vigil/contracts';
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

/** The morning summary's text in one language (the recipient's). */
function summaryWriter(language: Language, timeZone: string) {
  const t = (key: MessageKey, params?: Record<string, string | number>) => formatMessage(language, key, params);
  const clockFormat = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const duration = (seconds: number): string => {
    if (seconds < 60) return t('summary.seconds', { seconds: Math.round(seconds) });
    const minutes = Math.round(seconds / 60);
    return minutes < 60 ? t('summary.minutes', { minutes }) : t('summary.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
  return {
    t,
    duration,
    clock: (at: number) => clockFormat.format(at),
    levelName: (level: number) => t(level === 1 ? 'summary.red' : 'summary.orange'),
    typeName: (alertType: string) => formatAlarmText(language, `short.${alertType}`) || alertType,
  };
}

/**
 * The morning summary's subject and text in the recipient's language: the night's alarms by
 * level and type, each alarm with whether and how fast it was handled, those still unhandled,
 * and each resident's sleep report in a line.
 */
export function morningSummaryMail(careHome: string, summary: HandoverSummary, reports: readonly ReportRow[], language: Language): { subject: string; text: string } {
  const { t, duration, clock, levelName, typeName } = summaryWriter(language, summary.timeZone);
  const { stats, byType, items, itemsTotal } = summary.alarms;
  const red = byType.filter((entry) => entry.alertLevel === 1).reduce((sum, entry) => sum + entry.count, 0);
  const orange = byType.filter((entry) => entry.alertLevel !== 1).reduce((sum, entry) => sum + entry.count, 0);
  const outcomeOf = (alarm: HandoverAlarm): string => {
    if (alarm.state === 'relieved') return t('summary.relieved');
    if (alarm.state !== 'handled') return t('summary.notHandled');
    const after = alarm.responseSeconds !== null ? duration(alarm.responseSeconds) : null;
    if (alarm.handlerName && after) return t('summary.handledByAfter', { name: alarm.handlerName, duration: after });
    if (alarm.handlerName) return t('summary.handledBy', { name: alarm.handlerName });
    return after ? t('summary.handledAfter', { duration: after }) : t('summary.handled');
  };
  const separator = t('summary.listSeparator');
  const alarmLine = (alarm: HandoverAlarm) => {
    const who = [alarm.userName, alarm.place].filter(Boolean).join(separator);
    const fields = { time: clock(alarm.raisedAt), type: typeName(alarm.alertType), level: levelName(alarm.alertLevel), outcome: outcomeOf(alarm) };
    return `- ${who ? t('summary.alarmLine', { ...fields, who }) : t('summary.alarmLineNobody', fields)}`;
  };
  const lines: string[] = [
    t('summary.heading', { careHome, date: summary.date, from: clock(summary.from), to: clock(summary.to), zone: summary.timeZone }),
    '',
    t('summary.alarms', { count: stats.count, red, orange, handled: stats.handled, relieved: stats.relieved, pending: stats.pending }),
  ];
  if (stats.medianSeconds !== null) {
    lines.push(stats.p90Seconds !== null
      ? t('summary.medianP90', { median: duration(stats.medianSeconds), percent: 90, p90: duration(stats.p90Seconds) })
      : t('summary.median', { median: duration(stats.medianSeconds) }));
  }
  if (byType.length > 0) {
    lines.push('', t('summary.byType'));
    for (const level of [1, 2]) {
      for (const entry of byType.filter((candidate) => (level === 1 ? candidate.alertLevel === 1 : candidate.alertLevel !== 1))) {
        lines.push(`- ${t('summary.typeLine', { type: typeName(entry.alertType), level: levelName(entry.alertLevel), count: entry.count, handled: entry.handled, relieved: entry.relieved, pending: entry.pending })}`);
      }
    }
    lines.push('', t('summary.eachAlarm'));
    for (const alarm of [...items].sort((a, b) => a.raisedAt - b.raisedAt).slice(0, ALARM_LINES_MAX)) lines.push(alarmLine(alarm));
    const listed = Math.min(items.length, ALARM_LINES_MAX);
    if (itemsTotal > listed) lines.push(t('summary.more', { count: itemsTotal - listed }));
  }
  lines.push('', summary.pending.length === 0 ? `${t('summary.pendingNow')} ${t('summary.none')}` : t('summary.pendingNow'));
  for (const alarm of summary.pending) lines.push(alarmLine(alarm));
  lines.push('', t('summary.reports', { count: reports.length }));
  if (reports.length === 0) lines.push(`- ${t('summary.noReports')}`);
  for (const report of [...reports].sort((a, b) => a.name.localeCompare(b.name, language))) {
    const place = placeOf([report.building, report.floor, report.room, report.bed]);
    const parts = [t('summary.slept', { duration: duration(report.sleep_minutes * 60) })];
    parts.push(report.analysed === 1 && report.score !== null ? t('summary.score', { score: Math.round(report.score) }) : t('summary.tooShort'));
    if (report.wake_ups !== null) parts.push(report.wake_ups === 1 ? t('summary.wokeOnce') : t('summary.woke', { count: report.wake_ups }));
    const details = parts.join(separator);
    lines.push(`- ${place ? t('summary.reportLine', { name: report.name, place, details }) : t('summary.reportLineNoPlace', { name: report.name, details })}`);
  }
  lines.push('', t('pdf.disclaimer', { date: SLEEP_DISCLAIMER_DATE }), t('summary.footer'));
  const subject = stats.pending > 0 || summary.pending.length > 0
    ? t('summary.subjectUnhandled', { date: summary.date, careHome, count: stats.count, unhandled: summary.pending.length })
    : t('summary.subject', { date: summary.date, careHome, count: stats.count });
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
        if (setting.recipients.length === 0) continue;
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
          // Written once per language the recipients read.
          const mails = new Map<Language, { subject: string; text: string }>();
          let delivered = 0;
          for (const { email, language } of setting.recipients) {
            let mail = mails.get(language);
            if (!mail) mails.set(language, (mail = morningSummaryMail(careHome, summary, reports, language)));
            try {
              await deps.mailer.sendText(email, mail.subject, mail.text, { 'X-Vigil-Event': 'summary.morning', 'X-Vigil-Summary': `${providerId}/${date}` });
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
