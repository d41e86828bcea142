import type { AnalysedNight, DailyReport } from '@vigil/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { Metric, useChartText, useMinutes } from './reportParts.tsx';
import { perHourOfSleep } from './reportFormat.ts';

const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${Math.round(value)}%`);
const rate = (value: number | null | undefined) => (value === null || value === undefined ? '—' : String(Math.round(value)));

/** The sleep-report metrics of spec 02 §3 with their §9 references beside them. */
export function NightMetrics({ report, night }: { report: DailyReport; night: AnalysedNight | null }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const minutes = useMinutes();
  const text = useChartText();
  const wakeUpsPerHour = perHourOfSleep(report.wakeUps, report.sleepMinutes);
  return (
    <dl className="sleep-metrics">
      <Metric label={t('sleepReport.metric.duration')} value={minutes(report.sleepMinutes)} metric="sleepMinutes" flagValue={report.sleepMinutes} />
      <Metric label={t('sleepReport.metric.timeInBed')} value={minutes(report.timeInBedMinutes)} />
      <Metric
        label={t('sleepReport.metric.bedAndWake')}
        value={report.bedTime !== null && report.wakeTime !== null ? `${text.clock(report.bedTime)} – ${text.clock(report.wakeTime)}` : '—'}
      />
      <Metric label={t('sleepReport.metric.efficiency')} value={percent(report.efficiencyPercent)} metric="efficiency" flagValue={report.efficiencyPercent} />
      <Metric label={t('sleepReport.metric.deepShare')} value={percent(report.deepSharePercent)} metric="deepShare" flagValue={report.deepSharePercent} />
      <Metric label={t('sleepReport.metric.continuity')} value={night ? String(Math.round(night.continuityIndex)) : '—'} />
      <Metric
        label={t('sleepReport.metric.bodyMovement')}
        value={night ? t('sleepReport.value.perHour', { value: night.bodyMovementIndex }) : '—'}
        metric="bodyMovement"
        flagValue={night?.bodyMovementIndex}
      />
      <Metric
        label={t('sleepReport.metric.wakeUps')}
        value={report.wakeUps === null ? '—' : t('sleepReport.value.wakeUps', { count: report.wakeUps, perHour: wakeUpsPerHour ?? 0 })}
        metric="wakeUpsPerHour"
        flagValue={wakeUpsPerHour}
      />
      <Metric label={t('sleepReport.metric.leftBed')} value={report.leftBedCount === null ? '—' : t('sleepReport.value.times', { count: report.leftBedCount })} />
      <Metric
        label={t('sleepReport.metric.heartRate')}
        value={night?.heartRate ? t('sleepReport.value.rateRange', { mean: rate(night.heartRate.mean), min: rate(night.heartRate.min), max: rate(night.heartRate.max), unit: t('sleepReport.unit.bpm') }) : rate(report.heartRateMean)}
      />
      <Metric
        label={t('sleepReport.metric.breathRate')}
        value={night?.breathRate ? t('sleepReport.value.rateRange', { mean: rate(night.breathRate.mean), min: rate(night.breathRate.min), max: rate(night.breathRate.max), unit: t('sleepReport.unit.rpm') }) : rate(report.breathRateMean)}
      />
      {night ? (
        <Metric label={t('sleepReport.metric.latency')} value={minutes(night.sleepLatencyMinutes)} extra={night.sleepLatencyMinutes === 0 ? <Tag>{t('sleepReport.value.immediate')}</Tag> : null} />
      ) : null}
    </dl>
  );
}
