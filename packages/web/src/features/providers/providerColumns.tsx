import { Badge, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Provider } from '@vigil/contracts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { RowActions } from '../shared/RowActions.tsx';

export interface ProviderRowActions {
  edit: (provider: Provider) => void;
  enable: (provider: Provider) => void;
  disable: (provider: Provider) => void;
  resetPassword: (provider: Provider) => void;
  remove: (provider: Provider) => void;
}

interface ColumnOptions {
  t: TFunction<'providers'>;
  language: string;
  /** Pin the action column on wide screens only; on phones it would cover the table. */
  pinActions: boolean;
  actions: ProviderRowActions;
}

function statusCell(t: TFunction<'providers'>, provider: Provider) {
  if (!provider.enabled) return <Badge style={{ whiteSpace: 'nowrap' }} status="default" text={t('providers.status.disabled')} />;
  if (!provider.available) {
    return (
      <Tooltip title={t('providers.status.unavailableHint')}>
        <Badge style={{ whiteSpace: 'nowrap' }} status="warning" text={t('providers.status.unavailable')} />
      </Tooltip>
    );
  }
  return <Badge style={{ whiteSpace: 'nowrap' }} status="success" text={t('providers.status.available')} />;
}

/** Columns of the provider table, with the row actions. */
export function providerColumns({ t, language, pinActions, actions }: ColumnOptions): TableColumnsType<Provider> {
  const dash = '—';
  return [
    { title: t('providers.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('providers.column.code'), key: 'code', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.code || dash}</span> },
    { title: t('providers.column.userName'), key: 'userName', render: (_, row) => row.userName ?? dash },
    {
      title: t('providers.column.level'),
      key: 'level',
      render: (_, row) => (row.level === 1 ? <Tag color="blue">{t('providers.level.one')}</Tag> : <Tag color="cyan">{t('providers.level.two')}</Tag>),
    },
    { title: t('providers.column.parent'), key: 'parent', render: (_, row) => row.parentName ?? dash },
    { title: t('providers.column.status'), key: 'status', render: (_, row) => statusCell(t, row) },
    { title: t('providers.column.childCount'), key: 'childCount', align: 'right', render: (_, row) => (row.level === 1 ? row.childCount : dash) },
    { title: t('providers.column.createdAt'), key: 'createdAt', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, language)}</span> },
    {
      title: t('providers.column.actions'),
      key: 'actions',
      fixed: pinActions ? 'right' : undefined,
      render: (_, row) => (
        <RowActions
          moreLabel={t('providers.action.more')}
          actions={[
            { key: 'edit', label: t('providers.action.edit'), onClick: () => actions.edit(row) },
            row.enabled
              ? { key: 'disable', label: t('providers.action.disable'), onClick: () => actions.disable(row) }
              : { key: 'enable', label: t('providers.action.enable'), onClick: () => actions.enable(row) },
          ]}
          more={[
            { key: 'resetPassword', label: t('providers.action.resetPassword'), disabled: !row.userName, onClick: () => actions.resetPassword(row) },
            { key: 'delete', label: t('providers.action.delete'), danger: true, onClick: () => actions.remove(row) },
          ]}
        />
      ),
    },
  ];
}
