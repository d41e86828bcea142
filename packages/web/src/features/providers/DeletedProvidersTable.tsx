import { Button, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDERS_NS } from './i18n.ts';
import { restoreProvider, type DeletedProvider } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useDeletedProviderList, type ProviderListQuery } from './providersApi.ts';
import { useAfterProviderChange } from './useAfterProviderChange.ts';

/** Deleted providers a vendor role can still restore, with the days left before the purge. */
export function DeletedProvidersTable({ feedback }: { feedback: Feedback }) {
  const { t, i18n } = useTranslation(PROVIDERS_NS);
  const [query, setQuery] = useState<ProviderListQuery>({ pageNum: 1, pageSize: 10 });
  const list = useDeletedProviderList(query, true);
  const run = useActionRunner(feedback, useAfterProviderChange());
  const dash = '—';

  const restore = (provider: DeletedProvider) =>
    feedback.modal.confirm({
      title: t('providers.confirm.restoreTitle', { name: provider.name }),
      content: t('providers.confirm.restoreContent'),
      okText: t('providers.action.restore'),
      cancelText: t('providers.form.cancel'),
      onOk: () => run(() => callApi(restoreProvider, { id: provider.id }), t('providers.message.restored')),
    });

  const columns: TableColumnsType<DeletedProvider> = [
    { title: t('providers.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('providers.column.code'), key: 'code', render: (_, row) => row.code || dash },
    { title: t('providers.column.userName'), key: 'userName', render: (_, row) => row.userName ?? dash },
    {
      title: t('providers.column.level'),
      key: 'level',
      render: (_, row) => (row.level === 1 ? <Tag color="blue">{t('providers.level.one')}</Tag> : <Tag color="cyan">{t('providers.level.two')}</Tag>),
    },
    { title: t('providers.column.parent'), key: 'parent', render: (_, row) => row.parentName ?? dash },
    { title: t('providers.column.deletedAt'), key: 'deletedAt', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.deletedAt, i18n.language)}</span> },
    {
      title: t('providers.column.daysLeft'),
      key: 'daysLeft',
      render: (_, row) => <Tag color={row.daysLeft <= 3 ? 'red' : 'default'}>{t('providers.deleted.daysLeft', { days: row.daysLeft })}</Tag>,
    },
    {
      title: t('providers.column.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button size="small" aria-label={t('providers.action.restoreNamed', { name: row.name })} onClick={() => restore(row)}>
          {t('providers.action.restore')}
        </Button>
      ),
    },
  ];

  return (
    <Table<DeletedProvider>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list.data?.rows ?? []}
      loading={list.isFetching}
      tableLayout="auto"
      scroll={{ x: 960 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isError ? list.error.message : t('providers.deleted.empty')} /> }}
      pagination={{
        current: query.pageNum,
        pageSize: query.pageSize,
        total: list.data?.total ?? 0,
        showTotal: (total) => t('providers.list.total', { total }),
        onChange: (pageNum, pageSize) => setQuery({ pageNum, pageSize }),
      }}
    />
  );
}
