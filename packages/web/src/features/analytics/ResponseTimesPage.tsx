import type { ResponseTimes } from '@vigil/contracts';
import { Alert, Card, Empty, Flex, Spin, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../components/LazyDatePicker.tsx';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { useResponseTimes } from './analyticsApi.ts';
import { alertTypeName, percent, secondsText } from './format.ts';
import { Figure } from './Figure.tsx';
import { ANALYTICS_NS } from './i18n.ts';
import { ShiftChart } from './ShiftChart.tsx';
import { statsColumns } from './statsColumns.tsx';
import './analytics.css';

// The settings form (Form, InputNumber) loads after the figures: most visits only read them.
const AnalyticsSettingsCard = lazy(() => import('./AnalyticsSettingsCard.tsx').then((m) => ({ default: m.AnalyticsSettingsCard })));

const DAY = 'YYYY-MM-DD';
const TABLE_SCROLL = { x: 760 };

/**
 * Response times, /alarm-log/responseTimes (issue 13, docs/analytics.md): per alarm type and
 * level, shift and caregiver, how many alarms, how fast they were handled and how many were false.
 */
export function ResponseTimesPage() {
  const { t, i18n } = useTranslation(ANALYTICS_NS);
  const language = i18n.language;
  const feedback = useFeedback();
  const [range, setRange] = useState({ from: dayjs().subtract(6, 'day').format(DAY), to: dayjs().format(DAY) });
  const figures = useResponseTimes(range);
  const data = figures.data;

  const onRange = (value: [Dayjs | null, Dayjs | null] | null) => {
    if (value?.[0] && value[1]) setRange({ from: value[0].format(DAY), to: value[1].format(DAY) });
  };
  const empty = (text: string) => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> });
  const shiftLabel = (figuresData: ResponseTimes, index: number) => {
    const shift = figuresData.shifts.find((candidate) => candidate.index === index);
    if (!shift) return String(index);
    return shift.night ? t('analytics.nightShift', { label: shift.label }) : shift.label;
  };
  const levelTag = (level: number) => <Tag color={level === 1 ? 'red' : 'orange'}>{t(level === 1 ? 'analytics.levelRed' : 'analytics.levelOrange')}</Tag>;

  return (
    <Flex vertical gap={16}>
      {feedback.holder}
      <Card>
        <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
          <RangePicker
            aria-label={t('analytics.period')}
            placeholder={[t('analytics.from'), t('analytics.to')]}
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={onRange}
          />
        </Flex>
        {figures.isError ? <Alert type="error" showIcon message={errorText(figures.error)} style={{ marginBottom: 12 }} /> : null}
        {data ? (
          <Flex vertical gap={16}>
            <p style={{ margin: 0 }}>{t('analytics.targetNote', { seconds: data.targetSeconds, zone: data.timeZone })}</p>
            <section className="analytics-stats" aria-label={t('analytics.overall')}>
              <Figure title={t('analytics.count')} value={data.overall.count} />
              <Figure title={t('analytics.handled')} value={data.overall.handled} />
              <Figure title={t('analytics.median')} value={secondsText(data.overall.medianSeconds, language)} />
              <Figure title={t('analytics.p90')} value={secondsText(data.overall.p90Seconds, language)} />
              <Figure title={t('analytics.withinTarget')} value={percent(data.overall.withinTargetShare, language)} />
              <Figure title={t('analytics.falseAlarms')} value={percent(data.overall.falseAlarmShare, language)} />
            </section>
            {data.overall.count === 0 ? <Empty description={t('analytics.empty')} /> : <ShiftChart figures={data} />}
          </Flex>
        ) : null}
      </Card>
      {data ? (
        <>
          <Card title={<h2 className="analytics-heading">{t('analytics.byType')}</h2>}>
            <Table
              rowKey={(row) => `${row.alertType}|${row.alertLevel}`}
              size="small"
              pagination={false}
              scroll={TABLE_SCROLL}
              loading={figures.isFetching}
              dataSource={data.byType}
              locale={empty(t('analytics.empty'))}
              columns={[
                { key: 'type', title: t('analytics.type'), render: (_value, row) => alertTypeName(row.alertType, language) },
                { key: 'level', title: t('analytics.level'), render: (_value, row) => levelTag(row.alertLevel) },
                ...statsColumns<ResponseTimes['byType'][number]>(t, language, true),
              ]}
            />
          </Card>
          <Card title={<h2 className="analytics-heading">{t('analytics.byShift')}</h2>}>
            <Table
              rowKey="shift"
              size="small"
              pagination={false}
              scroll={TABLE_SCROLL}
              loading={figures.isFetching}
              dataSource={data.byShift}
              locale={empty(t('analytics.empty'))}
              columns={[{ key: 'shift', title: t('analytics.shift'), render: (_value, row) => shiftLabel(data, row.shift) }, ...statsColumns<ResponseTimes['byShift'][number]>(t, language, true)]}
            />
          </Card>
          <Card title={<h2 className="analytics-heading">{t('analytics.byCaregiver')}</h2>}>
            <Table
              rowKey={(row) => `${row.handlerId ?? ''}|${row.handlerName}`}
              size="small"
              pagination={false}
              scroll={TABLE_SCROLL}
              loading={figures.isFetching}
              dataSource={data.byCaregiver}
              locale={empty(t('analytics.empty'))}
              columns={[
                { key: 'caregiver', title: t('analytics.caregiver'), render: (_value, row) => row.handlerName || t('analytics.unknownCaregiver') },
                ...statsColumns<ResponseTimes['byCaregiver'][number]>(t, language, false),
              ]}
            />
          </Card>
          <Card title={<h2 className="analytics-heading">{t('analytics.detail')}</h2>}>
            <Table
              rowKey={(row) => `${row.alertType}|${row.alertLevel}|${row.shift}|${row.handlerId ?? ''}|${row.handlerName}`}
              size="small"
              scroll={TABLE_SCROLL}
              loading={figures.isFetching}
              dataSource={data.detail}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={empty(t('analytics.empty'))}
              columns={[
                { key: 'type', title: t('analytics.type'), render: (_value, row) => alertTypeName(row.alertType, language) },
                { key: 'level', title: t('analytics.level'), render: (_value, row) => levelTag(row.alertLevel) },
                { key: 'shift', title: t('analytics.shift'), render: (_value, row) => shiftLabel(data, row.shift) },
                { key: 'caregiver', title: t('analytics.caregiver'), render: (_value, row) => row.handlerName || t('analytics.unknownCaregiver') },
                ...statsColumns<ResponseTimes['detail'][number]>(t, language, false),
              ]}
            />
          </Card>
        </>
      ) : null}
      <Suspense fallback={<Spin />}>
        <AnalyticsSettingsCard feedback={feedback} />
      </Suspense>
    </Flex>
  );
}
