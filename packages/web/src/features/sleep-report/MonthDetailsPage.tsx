import type { MonthAnalysis } from '@vigil/contracts';
import { Alert, Card, Empty, Flex, Result, Select, Spin } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { monthRatesOption, monthTrendOption } from './chartOptions.ts';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { ReportChart } from './ReportChart.tsx';
import { Disclaimer, GradeTag, Metric, PdfButton, StatusTag, useChartText, useMinutes } from './reportParts.tsx';
import { monthView } from './reportFormat.ts';
import { downloadMonthPdf, useMonthReport, useMonthTimes } from './sleepReportApi.ts';
import { dailyReportPath, idParam, monthDetailsPath, REPORT_LIST_PATH } from './sleepReportPaths.ts';
import './sleep-report.css';

/** /sleep-report/monthDetails?userId=&month=: a resident's month; fewer than 7 nights shows "not enough nights", not an empty chart. */
export function MonthDetailsPage() {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [params] = useSearchParams();
  const userId = idParam(params.get('userId'));
  const months = useMonthTimes(userId);
  const month = params.get('month') ?? months.data?.[0]?.month;
  const report = useMonthReport(userId, month);

  if (!userId) return <Alert type="warning" showIcon message={t('sleepReport.daily.noResident')} action={<Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>} />;
  if (months.isLoading || report.isLoading) return <Spin size="large" className="sleep-spin" />;
  if (months.isError) return <Alert type="error" showIcon message={errorText(months.error)} />;
  if (!month) {
    return (
      <Card title={t('sleepReport.month.title')}>
        <Empty description={t('sleepReport.daily.noReports')}>
          <Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>
        </Empty>
      </Card>
    );
  }
  const options = (months.data ?? []).map((entry) => ({ value: entry.month, label: t('sleepReport.month.option', { month: entry.month, nights: entry.nights }) }));
  if (!options.some((option) => option.value === month)) options.unshift({ value: month, label: month });

  return (
    <Flex vertical gap={16}>
      {feedback.holder}
      <Card
        className="sleep-card"
        title={<h2 className="sleep-card__heading">{report.data ? t('sleepReport.month.heading', { name: report.data.residentName, month }) : t('sleepReport.month.title')}</h2>}
        extra={<Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>}
      >
        <Flex wrap gap={12} align="center" className="sleep-toolbar">
          <Select aria-label={t('sleepReport.month.pick')} value={month} options={options} onChange={(value: string) => navigate(monthDetailsPath(userId, value))} style={{ minWidth: 200 }} />
          {report.data ? <StatusTag status={report.data.status} /> : null}
          <Link to={dailyReportPath(userId)}>{t('sleepReport.month.daily')}</Link>
          <PdfButton label={t('sleepReport.month.exportPdf')} feedback={feedback} download={() => downloadMonthPdf(userId, month)} />
        </Flex>
        {report.isError ? <Alert type="error" showIcon message={errorText(report.error)} /> : null}
        {report.data ? <MonthBody analysis={report.data.analysis} /> : null}
      </Card>
      <Disclaimer date={report.data?.disclaimerDate ?? '2023-11-24'} />
    </Flex>
  );
}

function MonthBody({ analysis }: { analysis: MonthAnalysis }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  // Unique per mounted screen: a report kept behind the tab bar has the same panels (docs/api.md).
  const ids = useId();
  const text = useChartText();
  const minutes = useMinutes();
  const view = useMemo(() => monthView(analysis), [analysis]);
  const trend = useMemo(() => (view.kind === 'trends' ? monthTrendOption(view.analysis.series, text) : null), [view, text]);
  const rates = useMemo(() => (view.kind === 'trends' ? monthRatesOption(view.analysis.series, text) : null), [view, text]);
  if (view.kind === 'notEnoughNights') {
    return <Result status="info" title={t('sleepReport.month.notEnoughNights')} subTitle={t('sleepReport.month.notEnoughNightsDetail', { nights: view.nights, required: view.required })} />;
  }
  const { averages, nightsMeetingReference: meeting, nights } = view.analysis;
  const round = (value: number | null) => (value === null ? '—' : String(Math.round(value)));
  return (
    <>
      <section aria-labelledby={`${ids}-month-summary`} className="sleep-panel">
        <h2 id={`${ids}-month-summary`} className="sleep-panel__title">{t('sleepReport.month.averages', { nights })}</h2>
        <dl className="sleep-metrics">
          <Metric label={t('sleepReport.metric.score')} value={t('sleepReport.month.scoreTrend', { score: Math.round(averages.score), trend: view.analysis.scoreTrendPerWeek.toFixed(1) })} />
          <Metric label={t('sleepReport.metric.duration')} value={minutes(averages.sleepMinutes)} metric="sleepMinutes" flagValue={averages.sleepMinutes} extra={<span className="sleep-metric__reference">{t('sleepReport.month.meeting', { count: meeting.duration, nights })}</span>} />
          <Metric label={t('sleepReport.metric.efficiency')} value={`${Math.round(averages.efficiencyPercent)}%`} metric="efficiency" flagValue={averages.efficiencyPercent} extra={<span className="sleep-metric__reference">{t('sleepReport.month.meeting', { count: meeting.efficiency, nights })}</span>} />
          <Metric label={t('sleepReport.metric.deepShare')} value={`${Math.round(averages.deepSharePercent)}%`} metric="deepShare" flagValue={averages.deepSharePercent} extra={<span className="sleep-metric__reference">{t('sleepReport.month.meeting', { count: meeting.deepShare, nights })}</span>} />
          <Metric label={t('sleepReport.metric.bodyMovement')} value={t('sleepReport.value.perHour', { value: averages.bodyMovementIndex })} metric="bodyMovement" flagValue={averages.bodyMovementIndex} />
          <Metric label={t('sleepReport.metric.heartRate')} value={`${round(averages.heartRateMean)} ${t('sleepReport.unit.bpm')}`} />
          <Metric label={t('sleepReport.metric.breathRate')} value={`${round(averages.breathRateMean)} ${t('sleepReport.unit.rpm')}`} />
          <Metric label={t('sleepReport.metric.ahi')} value={averages.ahi === null ? t('sleepReport.notEnoughData') : averages.ahi.toFixed(1)} metric="ahi" flagValue={averages.ahi} extra={<GradeTag grade={view.analysis.worstApneaGrade} label={t('sleepReport.month.worst')} />} />
          <Metric label={t('sleepReport.metric.af')} value={<GradeTag grade={view.analysis.worstAfGrade} label={t('sleepReport.month.worst')} />} />
        </dl>
      </section>
      <section aria-labelledby={`${ids}-month-trend`} className="sleep-panel">
        <h2 id={`${ids}-month-trend`} className="sleep-panel__title">{t('sleepReport.chart.monthTrend')}</h2>
        {trend ? (
          <ReportChart
            label={t('sleepReport.chart.monthTrend')}
            summary={t('sleepReport.chart.monthTrendSummary', { nights, score: Math.round(averages.score), sleep: minutes(averages.sleepMinutes), trend: view.analysis.scoreTrendPerWeek.toFixed(1) })}
            option={trend}
            height={260}
          />
        ) : null}
      </section>
      <section aria-labelledby={`${ids}-month-rates`} className="sleep-panel">
        <h2 id={`${ids}-month-rates`} className="sleep-panel__title">{t('sleepReport.chart.monthRates')}</h2>
        {rates ? (
          <ReportChart
            label={t('sleepReport.chart.monthRates')}
            summary={t('sleepReport.chart.monthRatesSummary', { heart: round(averages.heartRateMean), breath: round(averages.breathRateMean) })}
            option={rates}
          />
        ) : null}
      </section>
    </>
  );
}
