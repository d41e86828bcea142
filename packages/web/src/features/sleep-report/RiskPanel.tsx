import type { AnalysedNight } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { GradeTag, Metric } from './reportParts.tsx';

const REASON_KEYS = {
  tooLittleSleep: 'sleepReport.reason.tooLittleSleep',
  tooLittleSignal: 'sleepReport.reason.tooLittleSignal',
  tooMuchMovement: 'sleepReport.reason.tooMuchMovement',
} as const;

/** HRV, breathing pauses (AHI and its band) and atrial-fibrillation risk, each saying when the data is not enough to tell. */
export function RiskPanel({ night }: { night: AnalysedNight }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const notEnough = (reason: keyof typeof REASON_KEYS) => (
    <span className="sleep-not-enough">
      {t('sleepReport.notEnoughData')} <span className="sleep-metric__reference">({t(REASON_KEYS[reason])})</span>
    </span>
  );
  const { hrv, apnea, afRisk } = night;
  return (
    <dl className="sleep-metrics">
      <Metric label={t('sleepReport.metric.hrv')} value={hrv.assessable ? t('sleepReport.value.ms', { value: Math.round(hrv.rmssdProxyMs) }) : notEnough(hrv.reason)} />
      <Metric
        label={t('sleepReport.metric.ahi')}
        value={apnea.assessable ? t('sleepReport.value.ahi', { ahi: apnea.ahi, pauses: apnea.pauses }) : notEnough(apnea.reason)}
        metric="ahi"
        flagValue={apnea.assessable ? apnea.ahi : null}
        extra={<GradeTag grade={apnea.assessable ? apnea.grade : null} />}
      />
      <Metric
        label={t('sleepReport.metric.af')}
        value={afRisk.assessable ? t('sleepReport.value.irregular', { value: Math.round(afRisk.irregularSharePercent) }) : notEnough(afRisk.reason)}
        extra={<GradeTag grade={afRisk.assessable ? afRisk.grade : null} />}
      />
    </dl>
  );
}
