import { HYPNOGRAM_STAGES, SLEEP_REFERENCE, type AnalysedNight, type HypnogramStage, type NightSummary } from '@vigil/contracts';
import type { EChartsCoreOption } from 'echarts/core';

/** Colours of the report charts (AA against white for lines and labels). */
export const CHART_COLORS = { heart: '#c41d1f', breath: '#0f7b8a', movement: '#6b4fbb', stage: '#1d5fbf', exit: '#b35c00', score: '#1d5fbf', text: '#4a4a4a' } as const;

/** Hypnogram rows, top to bottom: out of bed and awake above, deep sleep at the bottom. */
const STAGE_LEVEL: Record<HypnogramStage, number> = { outOfBed: 4, awake: 3, fallingAsleep: 2, light: 1, deep: 0 };

/** Labels and a clock the option builders need, in the interface language and platform time zone. */
export interface ChartText {
  clock(epochMs: number): string;
  stage(stage: HypnogramStage): string;
  heart: string;
  breath: string;
  movement: string;
  outOfBed: string;
  score: string;
  sleepMinutes: string;
  date(date: string): string;
}

const AXIS_TEXT = { color: CHART_COLORS.text };

function timeAxis(text: ChartText, from: number, to: number) {
  return { type: 'time', min: from, max: to, axisLabel: { ...AXIS_TEXT, hideOverlap: true, formatter: (value: number) => text.clock(value) } };
}

/** The hypnogram: a step line over the stage rows through the bed period. */
export function hypnogramOption(night: AnalysedNight, text: ChartText): EChartsCoreOption {
  const data: [number, number][] = [];
  for (const segment of night.hypnogram) data.push([segment.from, STAGE_LEVEL[segment.stage]]);
  const last = night.hypnogram.at(-1);
  if (last) data.push([last.to, STAGE_LEVEL[last.stage]]);
  const byLevel = new Map(HYPNOGRAM_STAGES.map((stage) => [STAGE_LEVEL[stage], text.stage(stage)]));
  return {
    animation: false,
    grid: { left: 96, right: 16, top: 12, bottom: 28 },
    tooltip: { trigger: 'axis', formatter: (items: { value: [number, number] }[]) => (items[0] ? `${text.clock(items[0].value[0])} ${byLevel.get(items[0].value[1]) ?? ''}` : '') },
    xAxis: timeAxis(text, night.bedTime, night.getUpTime),
    yAxis: { type: 'value', min: 0, max: 4, interval: 1, axisLabel: { ...AXIS_TEXT, formatter: (value: number) => byLevel.get(value) ?? '' } },
    series: [{ type: 'line', step: 'end', showSymbol: false, data, color: CHART_COLORS.stage, lineStyle: { width: 2 }, areaStyle: { opacity: 0.12 } }],
  };
}

/** Heart and breathing rate through the night (5-minute means). */
export function ratesOption(night: AnalysedNight, text: ChartText): EChartsCoreOption {
  const trend = night.trend ?? [];
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, data: [text.heart, text.breath], textStyle: AXIS_TEXT },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? String(Math.round(value)) : '—') },
    xAxis: timeAxis(text, night.bedTime, night.getUpTime),
    yAxis: { type: 'value', min: 0, axisLabel: AXIS_TEXT },
    series: [
      { name: text.heart, type: 'line', showSymbol: false, connectNulls: false, data: trend.map((point) => [point.t, point.heartRate]), color: CHART_COLORS.heart },
      { name: text.breath, type: 'line', showSymbol: false, connectNulls: false, data: trend.map((point) => [point.t, point.breathRate]), color: CHART_COLORS.breath },
    ],
  };
}

/** Movement through the night (mean activity 0–100 per 5 minutes). */
export function movementOption(night: AnalysedNight, text: ChartText): EChartsCoreOption {
  const trend = night.trend ?? [];
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 12, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : '—') },
    xAxis: timeAxis(text, night.bedTime, night.getUpTime),
    yAxis: { type: 'value', min: 0, axisLabel: AXIS_TEXT },
    series: [{ name: text.movement, type: 'line', showSymbol: false, data: trend.map((point) => [point.t, point.movement]), color: CHART_COLORS.movement, areaStyle: { opacity: 0.2 } }],
  };
}

/** Bed exits as shaded spans over the night's window. */
export function bedExitOption(night: AnalysedNight, text: ChartText): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 16, right: 16, top: 8, bottom: 28 },
    xAxis: timeAxis(text, night.window.from, night.window.to),
    yAxis: { type: 'value', show: false, min: 0, max: 1 },
    series: [
      {
        name: text.outOfBed,
        type: 'line',
        showSymbol: false,
        lineStyle: { opacity: 0 },
        data: [[night.window.from, 0], [night.window.to, 0]],
        markArea: {
          silent: true,
          itemStyle: { color: CHART_COLORS.exit, opacity: 0.55 },
          data: night.leftBed.exits.map((exit) => [{ xAxis: exit.from }, { xAxis: exit.to }]),
        },
        markLine: {
          silent: true,
          symbol: 'none',
          label: { show: false },
          lineStyle: { color: CHART_COLORS.stage, type: 'dashed' },
          data: [{ xAxis: night.bedTime }, { xAxis: night.getUpTime }],
        },
      },
    ],
  };
}

/** The score as a 0–100 gauge. */
export function scoreOption(score: number, text: ChartText): EChartsCoreOption {
  return {
    animation: false,
    series: [
      {
        name: text.score,
        type: 'gauge',
        min: 0,
        max: 100,
        radius: '95%',
        center: ['50%', '58%'],
        startAngle: 200,
        endAngle: -20,
        progress: { show: true, width: 14, itemStyle: { color: CHART_COLORS.score } },
        axisLine: { lineStyle: { width: 14 } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        detail: { valueAnimation: false, offsetCenter: [0, '0%'], fontSize: 32, fontWeight: 600, color: CHART_COLORS.text },
        data: [{ value: score }],
      },
    ],
  };
}

/** Month trends: nightly score (line) and sleep minutes (bars), with the §9 sleep reference band. */
export function monthTrendOption(series: readonly NightSummary[], text: ChartText): EChartsCoreOption {
  const dates = series.map((night) => text.date(night.date));
  return {
    animation: false,
    grid: { left: 48, right: 48, top: 64, bottom: 28 },
    legend: { top: 0, data: [text.score, text.sleepMinutes], textStyle: AXIS_TEXT },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: dates, axisLabel: { ...AXIS_TEXT, hideOverlap: true } },
    yAxis: [
      { type: 'value', min: 0, max: 100, name: text.score, nameTextStyle: AXIS_TEXT, axisLabel: AXIS_TEXT },
      { type: 'value', min: 0, name: text.sleepMinutes, nameTextStyle: AXIS_TEXT, axisLabel: AXIS_TEXT, splitLine: { show: false } },
    ],
    series: [
      {
        name: text.sleepMinutes,
        type: 'bar',
        yAxisIndex: 1,
        data: series.map((night) => Math.round(night.sleepMinutes)),
        color: '#8fb3e8',
        markArea: { silent: true, itemStyle: { color: '#2f9e44', opacity: 0.08 }, data: [[{ yAxis: SLEEP_REFERENCE.sleepHoursMin * 60 }, { yAxis: SLEEP_REFERENCE.sleepHoursMax * 60 }]] },
      },
      { name: text.score, type: 'line', data: series.map((night) => night.score), color: CHART_COLORS.score },
    ],
  };
}

/** Month trend of the night's mean heart and breathing rate. */
export function monthRatesOption(series: readonly NightSummary[], text: ChartText): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, data: [text.heart, text.breath], textStyle: AXIS_TEXT },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: series.map((night) => text.date(night.date)), axisLabel: { ...AXIS_TEXT, hideOverlap: true } },
    yAxis: { type: 'value', min: 0, axisLabel: AXIS_TEXT },
    series: [
      { name: text.heart, type: 'line', data: series.map((night) => night.heartRateMean), color: CHART_COLORS.heart },
      { name: text.breath, type: 'line', data: series.map((night) => night.breathRateMean), color: CHART_COLORS.breath },
    ],
  };
}
