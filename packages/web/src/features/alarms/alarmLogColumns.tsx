import type { AlarmRecord } from '@vigil/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { FOLLOW_UP_LABELS, RELEASE_LABELS } from './alarmLabels.ts';
import { longText, shortText } from './alarmText.ts';
import { AlarmState } from './AlarmState.tsx';

interface ColumnOptions {
  t: TFunction<'alarms'>;
  language: string;
  onHandle: (alarm: AlarmRecord) => void;
}

/** The alarm log's columns. */
export function alarmLogColumns({ t, language, onHandle }: ColumnOptions): ColumnsType<AlarmRecord> {
  return [
    { key: 'time', title: t('alarms.column.time'), render: (_, alarm) => formatDateTime(alarm.raisedAt, language) },
    {
      key: 'level',
      title: t('alarms.column.level'),
      render: (_, alarm) => <Tag color={alarm.alertLevel === 1 ? 'red' : 'orange'}>{t(alarm.alertLevel === 1 ? 'alarms.level.red' : 'alarms.level.orange')}</Tag>,
    },
    { key: 'type', title: t('alarms.column.type'), render: (_, alarm) => shortText(alarm, language) },
    { key: 'resident', title: t('alarms.column.resident'), render: (_, alarm) => alarm.userName || '—' },
    { key: 'address', title: t('alarms.column.address'), render: (_, alarm) => alarm.address || '—' },
    { key: 'content', title: t('alarms.column.content'), render: (_, alarm) => longText(alarm, language) },
    { key: 'state', title: t('alarms.column.state'), render: (_, alarm) => <AlarmState alarm={alarm} onHandle={onHandle} /> },
    {
      key: 'handling',
      title: t('alarms.column.handling'),
      render: (_, alarm) =>
        alarm.dealOption
          ? [t(RELEASE_LABELS[alarm.dealOption]), alarm.followUp ? t(FOLLOW_UP_LABELS[alarm.followUp]) : null, alarm.remark].filter(Boolean).join(' · ')
          : '—',
    },
    { key: 'dealTime', title: t('alarms.column.dealTime'), render: (_, alarm) => (alarm.dealTime ? formatDateTime(alarm.dealTime, language) : '—') },
  ];
}
