import { Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Caregiver } from '@vigil/contracts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { RowActions } from '../shared/RowActions.tsx';
import type { CaregiverEditionView } from './caregiverEdition.ts';
import { GRADE_LABEL_KEYS } from './caregiverLabels.ts';

export interface CaregiverRowActions {
  edit: (caregiver: Caregiver) => void;
  enable: (caregiver: Caregiver) => void;
  disable: (caregiver: Caregiver) => void;
  resetPassword: (caregiver: Caregiver) => void;
  remove: (caregiver: Caregiver) => void;
}

const DASH = '—';

/** Columns of the caregiver table (the ID number only in the domestic edition), with row actions. */
export function caregiverColumns(options: { t: TFunction<'caregivers'>; language: string; pinActions: boolean; edition: CaregiverEditionView; actions: CaregiverRowActions }): TableColumnsType<Caregiver> {
  const { t, language, pinActions, edition, actions } = options;
  return [
    { title: t('caregivers.column.name'), key: 'name', render: (_, row) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{row.name}</Typography.Text> },
    { title: t(edition.loginLabelKey), dataIndex: 'userName', key: 'userName' },
    { title: t('caregivers.column.phone'), dataIndex: 'phone', key: 'phone', render: (phone: string) => <span style={{ whiteSpace: 'nowrap' }}>{phone}</span> },
    { title: t('caregivers.column.job'), key: 'job', render: (_, row) => row.job || DASH },
    { title: t('caregivers.column.idNumber'), key: 'idNumber', hidden: !edition.showIdNumber, render: (_, row) => row.idNumber || DASH },
    { title: t('caregivers.column.relation'), key: 'relation', render: (_, row) => row.relation || DASH },
    {
      title: t('caregivers.column.grade'),
      key: 'grade',
      render: (_, row) => <Tag color={row.grade === 'senior' ? 'geekblue' : 'default'}>{t(GRADE_LABEL_KEYS[row.grade])}</Tag>,
    },
    {
      title: t('caregivers.column.residents'),
      key: 'residents',
      render: (_, row) => {
        if (row.residents.length === 0) return DASH;
        const names = row.residents.map((resident) => resident.name).join(', ');
        return (
          <Typography.Text ellipsis={{ tooltip: names }} style={{ maxWidth: 180 }}>
            {t('caregivers.column.residentCount', { count: row.residents.length })} · {names}
          </Typography.Text>
        );
      },
    },
    {
      title: t('caregivers.column.status'),
      key: 'status',
      render: (_, row) => (row.enabled ? <Tag color="success">{t('caregivers.status.enabled')}</Tag> : <Tag>{t('caregivers.status.disabled')}</Tag>),
    },
    { title: t('caregivers.column.createdAt'), key: 'createdAt', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, language)}</span> },
    {
      title: t('caregivers.column.actions'),
      key: 'actions',
      fixed: pinActions ? 'right' : undefined,
      render: (_, row) => (
        <RowActions
          moreLabel={t('caregivers.action.more')}
          actions={[
            { key: 'edit', label: t('caregivers.action.edit'), onClick: () => actions.edit(row) },
            row.enabled
              ? { key: 'disable', label: t('caregivers.action.disable'), onClick: () => actions.disable(row) }
              : { key: 'enable', label: t('caregivers.action.enable'), onClick: () => actions.enable(row) },
          ]}
          more={[
            { key: 'resetPassword', label: t('caregivers.action.resetPassword'), onClick: () => actions.resetPassword(row) },
            { key: 'delete', label: t('caregivers.action.delete'), danger: true, onClick: () => actions.remove(row) },
          ]}
        />
      ),
    },
  ];
}
