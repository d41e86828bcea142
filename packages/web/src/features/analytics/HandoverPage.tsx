import { FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import { handoverPdf, type HandoverAlarm, type HandoverDevice, type HandoverResident } from '@vigil/contracts';
import { Alert, Button, Card, Empty, Flex, Spin, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../components/LazyDatePicker.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { useHandover } from './analyticsApi.ts';
import { alertTypeName, percent, releaseChoiceName, secondsText } from './format.ts';
import { Figure } from './Figure.tsx';
import { ANALYTICS_NS } from './i18n.ts';
import './analytics.css';

const DAY = 'YYYY-MM-DD';
const SCROLL = { x: 640 };

/**
 * The night handover, /alarm-log/handover (issue 13, docs/analytics.md): one page per night of
 * the alarms and how they were handled, what is still pending, residents who slept badly or had
 * breathing pauses, and devices that went offline or run low; also as an A4 PDF.
 */
export function HandoverPage() {
  const { t, i18n } = useTranslation(ANALYTICS_NS);
  const language = i18n.language;
  const feedback = useFeedback();
  const downloads = useDownload(feedback);
  const [date, setDate] = useState<string | undefined>(undefined);
  const [fresh, setFresh] = useState(false);
  const summary = useHandover({ date, fresh: fresh || undefined });
  const data = summary.data;
  const time = (ms: number) => formatDateTime(ms, language);
  const empty = (text: string) => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> });
  const level = (value: number) => <Tag color={value === 1 ? 'red' : 'orange'}>{t(value === 1 ? 'analytics.levelRed' : 'analytics.levelOrange')}</Tag>;
  const stateTag = (state: HandoverAlarm['state']) => <Tag color={state === 'pending' ? 'red' : state === 'handled' ? 'green' : 'default'}>{t(`handover.state.${state}`)}</Tag>;

  const alarmColumns: TableColumnsType<HandoverAlarm> = [
    { key: 'time', title: t('handover.time'), render: (_value, row) => time(row.raisedAt) },
    { key: 'type', title: t('analytics.type'), render: (_value, row) => alertTypeName(row.alertType, language) },
    { key: 'level', title: t('analytics.level'), render: (_value, row) => level(row.alertLevel) },
    { key: 'resident', title: t('handover.resident'), render: (_value, row) => row.userName || row.deviceId },
    { key: 'place', title: t('handover.place'), dataIndex: 'place' },
    { key: 'state', title: t('handover.state'), render: (_value, row) => stateTag(row.state) },
    { key: 'handler', title: t('handover.handler'), render: (_value, row) => row.handlerName ?? '' },
    { key: 'response', title: t('handover.response'), render: (_value, row) => (row.responseSeconds === null ? '' : secondsText(row.responseSeconds, language)) },
    { key: 'choice', title: t('handover.choice'), render: (_value, row) => releaseChoiceName(row.dealOption, language) },
  ];
  const pendingColumns = alarmColumns.filter((column) => ['time', 'type', 'level', 'resident', 'place'].includes(String(column.key)));
  const residentColumns: TableColumnsType<HandoverResident> = [
    { key: 'name', title: t('handover.resident'), dataIndex: 'name' },
    { key: 'place', title: t('handover.place'), dataIndex: 'place' },
    { key: 'reasons', title: t('handover.state'), render: (_value, row) => row.reasons.map((reason) => <Tag key={reason} color="orange">{t(`handover.reason.${reason}`)}</Tag>) },
    { key: 'score', title: t('handover.score'), align: 'right', render: (_value, row) => row.score ?? '—' },
    { key: 'sleep', title: t('handover.sleepTime'), render: (_value, row) => (row.sleepMinutes === null ? '—' : t('handover.minutes', { hours: Math.floor(row.sleepMinutes / 60), minutes: row.sleepMinutes % 60 })) },
    { key: 'ahi', title: t('handover.ahi'), align: 'right', render: (_value, row) => row.ahi ?? '—' },
    { key: 'stops', title: t('handover.breathStops'), align: 'right', dataIndex: 'breathStopAlarms' },
  ];
  const deviceColumns = (battery: boolean): TableColumnsType<HandoverDevice> => [
    { key: 'device', title: t('handover.device'), dataIndex: 'deviceId' },
    { key: 'place', title: t('handover.place'), dataIndex: 'place' },
    { key: 'time', title: t('handover.time'), render: (_value, row) => (row.at === null ? '—' : time(row.at)) },
    battery
      ? { key: 'battery', title: t('handover.battery'), align: 'right', render: (_value, row) => (row.battery === null ? '—' : `${row.battery} %`) }
      : { key: 'online', title: t('handover.state'), render: (_value, row) => <Tag color={row.online ? 'green' : 'red'}>{t(row.online ? 'handover.onlineNow' : 'handover.stillOffline')}</Tag> },
  ];

  const section = (title: string, body: ReactNode, note?: string) => (
    <section className="handover-section">
      <h2>{title}</h2>
      {note ? <p>{note}</p> : null}
      {body}
    </section>
  );

  return (
    <Flex vertical gap={16}>
      {feedback.holder}
      <Card>
        <Flex wrap gap={12} align="center">
          <DatePicker
            aria-label={t('handover.date')}
            placeholder={t('handover.date')}
            allowClear={false}
            value={data ? dayjs(data.date) : date ? dayjs(date) : null}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            onChange={(value) => {
              setFresh(false);
              setDate(value ? value.format(DAY) : undefined);
            }}
          />
          <Button icon={<ReloadOutlined />} loading={summary.isFetching && fresh} onClick={() => { setFresh(true); void summary.refetch(); }}>
            {t('handover.refresh')}
          </Button>
          <Button
            icon={<FilePdfOutlined />}
            disabled={!data}
            loading={downloads.running === 'pdf'}
            onClick={() => data && void downloads.download('pdf', handoverPdf, { date: data.date, lang: language.toLowerCase(), ...(fresh ? { fresh: true } : {}) })}
          >
            {t('handover.pdf')}
          </Button>
        </Flex>
      </Card>
      {summary.isError ? <Alert type="error" showIcon message={errorText(summary.error)} /> : null}
      {summary.isLoading ? <Spin /> : null}
      {data ? (
        <>
          <Card>
            <p style={{ marginTop: 0, fontWeight: 600 }}>{t('handover.night', { label: data.shiftLabel, from: time(data.from), to: time(data.to) })}</p>
            <p>{data.stored ? t('handover.storedAt', { time: time(data.generatedAt) }) : t('handover.computedAt', { time: time(data.generatedAt) })}</p>
            <section className="analytics-stats" aria-label={t('handover.alarms')}>
              <Figure title={t('analytics.count')} value={data.alarms.stats.count} />
              <Figure title={t('analytics.handled')} value={data.alarms.stats.handled} />
              <Figure title={t('analytics.relieved')} value={data.alarms.stats.relieved} />
              <Figure title={t('analytics.pending')} value={data.pending.length} />
              <Figure title={t('analytics.median')} value={secondsText(data.alarms.stats.medianSeconds, language)} />
              <Figure title={t('analytics.withinTarget')} value={percent(data.alarms.stats.withinTargetShare, language)} />
            </section>
          </Card>
          <div className="handover-sections">
            <Card>
              {section(t('handover.pending'), <Table rowKey="id" size="small" pagination={false} scroll={SCROLL} dataSource={data.pending} columns={pendingColumns} locale={empty(t('handover.noPending'))} />)}
            </Card>
            <Card>
              {section(
                t('handover.sleep'),
                <Table rowKey="residentId" size="small" pagination={false} scroll={SCROLL} dataSource={data.sleep.residents} columns={residentColumns} locale={empty(t('handover.noSleep'))} />,
                t('handover.sleepReports', { count: data.sleep.reports }),
              )}
            </Card>
            <Card>
              {section(t('handover.offline'), <Table rowKey="deviceId" size="small" pagination={false} scroll={SCROLL} dataSource={data.devices.offline} columns={deviceColumns(false)} locale={empty(t('handover.noOffline'))} />)}
            </Card>
            <Card>
              {section(t('handover.lowBattery'), <Table rowKey="deviceId" size="small" pagination={false} scroll={SCROLL} dataSource={data.devices.lowBattery} columns={deviceColumns(true)} locale={empty(t('handover.noLowBattery'))} />)}
            </Card>
          </div>
          <Card>
            {section(
              t('handover.alarms'),
              <Table rowKey="id" size="small" scroll={{ x: 1000 }} dataSource={data.alarms.items} columns={alarmColumns} pagination={{ pageSize: 20, hideOnSinglePage: true }} locale={empty(t('handover.noAlarms'))} />,
              data.alarms.itemsTotal > data.alarms.items.length ? t('handover.alarmsMore', { shown: data.alarms.items.length, total: data.alarms.itemsTotal }) : undefined,
            )}
          </Card>
        </>
      ) : null}
    </Flex>
  );
}
