import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Account } from '@vigil/contracts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { RowActions } from '../shared/RowActions.tsx';
import { DATA_PERMISSION_LABEL_KEYS, ROLE_LABEL_KEYS } from './roleLabels.ts';

export interface AccountRowActions {
  edit: (account: Account) => void;
  enable: (account: Account) => void;
  disable: (account: Account) => void;
  resetPassword: (account: Account) => void;
  remove: (account: Account) => void;
  /** Present when the viewer may choose the providers a GOVERNMENT account sees in statistics. */
  statisticsProviders?: (account: Account) => void;
}

interface ColumnOptions {
  t: TFunction<'accounts'>;
  language: string;
  /** The signed-in login: its own row cannot be disabled or deleted. */
  selfUserName: string;
  /** Pin the action column on wide screens only; on phones it would cover the table. */
  pinActions: boolean;
  /** A class II provider's accounts all share its provider, so the column says nothing there. */
  showProvider: boolean;
  /** Only sub-accounts have a data permission; callers who cannot make them do not need the column. */
  showDataPermission: boolean;
  actions: AccountRowActions;
}

/** Columns of the account table, with the row actions. */
export function accountColumns(options: ColumnOptions): TableColumnsType<Account> {
  const { t, language, selfUserName, pinActions, showProvider, showDataPermission, actions } = options;
  const dash = '—';
  return [
    { title: t('accounts.column.userName'), dataIndex: 'userName', key: 'userName' },
    { title: t('accounts.column.nickName'), dataIndex: 'nickName', key: 'nickName' },
    { title: t('accounts.column.role'), key: 'role', render: (_, row) => t(ROLE_LABEL_KEYS[row.role]) },
    { title: t('accounts.column.provider'), key: 'provider', hidden: !showProvider, render: (_, row) => row.providerName ?? dash },
    {
      title: t('accounts.column.dataPermission'),
      key: 'dataPermission',
      hidden: !showDataPermission,
      render: (_, row) => (row.dataPermission ? t(DATA_PERMISSION_LABEL_KEYS[row.dataPermission]) : dash),
    },
    {
      title: t('accounts.column.status'),
      key: 'status',
      render: (_, row) =>
        row.enabled ? <Tag color="success">{t('accounts.status.enabled')}</Tag> : <Tag color="default">{t('accounts.status.disabled')}</Tag>,
    },
    { title: t('accounts.column.createdAt'), key: 'createdAt', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, language)}</span> },
    {
      title: t('accounts.column.actions'),
      key: 'actions',
      fixed: pinActions ? 'right' : undefined,
      render: (_, row) => {
        const self = row.userName === selfUserName;
        return (
          <RowActions
            moreLabel={t('accounts.action.more')}
            actions={[
              { key: 'edit', label: t('accounts.action.edit'), onClick: () => actions.edit(row) },
              ...(row.role === 'GOVERNMENT' && actions.statisticsProviders
                ? [{ key: 'statisticsProviders', label: t('accounts.action.statisticsProviders'), onClick: () => actions.statisticsProviders?.(row) }]
                : []),
              row.enabled
                ? { key: 'disable', label: t('accounts.action.disable'), disabled: self, onClick: () => actions.disable(row) }
                : { key: 'enable', label: t('accounts.action.enable'), onClick: () => actions.enable(row) },
            ]}
            more={[
              { key: 'resetPassword', label: t('accounts.action.resetPassword'), onClick: () => actions.resetPassword(row) },
              { key: 'delete', label: t('accounts.action.delete'), danger: true, disabled: self, onClick: () => actions.remove(row) },
            ]}
          />
        );
      },
    },
  ];
}
