import { SLEEP_REFERENCE } from '@vigil/contracts';
import { type ChartOption, drawChart } from '../charts.ts';
import { formatNumber } from '../format.ts';
import type { PdfLayout } from '../kinds.ts';
import type { SleepMonthlyPdfData } from './sleep-pdf-data.ts';
import { disclaimer, gradeText, GRID, minutesText, percentText, titleBlock } from './sleep-common.ts';

/** The monthly sleep report: averages against the §9 references and the month's trends. */
export const sleepMonthlyLayout: PdfLayout<SleepMonthlyPdfData> = {
  title: (page, data) => `${page.t('pdf.monthly.title')} · ${data.residentName} · ${data.month}`,
  fileName: (page, data) => page.t('pdf.monthly.fileName', { name: data.residentName, month: data.month }),
  draw(page, data) {
    const month = data.analysis;
    const n = (value: number, digits = 0) => formatNumber(page.language, value, digits);
    const meeting = (value: number) => page.t('pdf.unit.nightsMeeting', { value, nights: month.nights });
    const place = [data.room, data.bunk].filter(Boolean).join(' / ') || '—';
    titleBlock(page, page.t('pdf.monthly.title'), [
      [page.t('pdf.resident'), data.residentName],
      [page.t('pdf.place'), place],
      [page.t('pdf.month'), data.month],
      [page.t('pdf.status'), page.t(`pdf.status.${data.status}`)],
    ]);
    const averages = month.averages;
    const optional = (value: number | null, render: (value: number) => string) => (value === null ? page.t('pdf.notAssessable') : render(value));
    const range = (values: (number | null)[]) => {
      const known = values.filter((value): value is number => value !== null);
      return known.length < 2 ? '' : ` (${n(Math.min(...known))}–${n(Math.max(...known))})`;
    };
    page.table([
      [page.t('pdf.metric'), page.t('pdf.value'), page.t('pdf.reference')],
      [page.t('pdf.metric.nights'), n(month.nights), ''],
      [page.t('pdf.metric.score'), n(averages.score), '0–100'],
      [page.t('pdf.metric.scoreTrend'), page.t('pdf.unit.pointsPerWeek', { value: `${month.scoreTrendPerWeek > 0 ? '+' : ''}${n(month.scoreTrendPerWeek, 1)}` }), ''],
      [page.t('pdf.metric.sleep'), `${minutesText(page, averages.sleepMinutes)} · ${meeting(month.nightsMeetingReference.duration)}`, page.t('pdf.reference.sleep')],
      [page.t('pdf.metric.efficiency'), `${percentText(page, averages.efficiencyPercent)} · ${meeting(month.nightsMeetingReference.efficiency)}`, page.t('pdf.reference.efficiency')],
      [page.t('pdf.metric.deepShare'), `${percentText(page, averages.deepSharePercent)} · ${meeting(month.nightsMeetingReference.deepShare)}`, page.t('pdf.reference.deepShare')],
      [page.t('pdf.metric.bodyMovement'), page.t('pdf.unit.perHour', { value: n(averages.bodyMovementIndex, 1) }), page.t('pdf.reference.bodyMovement')],
      // The reference is per hour of sleep (spec 02 §9: at most 0.4): the nightly mean is set beside its hourly rate.
      [page.t('pdf.metric.wakeUps'), `${page.t('pdf.unit.times', { value: n(averages.wakeUps, 1) })} · ${page.t('pdf.unit.perHour', { value: n(averages.sleepMinutes > 0 ? averages.wakeUps / (averages.sleepMinutes / 60) : 0, 2) })}`, page.t('pdf.reference.wakeUps')],
      [page.t('pdf.metric.leftBed'), page.t('pdf.unit.times', { value: n(averages.leftBedCount, 1) }), ''],
      // The mean with the range of the nights' means.
      [page.t('pdf.metric.heartRate'), optional(averages.heartRateMean, (value) => page.t('pdf.unit.bpm', { value: `${n(value)}${range(month.series.map((night) => night.heartRateMean))}` })), ''],
      [page.t('pdf.metric.breathRate'), optional(averages.breathRateMean, (value) => page.t('pdf.unit.rpm', { value: n(value) })), ''],
      [page.t('pdf.metric.ahi'), optional(averages.ahi, (value) => `${n(value, 1)} · ${meeting(month.nightsMeetingReference.ahi)}`), page.t('pdf.reference.ahi')],
      [page.t('pdf.metric.worstApnea'), gradeText(page, month.worstApneaGrade), ''],
      [page.t('pdf.metric.worstAf'), gradeText(page, month.worstAfGrade), ''],
    ], [0.36, 0.4, 0.24]);

    const days = month.series.map((night) => night.date.slice(8));
    const axis = { type: 'category', data: days, axisLabel: { fontSize: 8 } };
    const line = (name: string, values: (number | null)[]) => ({ type: 'line', name, data: values.map((value) => (value === null ? null : Math.round(value * 10) / 10)), symbolSize: 4, connectNulls: true });
    drawChart(page, page.t('pdf.chart.scoreTrend'), {
      grid: GRID, xAxis: axis, yAxis: { type: 'value', min: 0, max: 100, axisLabel: { fontSize: 9 } },
      series: [line(page.t('pdf.metric.score'), month.series.map((night) => night.score))],
    } satisfies ChartOption, 150);
    drawChart(page, page.t('pdf.chart.sleepTrend'), {
      grid: GRID, xAxis: axis, yAxis: { type: 'value', axisLabel: { fontSize: 9 } },
      series: [{
        type: 'bar', data: month.series.map((night) => Math.round(night.sleepMinutes)), barWidth: '60%',
        markArea: { silent: true, itemStyle: { color: 'rgba(43,138,62,0.12)' }, data: [[{ yAxis: SLEEP_REFERENCE.sleepHoursMin * 60 }, { yAxis: SLEEP_REFERENCE.sleepHoursMax * 60 }]] },
      }],
    } satisfies ChartOption, 150);
    drawChart(page, page.t('pdf.chart.qualityTrend'), {
      grid: { ...GRID, top: 34 }, legend: { top: 0, textStyle: { fontSize: 9 } }, xAxis: axis, yAxis: { type: 'value', min: 0, max: 100, axisLabel: { fontSize: 9 } },
      series: [
        { ...line(page.t('pdf.metric.efficiency'), month.series.map((night) => night.efficiencyPercent)), markLine: { symbol: 'none', silent: true, data: [{ yAxis: SLEEP_REFERENCE.efficiencyMin }], label: { fontSize: 8 } } },
        { ...line(page.t('pdf.metric.deepShare'), month.series.map((night) => night.deepSharePercent)), markLine: { symbol: 'none', silent: true, data: [{ yAxis: SLEEP_REFERENCE.deepShareMin }], label: { fontSize: 8 } } },
      ],
    } satisfies ChartOption, 160);
    drawChart(page, page.t('pdf.chart.rateTrend'), {
      grid: { ...GRID, top: 34 }, legend: { top: 0, textStyle: { fontSize: 9 } }, xAxis: axis, yAxis: { type: 'value', scale: true, axisLabel: { fontSize: 9 } },
      series: [
        line(page.t('pdf.series.heartRate'), month.series.map((night) => night.heartRateMean)),
        line(page.t('pdf.series.breathRate'), month.series.map((night) => night.breathRateMean)),
      ],
    } satisfies ChartOption, 160);
    drawChart(page, page.t('pdf.chart.bedExits'), {
      grid: GRID, xAxis: axis, yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 9 } },
      series: [{ type: 'bar', data: month.series.map((night) => night.leftBedCount), barWidth: '60%' }],
    } satisfies ChartOption, 120);
    disclaimer(page, data.disclaimerDate, data.generatedAt, data.timeZone);
  },
};
