import type { AlarmNotification } from '@vigil/contracts';
import { Alert, Descriptions, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { useAlarmNotifications } from './escalationApi.ts';
import { ESCALATION_NS } from './i18n.ts';

const STATUS_COLOR = { sent: 'green', failed: 'red', noDevice: 'default', queued: 'blue', opened: 'purple' } as const;

/** An alarm's detail (the alarm log's expanded row): who the escalation chain told, when, how, and who handled it. */
export function AlarmNotificationsPanel({ alarmId }: { alarmId: number }) {
  const { t, i18n } = useTranslation(ESCALATION_NS);
  const log = useAlarmNotifications(alarmId);
  if (log.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (log.isError || !log.data) return <Alert type="error" showIcon message={errorText(log.error)} />;
  const time = (ms: number) => formatDateTime(ms, i18n.language);
  const data = log.data;
  const columns: TableColumnsType<AlarmNotification> = [
    { key: 'at', title: t('escalation.log.time'), render: (_value, row) => time(row.at) },
    { key: 'step', title: t('escalation.log.step'), render: (_value, row) => (row.step === null ? '—' : `${t(row.level === 1 ? 'escalation.red' : 'escalation.orange')} · ${t('escalation.step', { n: row.step + 1 })}`) },
    { key: 'channel', title: t('escalation.log.channel'), render: (_value, row) => t(`escalation.channel.${row.channel}`) },
    { key: 'recipient', title: t('escalation.log.recipient'), render: (_value, row) => row.recipient || t('escalation.log.nobody') },
    { key: 'status', title: t('escalation.log.status'), render: (_value, row) => <Tag color={STATUS_COLOR[row.status]}>{t(`escalation.log.status.${row.status}`)}</Tag> },
  ];
  const outcome =
    data.dealState === 'processed'
      ? t('escalation.log.handledBy', { name: data.handledBy ?? '—', time: data.handledAt === null ? '—' : time(data.handledAt) })
      : data.relievedAt !== null
        ? t('escalation.log.relieved', { time: time(data.relievedAt) })
        : t('escalation.log.pending');
  return (
    <section aria-label={t('escalation.log.title', { id: alarmId })}>
      <Descriptions size="small" column={1} items={[{ key: 'outcome', label: t('escalation.log.outcome'), children: outcome }]} />
      <Table<AlarmNotification>
        rowKey={(row) => `${row.at}-${row.step}-${row.channel}-${row.recipient}`}
        size="small"
        pagination={false}
        dataSource={data.notifications}
        columns={columns}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('escalation.log.none') }}
      />
    </section>
  );
}
