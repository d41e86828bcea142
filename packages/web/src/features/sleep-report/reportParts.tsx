import { DownloadOutlined } from '@ant-design/icons';
import type { HypnogramStage, ReportStatus, RiskGrade } from '@vigil/contracts';
import { Alert, Button, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { displayTimeZone } from '../shared/timeZone.ts';
import type { ChartText } from './chartOptions.ts';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { gradeColor, minutesText, referenceFlag, referenceText, type ReferencedMetric } from './reportFormat.ts';

/** Spec 02 §1: monitoring data is reference only, not medical advice (disclaimer dated 2023/11/24). */
export function Disclaimer({ date }: { date: string }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  return <Alert className="sleep-disclaimer" type="info" showIcon message={t('sleepReport.disclaimer', { date: date.replaceAll('-', '/') })} />;
}

/** Normal or logged off (spec 02 §4). */
export function StatusTag({ status }: { status: ReportStatus }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  return <Tag color={status === 'loggedOff' ? 'default' : 'blue'}>{t(status === 'loggedOff' ? 'sleepReport.status.loggedOff' : 'sleepReport.status.normal')}</Tag>;
}

const GRADE_KEYS = { none: 'sleepReport.grade.none', low: 'sleepReport.grade.low', moderate: 'sleepReport.grade.moderate', high: 'sleepReport.grade.high' } as const;

/** A risk grade, or "not enough data to tell" when the night could not be graded. */
export function GradeTag({ grade, label }: { grade: RiskGrade | null; label?: string }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const text = grade ? t(GRADE_KEYS[grade]) : t('sleepReport.notEnoughData');
  return <Tag color={gradeColor(grade)}>{label ? `${label}: ${text}` : text}</Tag>;
}

/** Report durations in minutes (spec 02 §9). */
export function useMinutes() {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  return (minutes: number | null | undefined) => {
    const { key, values } = minutesText(minutes);
    return t(key, values);
  };
}

const UNIT_KEYS = { minutes: 'sleepReport.unit.minutes', percent: 'sleepReport.unit.percent', perHour: 'sleepReport.unit.perHour' } as const;

/** The reference of a metric in words, e.g. "Reference: 80% and above". */
export function useReference() {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  return (metric: ReferencedMetric) => {
    const { key, values } = referenceText(metric);
    return t('sleepReport.reference.label', { reference: t(key, { ...values, unit: values.unit === 'none' ? '' : t(UNIT_KEYS[values.unit]) }) });
  };
}

const FLAG_KEYS = { within: 'sleepReport.flag.within', low: 'sleepReport.flag.low', high: 'sleepReport.flag.high', unknown: 'sleepReport.flag.unknown' } as const;

/** One figure of the report with its §9 reference beside it and whether it meets it. */
export function Metric({ label, value, metric, flagValue, extra }: { label: string; value: ReactNode; metric?: ReferencedMetric; flagValue?: number | null; extra?: ReactNode }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const reference = useReference();
  const flag = metric ? referenceFlag(metric, flagValue) : null;
  return (
    <div className="sleep-metric">
      <dt>{label}</dt>
      <dd>
        <span className="sleep-metric__value">{value}</span>
        {flag && flag !== 'unknown' ? <Tag color={flag === 'within' ? 'green' : 'orange'}>{t(FLAG_KEYS[flag])}</Tag> : null}
        {metric ? <span className="sleep-metric__reference">{reference(metric)}</span> : null}
        {extra}
      </dd>
    </div>
  );
}

const STAGE_KEYS = {
  outOfBed: 'sleepReport.stage.outOfBed',
  awake: 'sleepReport.stage.awake',
  fallingAsleep: 'sleepReport.stage.fallingAsleep',
  light: 'sleepReport.stage.light',
  deep: 'sleepReport.stage.deep',
} as const;

/** The chart labels and clock in the interface language and the platform's time zone. */
export function useChartText(): ChartText {
  const { t, i18n } = useTranslation(SLEEP_REPORT_NS);
  return useMemo(() => {
    const zone = displayTimeZone();
    return {
      clock: (epochMs: number) => dayjs(epochMs).tz(zone).format('HH:mm'),
      stage: (stage: HypnogramStage) => t(STAGE_KEYS[stage]),
      heart: t('sleepReport.metric.heartRate'),
      breath: t('sleepReport.metric.breathRate'),
      movement: t('sleepReport.chart.movement'),
      outOfBed: t('sleepReport.stage.outOfBed'),
      score: t('sleepReport.metric.score'),
      sleepMinutes: t('sleepReport.chart.sleepMinutes'),
      date: (date: string) => date.slice(5),
    };
    // The language decides every label.
  }, [t, i18n.language]);
}

/** A button that downloads one of the server's A4 PDFs and says why when it cannot. */
export function PdfButton({ label, feedback, download }: { label: string; feedback: Feedback; download(): Promise<void> }) {
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      await download();
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={running} onClick={() => void run()}>
      {label}
    </Button>
  );
}
