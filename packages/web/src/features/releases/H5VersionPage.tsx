import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { H5Version } from '@vigil/contracts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { useH5Versions } from './releasesApi.ts';
import { useReleaseActions } from './useReleaseActions.ts';
import { RELEASES_NS } from './i18n.ts';

// The add and edit dialog (package upload, progress) loads when first opened.
const H5VersionDialog = lazyDialog(() => import('./H5VersionDialog.tsx').then((m) => m.H5VersionDialog));

const TABLE_MIN_WIDTH = 760;

/** App and H5 releases > H5 versions: each version and its uploaded file. */
export function H5VersionPage() {
  const { t, i18n } = useTranslation(RELEASES_NS);
  const feedback = useFeedback();
  const { query, filter, goToPage } = usePagedQuery<{ pageNum: number; pageSize: number; keyWord?: string }>({ pageNum: 1, pageSize: 10 });
  const list = useH5Versions(query);
  const actions = useReleaseActions(feedback);
  const [dialog, setDialog] = useState<{ editing: H5Version | null } | null>(null);

  const columns: TableColumnsType<H5Version> = [
    { title: t('releases.field.version'), dataIndex: 'version' },
    { title: t('releases.field.file'), render: (_value, row) => <Typography.Link href={row.file.url}>{row.file.fileName}</Typography.Link> },
    { title: 'MD5', render: (_value, row) => <Typography.Text code>{row.file.md5}</Typography.Text> },
    { title: t('releases.field.apps'), dataIndex: 'appCount' },
    { title: t('releases.field.uploadedAt'), dataIndex: 'uploadedAt', render: (value: number) => formatDateTime(value, i18n.language) },
    {
      title: t('releases.field.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => setDialog({ editing: row })}>{t('releases.h5.editAction')}</Button>
          <Button size="small" danger type="text" onClick={() => actions.deleteH5(row)}>{t('releases.action.delete')}</Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('releases.h5.title')} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>{t('releases.h5.add')}</Button>}>
      {feedback.holder}
      <Input.Search
        allowClear
        enterButton
        aria-label={t('releases.field.version')}
        placeholder={t('releases.field.version')}
        style={{ width: 320, maxWidth: '100%', marginBottom: 16 }}
        onSearch={(value) => filter({ keyWord: value.trim() || undefined })}
      />
      <PagedTable<H5Version>
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={TABLE_MIN_WIDTH}
        emptyText={t('releases.h5.empty')}
        totalText={(total) => t('releases.app.total', { total })}
      />
      <H5VersionDialog open={dialog !== null} editing={dialog?.editing ?? null} feedback={feedback} onClose={() => setDialog(null)} />
    </Card>
  );
}
