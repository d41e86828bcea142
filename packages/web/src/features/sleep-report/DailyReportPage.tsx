import { MIN_SLEEP_MINUTES, type AnalysedNight, type DailyReport } from '@vigil/contracts';
import { Alert, Button, Card, Empty, Flex, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DatePicker } from '../../components/LazyDatePicker.tsx';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { hypnogramOption, scoreOption } from './chartOptions.ts';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { NightMetrics } from './NightMetrics.tsx';
import { ReportChart } from './ReportChart.tsx';
import { Disclaimer, PdfButton, StatusTag, useChartText, useMinutes } from './reportParts.tsx';
import { RiskPanel } from './RiskPanel.tsx';
import { downloadDailyPdf, useDailyReport, useDailyReportData, useDailyReports, useTimePeriod } from './sleepReportApi.ts';
import { dailyReportPath, idParam, monthDetailsPath, REPORT_LIST_PATH, reportDetailsPath } from './sleepReportPaths.ts';
import './sleep-report.css';

/** Nights a resident's date picker knows (more than a year of mornings). */
const PICKER_NIGHTS = 400;

/** /sleep-report/index?userId=&date=: a resident's daily report; the date picker offers only mornings with a report. */
export function DailyReportPage() {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = idParam(params.get('userId'));
  const nights = useDailyReports({ userId, pageNum: 1, pageSize: PICKER_NIGHTS }, userId > 0);
  const dates = useMemo(() => new Set((nights.data?.rows ?? []).map((row) => row.date)), [nights.data]);
  const date = params.get('date') ?? nights.data?.rows[0]?.date;
  const report = useDailyReport({ userId, date }, userId > 0 && Boolean(date));
  const period = useTimePeriod(userId);

  if (!userId) return <Alert type="warning" showIcon message={t('sleepReport.daily.noResident')} action={<Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>} />;
  if (nights.isLoading || report.isLoading) return <Spin size="large" className="sleep-spin" />;
  if (nights.isError) return <Alert type="error" showIcon message={errorText(nights.error)} />;
  if (!date) {
    return (
      <Card title={t('sleepReport.daily.title')}>
        <Empty description={t('sleepReport.daily.noReports')}>
          <Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>
        </Empty>
      </Card>
    );
  }

  const pick = (value: Dayjs | null) => {
    if (value) navigate(dailyReportPath(userId, value.format('YYYY-MM-DD')));
  };
  const picker = (
    <DatePicker
      allowClear={false}
      aria-label={t('sleepReport.daily.pickDate')}
      value={dayjs(date)}
      disabledDate={(day) => !dates.has(day.format('YYYY-MM-DD'))}
      onChange={pick}
    />
  );
  const schedule = period.data ? t('sleepReport.daily.schedule', { bedTime: period.data.bedTime, wakeTime: period.data.wakeTime, reportBy: period.data.reportBy }) : null;

  return (
    <Flex vertical gap={16}>
      <Card
        className="sleep-card"
        title={<h2 className="sleep-card__heading">{report.data ? t('sleepReport.daily.heading', { name: report.data.residentName, date }) : t('sleepReport.daily.title')}</h2>}
        extra={<Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>}
      >
        <Flex wrap gap={12} align="center" className="sleep-toolbar">
          {picker}
          {report.data ? <StatusTag status={report.data.status} /> : null}
          {schedule ? <span className="sleep-metric__reference">{schedule}</span> : null}
        </Flex>
        {report.isError ? <Alert type="warning" showIcon message={errorText(report.error)} /> : null}
        {report.data ? <ReportBody report={report.data} userId={userId} /> : null}
      </Card>
      <Disclaimer date={report.data?.disclaimerDate ?? '2023-11-24'} />
    </Flex>
  );
}

function ReportBody({ report, userId }: { report: DailyReport; userId: number }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  // Unique per mounted screen: a report kept behind the tab bar has the same panels (docs/api.md).
  const ids = useId();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const data = useDailyReportData(report.analysed ? report.id : undefined);
  const night: AnalysedNight | null = data.data?.analysis.analysed ? data.data.analysis : null;
  const actions = (
    <Flex wrap gap={8} className="sleep-actions">
      {report.analysed ? (
        <Button type="primary" onClick={() => navigate(reportDetailsPath(report.id))}>
          {t('sleepReport.daily.details')}
        </Button>
      ) : null}
      <Button onClick={() => navigate(monthDetailsPath(userId, report.date.slice(0, 7)))}>{t('sleepReport.daily.month')}</Button>
      <PdfButton label={t('sleepReport.daily.exportPdf')} feedback={feedback} download={() => downloadDailyPdf(report.id)} />
    </Flex>
  );
  return (
    <>
      {feedback.holder}
      {actions}
      {report.analysed ? null : <NotAnalysed report={report} />}
      {report.analysed && report.score !== null ? (
        <div className="sleep-daily-grid">
          <section aria-labelledby={`${ids}-score-heading`} className="sleep-panel">
            <h2 id={`${ids}-score-heading`} className="sleep-panel__title">{t('sleepReport.metric.score')}</h2>
            <ScoreGauge score={report.score} />
          </section>
          <section aria-labelledby={`${ids}-metrics-heading`} className="sleep-panel">
            <h2 id={`${ids}-metrics-heading`} className="sleep-panel__title">{t('sleepReport.daily.metrics')}</h2>
            <NightMetrics report={report} night={night} />
          </section>
        </div>
      ) : null}
      {data.isError ? <Alert type="error" showIcon message={errorText(data.error)} /> : null}
      {night ? (
        <>
          <section aria-labelledby={`${ids}-stages-heading`} className="sleep-panel">
            <h2 id={`${ids}-stages-heading`} className="sleep-panel__title">{t('sleepReport.chart.hypnogram')}</h2>
            <Hypnogram night={night} />
          </section>
          <section aria-labelledby={`${ids}-risk-heading`} className="sleep-panel">
            <h2 id={`${ids}-risk-heading`} className="sleep-panel__title">{t('sleepReport.daily.risks')}</h2>
            <RiskPanel night={night} />
          </section>
        </>
      ) : null}
    </>
  );
}

/** Why a night has no figures: under 10 minutes of sleep, or no data (spec 02 §9). */
function NotAnalysed({ report }: { report: DailyReport }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const minutes = useMinutes();
  return (
    <Alert
      type="warning"
      showIcon
      message={t(report.reason === 'noData' ? 'sleepReport.notAnalysed.noData' : 'sleepReport.notAnalysed.tooLittleSleep', { threshold: MIN_SLEEP_MINUTES })}
      description={report.reason === 'noData' ? undefined : t('sleepReport.notAnalysed.slept', { duration: minutes(report.sleepMinutes) })}
    />
  );
}

export function ScoreGauge({ score }: { score: number }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const text = useChartText();
  const option = useMemo(() => scoreOption(score, text), [score, text]);
  return <ReportChart label={t('sleepReport.metric.score')} summary={t('sleepReport.chart.scoreSummary', { score })} option={option} height={180} />;
}

/** Sleep stages through the night with minutes per stage as its text alternative. */
export function Hypnogram({ night }: { night: AnalysedNight }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const text = useChartText();
  const minutes = useMinutes();
  const option = useMemo(() => hypnogramOption(night, text), [night, text]);
  const summary = t('sleepReport.chart.hypnogramSummary', {
    from: text.clock(night.bedTime),
    to: text.clock(night.getUpTime),
    deep: minutes(night.stageMinutes.deep),
    light: minutes(night.stageMinutes.light),
    awake: minutes(night.stageMinutes.awake + night.stageMinutes.fallingAsleep),
    out: minutes(night.stageMinutes.outOfBed),
  });
  return (
    <>
      <ReportChart label={t('sleepReport.chart.hypnogram')} summary={summary} option={option} height={200} />
      <p className="sleep-metric__reference">{summary}</p>
    </>
  );
}
