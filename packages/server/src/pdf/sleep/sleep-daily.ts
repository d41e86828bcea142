import { type AnalysedNight, HYPNOGRAM_STAGES, SLEEP_REFERENCE } from '@vigil/contracts';
import { type ChartOption, drawChart } from '../charts.ts';
import { formatClock, formatNumber, zoneOffsetMs } from '../format.ts';
import type { PdfLayout } from '../kinds.ts';
import type { PdfPage } from '../page.ts';
import type { SleepDailyPdfData } from './sleep-pdf-data.ts';
import { disclaimer, gradeText, GRID, minutesText, percentText, titleBlock } from './sleep-common.ts';

/** The daily sleep report (spec 02 §3 metrics, §9 references), as an A4 PDF. */
export const sleepDailyLayout: PdfLayout<SleepDailyPdfData> = {
  title: (page, data) => `${page.t('pdf.daily.title')} · ${data.report.residentName} · ${data.report.date}`,
  fileName: (page, data) => page.t('pdf.daily.fileName', { name: data.report.residentName, date: data.report.date }),
  draw(page, data) {
    const { report, analysis } = data;
    const place = [report.room, report.bunk].filter(Boolean).join(' / ') || '—';
    titleBlock(page, page.t('pdf.daily.title'), [
      [page.t('pdf.resident'), report.residentName],
      [page.t('pdf.place'), place],
      [page.t('pdf.date'), report.date],
      [page.t('pdf.status'), page.t(`pdf.status.${report.status}`)],
    ]);
    if (!analysis.analysed) {
      page.text(analysis.reason === 'noData' ? page.t('pdf.notAnalysed.noData') : page.t('pdf.notAnalysed.tooLittleSleep', { minutes: Math.round(analysis.sleepMinutes) }), { size: 12, bold: true });
    } else {
      metricsTable(page, analysis, data.timeZone);
      charts(page, analysis, data.timeZone);
    }
    disclaimer(page, data.disclaimerDate, data.generatedAt, data.timeZone);
  },
};

function metricsTable(page: PdfPage, night: AnalysedNight, timeZone: string): void {
  const clock = (instant: number) => formatClock(page.language, instant, timeZone);
  const n = (value: number, digits = 0) => formatNumber(page.language, value, digits);
  const sleepHours = night.sleepMinutes / 60;
  const rate = (summary: AnalysedNight['heartRate'], unit: 'pdf.unit.bpm' | 'pdf.unit.rpm') =>
    summary ? `${page.t(unit, { value: n(summary.mean) })} (${n(summary.min)}–${n(summary.max)})` : page.t('pdf.notAssessable');
  const rows: string[][] = [
    [page.t('pdf.metric'), page.t('pdf.value'), page.t('pdf.reference')],
    [page.t('pdf.metric.score'), n(night.score.value), '0–100'],
    [page.t('pdf.metric.sleep'), minutesText(page, night.sleepMinutes), page.t('pdf.reference.sleep')],
    [page.t('pdf.metric.timeInBed'), minutesText(page, night.timeInBedMinutes), ''],
    [page.t('pdf.metric.bedTime'), `${clock(night.bedTime)} / ${clock(night.getUpTime)}`, ''],
    [page.t('pdf.metric.sleepOnset'), `${clock(night.sleepOnset)} / ${clock(night.wakeTime)}`, ''],
    [page.t('pdf.metric.latency'), minutesText(page, night.sleepLatencyMinutes), ''],
    [page.t('pdf.metric.efficiency'), percentText(page, night.efficiencyPercent), page.t('pdf.reference.efficiency')],
    [page.t('pdf.metric.deepShare'), percentText(page, night.deepSharePercent), page.t('pdf.reference.deepShare')],
    [page.t('pdf.metric.continuity'), n(night.continuityIndex), '0–100'],
    [page.t('pdf.metric.bodyMovement'), `${page.t('pdf.unit.times', { value: n(night.bodyMovements) })} · ${page.t('pdf.unit.perHour', { value: n(night.bodyMovementIndex, 1) })}`, page.t('pdf.reference.bodyMovement')],
    [page.t('pdf.metric.wakeUps'), `${page.t('pdf.unit.times', { value: n(night.wakeUps) })} · ${page.t('pdf.unit.perHour', { value: n(sleepHours > 0 ? night.wakeUps / sleepHours : 0, 2) })}`, page.t('pdf.reference.wakeUps')],
    [page.t('pdf.metric.leftBed'), [page.t('pdf.unit.times', { value: n(night.leftBed.count) }), ...night.leftBed.exits.map((exit) => `${clock(exit.from)}–${clock(exit.to)}`)].join(' · '), ''],
    [page.t('pdf.metric.heartRate'), rate(night.heartRate, 'pdf.unit.bpm'), ''],
    [page.t('pdf.metric.breathRate'), rate(night.breathRate, 'pdf.unit.rpm'), ''],
    [page.t('pdf.metric.hrv'), night.hrv.assessable ? page.t('pdf.unit.ms', { value: n(night.hrv.rmssdProxyMs) }) : page.t('pdf.notAssessable'), ''],
    [page.t('pdf.metric.ahi'), night.apnea.assessable ? `${n(night.apnea.ahi, 1)} · ${gradeText(page, night.apnea.grade)}` : page.t('pdf.notAssessable'), page.t('pdf.reference.ahi')],
    [page.t('pdf.metric.afRisk'), night.afRisk.assessable ? gradeText(page, night.afRisk.grade) : page.t('pdf.notAssessable'), ''],
  ];
  page.table(rows, [0.36, 0.4, 0.24]);
}

const HOUR = 3_600_000;

/**
 * The night's time axis: from the whole hour before the resident went to bed to the whole hour
 * after they got up (not the analysis window's 18:00), ticks on whole hours of the care home's
 * clock, every hour or, over a long night, every two (issue 25 item 19).
 */
function timeAxis(page: PdfPage, night: AnalysedNight, timeZone: string) {
  const first = Math.max(night.window.from, night.bedTime);
  const last = Math.min(night.window.to, night.getUpTime);
  const offset = zoneOffsetMs(first, timeZone);
  const min = Math.floor((first + offset) / HOUR) * HOUR - offset;
  const max = Math.ceil((Math.max(last, min + HOUR) + offset) / HOUR) * HOUR - offset;
  return {
    type: 'value',
    min,
    max,
    interval: max - min > 10 * HOUR ? 2 * HOUR : HOUR,
    axisLabel: { formatter: (value: number) => formatClock(page.language, value, timeZone), fontSize: 9 },
    splitLine: { show: false },
  };
}

function charts(page: PdfPage, night: AnalysedNight, timeZone: string): void {
  // Deepest stage lowest, as hypnograms are drawn.
  const stages = [...HYPNOGRAM_STAGES].reverse();
  const points: [number, number][] = [];
  for (const segment of night.hypnogram) {
    points.push([segment.from, stages.indexOf(segment.stage)]);
    points.push([segment.to, stages.indexOf(segment.stage)]);
  }
  drawChart(page, page.t('pdf.chart.hypnogram'), {
    grid: { ...GRID, left: 84 },
    xAxis: timeAxis(page, night, timeZone),
    yAxis: { type: 'category', data: stages.map((stage) => page.t(`pdf.stage.${stage}`)), axisLabel: { fontSize: 9 } },
    series: [{ type: 'line', data: points, symbol: 'none', lineStyle: { width: 1.5 }, areaStyle: { opacity: 0.12 } }],
  } satisfies ChartOption, 180);

  const inBed: [number, number][] = [[night.window.from, 0], [night.bedTime, 0], [night.bedTime, 1]];
  for (const exit of night.leftBed.exits) inBed.push([exit.from, 1], [exit.from, 0], [exit.to, 0], [exit.to, 1]);
  inBed.push([night.getUpTime, 1], [night.getUpTime, 0], [night.window.to, 0]);
  drawChart(page, `${page.t('pdf.chart.bedExits')}: ${page.t('pdf.unit.times', { value: night.leftBed.count })}`, {
    grid: { ...GRID, left: 84, top: 10 },
    xAxis: timeAxis(page, night, timeZone),
    yAxis: { type: 'value', min: 0, max: 1, interval: 1, axisLabel: { fontSize: 9, formatter: (value: number) => (value === 0 ? page.t('pdf.stage.outOfBed') : '') } },
    series: [{ type: 'line', data: inBed, symbol: 'none', step: false, lineStyle: { width: 1.5 }, areaStyle: { opacity: 0.15 } }],
  } satisfies ChartOption, 90);

  const stageMinutes = night.stageMinutes;
  drawChart(page, page.t('pdf.chart.stageMinutes'), {
    grid: GRID,
    xAxis: { type: 'category', data: stages.map((stage) => page.t(`pdf.stage.${stage}`)), axisLabel: { fontSize: 9 } },
    yAxis: { type: 'value', axisLabel: { fontSize: 9 } },
    series: [{ type: 'bar', data: stages.map((stage) => Math.round(stageMinutes[stage])), barWidth: '45%', label: { show: true, position: 'top', fontSize: 9 } }],
  } satisfies ChartOption, 150);

  const rates = ([['pdf.series.heartRate', night.heartRate], ['pdf.series.breathRate', night.breathRate]] as const).filter((entry) => entry[1] !== null);
  const trend = night.trend ?? [];
  if (trend.length > 1) {
    // Reports analysed since the trend exists: heart and breathing rate and movement through the night.
    drawChart(page, page.t('pdf.chart.ratesNight'), {
      grid: { ...GRID, left: 84, top: 24 },
      legend: { top: 0, textStyle: { fontSize: 9 } },
      xAxis: timeAxis(page, night, timeZone),
      yAxis: { type: 'value', axisLabel: { fontSize: 9 } },
      series: [
        { type: 'line', name: page.t('pdf.series.heartRate'), data: trend.map((point) => [point.t, point.heartRate]), symbol: 'none', connectNulls: false, lineStyle: { width: 1.5 } },
        { type: 'line', name: page.t('pdf.series.breathRate'), data: trend.map((point) => [point.t, point.breathRate]), symbol: 'none', connectNulls: false, lineStyle: { width: 1.5 } },
      ],
    } satisfies ChartOption, 150);
    drawChart(page, page.t('pdf.chart.movementNight'), {
      grid: { ...GRID, left: 84 },
      xAxis: timeAxis(page, night, timeZone),
      yAxis: { type: 'value', axisLabel: { fontSize: 9 } },
      series: [{ type: 'bar', data: trend.map((point) => [point.t, point.movement]), barWidth: 3 }],
    } satisfies ChartOption, 90);
  }
  if (rates.length > 0 && trend.length <= 1) {
    drawChart(page, page.t('pdf.chart.rates'), {
      grid: { ...GRID, left: 120, right: 64 },
      xAxis: { type: 'value', axisLabel: { fontSize: 9 } },
      yAxis: { type: 'category', data: rates.map(([key]) => page.t(key)), axisLabel: { fontSize: 9 } },
      series: [{
        type: 'bar', barWidth: 16,
        data: rates.map(([, rate]) => ({ value: Math.round(rate?.mean ?? 0), label: { formatter: rate ? `${Math.round(rate.mean)} (${Math.round(rate.min)}–${Math.round(rate.max)})` : '' } })),
        label: { show: true, position: 'right', fontSize: 9 },
      }],
    } satisfies ChartOption, 90);
  }

  drawChart(page, page.t('pdf.chart.movement'), {
    grid: { ...GRID, left: 120 },
    xAxis: { type: 'value', axisLabel: { fontSize: 9 }, max: (extent: { max: number }) => Math.max(extent.max, SLEEP_REFERENCE.bodyMovementsPerHourMax) * 1.2 },
    yAxis: { type: 'category', data: [page.t('pdf.metric.bodyMovement')], axisLabel: { fontSize: 9 } },
    series: [{
      type: 'bar', data: [Math.round(night.bodyMovementIndex * 10) / 10], barWidth: 18, label: { show: true, position: 'right', fontSize: 9 },
      markLine: { symbol: 'none', data: [{ xAxis: SLEEP_REFERENCE.bodyMovementsPerHourMax, name: page.t('pdf.series.reference') }], label: { formatter: page.t('pdf.reference.bodyMovement'), fontSize: 9 } },
    }],
  } satisfies ChartOption, 80);

  const parts = (['duration', 'efficiency', 'deepShare', 'bodyMovement', 'wakeUps', 'apnea'] as const).filter((part) => night.score.parts[part] !== null);
  drawChart(page, `${page.t('pdf.chart.scoreParts')} · ${page.t('pdf.metric.score')} ${night.score.value}`, {
    grid: { ...GRID, left: 96, right: 40 },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { fontSize: 9, formatter: '{value}%' } },
    yAxis: { type: 'category', data: parts.map((part) => page.t(`pdf.part.${part}`)), axisLabel: { fontSize: 9 } },
    series: [{ type: 'bar', data: parts.map((part) => Math.round((night.score.parts[part]?.value ?? 0) * 100)), barWidth: '50%', label: { show: true, position: 'right', fontSize: 9 } }],
  } satisfies ChartOption, 150);
}
