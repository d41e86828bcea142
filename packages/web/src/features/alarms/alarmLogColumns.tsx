import { isReminder, type AlarmRecord } from '@vigil/contracts';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { followUpText, longText, releaseChoiceText, shortText } from './alarmText.ts';
import { AlarmState } from './AlarmState.tsx';

interface ColumnOptions {
  t: TFunction<'alarms'>;
  language: string;
  onHandle: (alarm: AlarmRecord) => void;
  onRelease?: (alarm: AlarmRecord) => void;
}

/** An alarm's level as a tag: red, orange, or 'Reminder' for reminders (they have no level of their own). */
export function LevelTag({ alarm, t }: { alarm: AlarmRecord; t: TFunction<'alarms'> }) {
  if (isReminder(alarm.alertType)) return <Tag color="blue">{t('alarms.level.reminder')}</Tag>;
  return <Tag color={alarm.alertLevel === 1 ? 'red' : 'orange'}>{t(alarm.alertLevel === 1 ? 'alarms.level.red' : 'alarms.level.orange')}</Tag>;
}

/** What was done about a handled alarm ('—' while it is pending). */
export function handlingText(alarm: AlarmRecord, language: string): string {
  return alarm.dealOption ? [releaseChoiceText(alarm.dealOption, language), alarm.followUp ? followUpText(alarm.followUp, language) : null, alarm.remark].filter(Boolean).join(' · ') : '—';
}

/** The alarm log's columns; reminders show as 'Reminder', the state with the Handle button is fixed at the right. */
export function alarmLogColumns({ t, language, onHandle, onRelease }: ColumnOptions): ColumnsType<AlarmRecord> {
  return [
    { key: 'time', title: t('alarms.column.time'), render: (_, alarm) => formatDateTime(alarm.raisedAt, language) },
    { key: 'level', title: t('alarms.column.level'), render: (_, alarm) => <LevelTag alarm={alarm} t={t} /> },
    { key: 'type', title: t('alarms.column.type'), render: (_, alarm) => shortText(alarm, language) },
    { key: 'resident', title: t('alarms.column.resident'), render: (_, alarm) => alarm.userName || '—' },
    { key: 'address', title: t('alarms.column.address'), render: (_, alarm) => alarm.address || '—' },
    { key: 'content', title: t('alarms.column.content'), render: (_, alarm) => longText(alarm, language) },
    {
      key: 'handling',
      title: t('alarms.column.handling'),
      render: (_, alarm) => handlingText(alarm, language),
    },
    { key: 'dealTime', title: t('alarms.column.dealTime'), render: (_, alarm) => (alarm.dealTime ? formatDateTime(alarm.dealTime, language) : '—') },
    // Last and fixed at the right edge: the Handle button stays in view when the table scrolls sideways (issue 25 item 5).
    { key: 'state', title: t('alarms.column.state'), fixed: 'right', render: (_, alarm) => <AlarmState alarm={alarm} onHandle={onHandle} onRelease={onRelease} /> },
  ];
}
