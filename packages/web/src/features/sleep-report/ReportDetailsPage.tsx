import { MIN_SLEEP_MINUTES, type AnalysedNight } from '@vigil/contracts';
import { Alert, Card, Empty, Flex, Spin, Table } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../shared/errorText.ts';
import { bedExitOption, movementOption, ratesOption } from './chartOptions.ts';
import { Hypnogram } from './DailyReportPage.tsx';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { ReportChart } from './ReportChart.tsx';
import { Disclaimer, StatusTag, useChartText, useMinutes } from './reportParts.tsx';
import { RiskPanel } from './RiskPanel.tsx';
import { useDailyReport, useDailyReportData } from './sleepReportApi.ts';
import { dailyReportPath, idParam, REPORT_LIST_PATH } from './sleepReportPaths.ts';
import './sleep-report.css';

const PART_KEYS = {
  duration: 'sleepReport.part.duration',
  efficiency: 'sleepReport.part.efficiency',
  deepShare: 'sleepReport.part.deepShare',
  bodyMovement: 'sleepReport.part.bodyMovement',
  wakeUps: 'sleepReport.part.wakeUps',
  apnea: 'sleepReport.part.apnea',
} as const;
const SCORE_PARTS = ['duration', 'efficiency', 'deepShare', 'bodyMovement', 'wakeUps', 'apnea'] as const;

/** /sleep-report/dailyDetails/reportDetails?id=: one night in detail: stages, rates, movement, bed exits, score parts. */
export function ReportDetailsPage() {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const report = useDailyReport({ id }, id > 0);
  const data = useDailyReportData(id > 0 ? id : undefined);

  if (!id) return <Alert type="warning" showIcon message={t('sleepReport.details.noReport')} action={<Link to={REPORT_LIST_PATH}>{t('sleepReport.backToList')}</Link>} />;
  if (report.isLoading || data.isLoading) return <Spin size="large" className="sleep-spin" />;
  if (report.isError || data.isError || !report.data || !data.data) return <Alert type="error" showIcon message={errorText(report.error ?? data.error)} />;
  const night = data.data.analysis;

  return (
    <Flex vertical gap={16}>
      <Card
        className="sleep-card"
        title={<h2 className="sleep-card__heading">{t('sleepReport.details.heading', { name: report.data.residentName, date: report.data.date })}</h2>}
        extra={<Link to={dailyReportPath(report.data.residentId, report.data.date)}>{t('sleepReport.details.back')}</Link>}
      >
        <Flex wrap gap={12} align="center" className="sleep-toolbar">
          <StatusTag status={report.data.status} />
        </Flex>
        {night.analysed ? <NightCharts night={night} /> : <Empty description={t(night.reason === 'noData' ? 'sleepReport.notAnalysed.noData' : 'sleepReport.notAnalysed.tooLittleSleep', { threshold: MIN_SLEEP_MINUTES })} />}
      </Card>
      <Disclaimer date={report.data.disclaimerDate} />
    </Flex>
  );
}

function NightCharts({ night }: { night: AnalysedNight }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  // Unique per mounted screen: a report kept behind the tab bar has the same panels (docs/api.md).
  const ids = useId();
  const text = useChartText();
  const minutes = useMinutes();
  const rates = useMemo(() => ratesOption(night, text), [night, text]);
  const movement = useMemo(() => movementOption(night, text), [night, text]);
  const exits = useMemo(() => bedExitOption(night, text), [night, text]);
  const hasTrend = Boolean(night.trend?.length);
  const exitTimes = night.leftBed.exits.map((exit) => `${text.clock(exit.from)}–${text.clock(exit.to)}`).join(', ');
  const round = (value: number | undefined) => (value === undefined ? '—' : String(Math.round(value)));
  const parts = SCORE_PARTS.flatMap((name) => {
    const part = night.score.parts[name];
    return part ? [{ name, value: Math.round(part.value * 100), weight: part.weight }] : [];
  });

  return (
    <>
      <section aria-labelledby={`${ids}-stages-heading`} className="sleep-panel">
        <h2 id={`${ids}-stages-heading`} className="sleep-panel__title">{t('sleepReport.chart.hypnogram')}</h2>
        <Hypnogram night={night} />
      </section>
      <section aria-labelledby={`${ids}-rates-heading`} className="sleep-panel">
        <h2 id={`${ids}-rates-heading`} className="sleep-panel__title">{t('sleepReport.chart.rates')}</h2>
        {hasTrend ? (
          <ReportChart
            label={t('sleepReport.chart.rates')}
            summary={t('sleepReport.chart.ratesSummary', {
              heartMean: round(night.heartRate?.mean), heartMin: round(night.heartRate?.min), heartMax: round(night.heartRate?.max),
              breathMean: round(night.breathRate?.mean), breathMin: round(night.breathRate?.min), breathMax: round(night.breathRate?.max),
            })}
            option={rates}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sleepReport.chart.noTrend')} />
        )}
      </section>
      <section aria-labelledby={`${ids}-movement-heading`} className="sleep-panel">
        <h2 id={`${ids}-movement-heading`} className="sleep-panel__title">{t('sleepReport.chart.movement')}</h2>
        {hasTrend ? (
          <ReportChart label={t('sleepReport.chart.movement')} summary={t('sleepReport.chart.movementSummary', { count: night.bodyMovements, perHour: night.bodyMovementIndex })} option={movement} height={160} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sleepReport.chart.noTrend')} />
        )}
      </section>
      <section aria-labelledby={`${ids}-exits-heading`} className="sleep-panel">
        <h2 id={`${ids}-exits-heading`} className="sleep-panel__title">{t('sleepReport.chart.bedExits')}</h2>
        <ReportChart
          label={t('sleepReport.chart.bedExits')}
          summary={night.leftBed.count ? t('sleepReport.chart.bedExitsSummary', { count: night.leftBed.count, times: exitTimes }) : t('sleepReport.chart.noBedExits')}
          option={exits}
          height={90}
        />
        <p className="sleep-metric__reference">{night.leftBed.count ? t('sleepReport.chart.bedExitsSummary', { count: night.leftBed.count, times: exitTimes }) : t('sleepReport.chart.noBedExits')}</p>
      </section>
      <section aria-labelledby={`${ids}-risk-heading`} className="sleep-panel">
        <h2 id={`${ids}-risk-heading`} className="sleep-panel__title">{t('sleepReport.daily.risks')}</h2>
        <RiskPanel night={night} />
      </section>
      <section aria-labelledby={`${ids}-stage-minutes-heading`} className="sleep-panel">
        <h2 id={`${ids}-stage-minutes-heading`} className="sleep-panel__title">{t('sleepReport.details.stageMinutes')}</h2>
        <Table
          size="small"
          pagination={false}
          rowKey="stage"
          scroll={{ x: 320 }}
          columns={[
            { title: t('sleepReport.details.stage'), dataIndex: 'label' },
            { title: t('sleepReport.details.minutes'), dataIndex: 'minutes' },
          ]}
          dataSource={(['deep', 'light', 'fallingAsleep', 'awake', 'outOfBed'] as const).map((stage) => ({ stage, label: text.stage(stage), minutes: minutes(night.stageMinutes[stage]) }))}
        />
      </section>
      <section aria-labelledby={`${ids}-score-parts-heading`} className="sleep-panel">
        <h2 id={`${ids}-score-parts-heading`} className="sleep-panel__title">{t('sleepReport.details.scoreParts', { score: night.score.value })}</h2>
        <Table
          size="small"
          pagination={false}
          rowKey="name"
          scroll={{ x: 320 }}
          columns={[
            { title: t('sleepReport.details.part'), dataIndex: 'name', render: (name: keyof typeof PART_KEYS) => t(PART_KEYS[name]) },
            { title: t('sleepReport.details.partValue'), dataIndex: 'value', render: (value: number) => `${value}%` },
            { title: t('sleepReport.details.weight'), dataIndex: 'weight' },
          ]}
          dataSource={parts}
        />
      </section>
    </>
  );
}
