import type { ResponseStats } from '@vigil/contracts';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { percent, secondsText } from './format.ts';

/** The figure columns every response-time table shares; `states` adds relieved and pending. */
export function statsColumns<T extends ResponseStats>(t: TFunction<'analytics'>, language: string, states: boolean): TableColumnsType<T> {
  const columns: TableColumnsType<T> = [
    { key: 'count', title: t('analytics.count'), dataIndex: 'count', align: 'right' },
    { key: 'handled', title: t('analytics.handled'), dataIndex: 'handled', align: 'right' },
  ];
  if (states) {
    columns.push({ key: 'relieved', title: t('analytics.relieved'), dataIndex: 'relieved', align: 'right' }, { key: 'pending', title: t('analytics.pending'), dataIndex: 'pending', align: 'right' });
  }
  columns.push(
    { key: 'median', title: t('analytics.median'), align: 'right', render: (_value, row) => secondsText(row.medianSeconds, language) },
    { key: 'p90', title: t('analytics.p90'), align: 'right', render: (_value, row) => secondsText(row.p90Seconds, language) },
    { key: 'within', title: t('analytics.withinTarget'), align: 'right', render: (_value, row) => percent(row.withinTargetShare, language) },
    { key: 'false', title: t('analytics.falseAlarms'), align: 'right', render: (_value, row) => percent(row.falseAlarmShare, language) },
  );
  return columns;
}
