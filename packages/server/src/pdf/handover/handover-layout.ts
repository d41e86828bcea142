import { formatAlarmText, type HandoverAlarm } from '@vigil/contracts';
import { formatDateTime, formatNumber } from '../format.ts';
import type { PdfLayout } from '../kinds.ts';
import { A4, COLORS, type PdfPage } from '../page.ts';
import type { HandoverPdfData } from './handover-pdf-data.ts';


/** Rows per list, so the summary stays on one A4 page; the rest are counted ("the latest N of M"). */
const ROWS = { pending: 8, residents: 8, devices: 5 } as const;
/** The lowest y text may reach: page.ts keeps a 48 pt margin and a 28 pt footer. */
const PAGE_BOTTOM = A4.height - 48 - 28;
/** Height of a one-line table row (9.5 pt text, 4 pt padding) and what a section's heading, header row and note take. */
const ROW_HEIGHT = 23;
const SECTION_OVERHEAD = 80;

function more(page: PdfPage, shown: number, total: number): void {
  if (total > shown) page.text(page.t('handoverPdf.alarmsMore', { shown, total }), { size: 8.5, color: COLORS.muted });
}

/** A list section: heading, a table of at most `max` rows, or the "none" line. */
function section<T>(page: PdfPage, title: string, none: string, rows: readonly T[], max: number, header: string[], cells: (row: T) => string[], columns: number[], total = rows.length): void {
  page.heading(title, 40);
  if (rows.length === 0) {
    page.text(none, { size: 9.5, color: COLORS.muted });
    return;
  }
  page.table([header, ...rows.slice(0, max).map(cells)], columns);
  more(page, Math.min(max, rows.length), total);
}

/** The night handover: one A4 page for the morning shift (docs/analytics.md). */
export const handoverLayout: PdfLayout<HandoverPdfData> = {
  title: (page, data) => `${page.t('handoverPdf.title')} · ${data.providerName} · ${data.summary.date}`,
  fileName: (page, data) => page.t('handoverPdf.fileName', { date: data.summary.date }),
  draw(page, data) {
    const summary = data.summary;
    const zone = summary.timeZone;
    const time = (instant: number) => formatDateTime(page.language, instant, zone);
    const seconds = (value: number | null) => (value === null ? '—' : `${formatNumber(page.language, value, 1)} s`);
    const share = (value: number | null) => (value === null ? '—' : `${formatNumber(page.language, value * 100)}%`);
    const typeName = (alertType: string) => formatAlarmText(page.language, `short.${alertType}`) || alertType;
    const level = (value: number) => page.t(value === 1 ? 'handoverPdf.levelRed' : 'handoverPdf.levelOrange');

    page.text(page.t('handoverPdf.title'), { size: 20, bold: true, color: COLORS.accent });
    page.gap(4);
    page.text(`${page.t('handoverPdf.careHome')}: ${data.providerName}`, { size: 10.5 });
    page.text(`${page.t('handoverPdf.night', { label: summary.shiftLabel, from: time(summary.from), to: time(summary.to) })} (${zone})`, { size: 10.5 });
    page.text(page.t(summary.stored ? 'handoverPdf.storedAt' : 'handoverPdf.computedAt', { time: time(summary.generatedAt) }), { size: 9, color: COLORS.muted });
    page.gap(6);

    const stats = summary.alarms.stats;
    page.table([
      [page.t('handoverPdf.count'), page.t('handoverPdf.handled'), page.t('handoverPdf.relieved'), page.t('handoverPdf.pendingCount'), page.t('handoverPdf.median'), page.t('handoverPdf.p90'), page.t('handoverPdf.withinTarget'), page.t('handoverPdf.falseAlarms')],
      [String(stats.count), String(stats.handled), String(stats.relieved), String(summary.pending.length), seconds(stats.medianSeconds), seconds(stats.p90Seconds), share(stats.withinTargetShare), share(stats.falseAlarmShare)],
    ], [0.11, 0.12, 0.12, 0.12, 0.13, 0.14, 0.13, 0.13]);

    const alarmHeader = [page.t('handoverPdf.time'), page.t('handoverPdf.type'), page.t('handoverPdf.level'), page.t('handoverPdf.resident'), page.t('handoverPdf.place')];
    const alarmCells = (row: HandoverAlarm) => [time(row.raisedAt), typeName(row.alertType), level(row.alertLevel), row.userName || row.deviceId, row.place];
    section(page, page.t('handoverPdf.pending'), page.t('handoverPdf.noPending'), summary.pending, ROWS.pending, alarmHeader, alarmCells, [0.2, 0.2, 0.1, 0.2, 0.3]);

    page.heading(page.t('handoverPdf.sleep'), 40);
    page.text(page.t('handoverPdf.sleepReports', { count: summary.sleep.reports }), { size: 8.5, color: COLORS.muted });
    page.gap(2);
    if (summary.sleep.residents.length === 0) page.text(page.t('handoverPdf.noSleep'), { size: 9.5, color: COLORS.muted });
    else {
      page.table([
        [page.t('handoverPdf.resident'), page.t('handoverPdf.place'), page.t('handoverPdf.state'), page.t('handoverPdf.score'), page.t('handoverPdf.ahi'), page.t('handoverPdf.breathStops')],
        ...summary.sleep.residents.slice(0, ROWS.residents).map((row) => [
          row.name, row.place, row.reasons.map((reason) => page.t(`handoverPdf.reason.${reason}`)).join(', '),
          row.score === null ? '—' : String(row.score), row.ahi === null ? '—' : formatNumber(page.language, row.ahi, 1), String(row.breathStopAlarms),
        ]),
      ], [0.2, 0.28, 0.2, 0.1, 0.08, 0.14]);
      more(page, Math.min(ROWS.residents, summary.sleep.residents.length), summary.sleep.residents.length);
    }

    section(page, page.t('handoverPdf.offline'), page.t('handoverPdf.noOffline'), summary.devices.offline, ROWS.devices,
      [page.t('handoverPdf.device'), page.t('handoverPdf.place'), page.t('handoverPdf.time'), page.t('handoverPdf.state')],
      (row) => [row.deviceId, row.place, row.at === null ? '—' : time(row.at), page.t(row.online ? 'handoverPdf.onlineNow' : 'handoverPdf.stillOffline')], [0.25, 0.35, 0.22, 0.18]);
    section(page, page.t('handoverPdf.lowBattery'), page.t('handoverPdf.noLowBattery'), summary.devices.lowBattery, ROWS.devices,
      [page.t('handoverPdf.device'), page.t('handoverPdf.place'), page.t('handoverPdf.time'), page.t('handoverPdf.battery')],
      (row) => [row.deviceId, row.place, row.at === null ? '—' : time(row.at), row.battery === null ? '—' : `${row.battery}%`], [0.25, 0.35, 0.22, 0.18]);

    // The night's alarms fill what is left of the page: the lists above matter more at handover.
    const alarmRows = Math.max(1, Math.floor((PAGE_BOTTOM - page.y - SECTION_OVERHEAD) / ROW_HEIGHT));
    section(page, page.t('handoverPdf.alarms'), page.t('handoverPdf.noAlarms'), summary.alarms.items, alarmRows,
      [page.t('handoverPdf.time'), page.t('handoverPdf.type'), page.t('handoverPdf.resident'), page.t('handoverPdf.state'), page.t('handoverPdf.handler'), page.t('handoverPdf.response')],
      (row) => [time(row.raisedAt), typeName(row.alertType), row.userName || row.deviceId, page.t(`handoverPdf.state.${row.state}`), row.handlerName ?? '', row.responseSeconds === null ? '' : seconds(row.responseSeconds)],
      [0.2, 0.2, 0.18, 0.14, 0.16, 0.12], summary.alarms.itemsTotal);
  },
};
