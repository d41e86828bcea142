import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppVersionState, H5Version } from '@vigil/contracts';
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

const TABLE_MIN_WIDTH = 900;
const STATE_COLOR: Record<AppVersionState, string> = { saved: 'default', published: 'green', removed: 'red' };

/**
 * App and H5 releases > H5 versions: each version, its uploaded file and its state (spec 02 §4).
 * /app/ serves the most recently published one (docs/releases.md): the page says which, and each
 * publish, unpublish or remove says what /app/ will serve after it before it is done.
 */
export function H5VersionPage() {
  const { t, i18n } = useTranslation(RELEASES_NS);
  const feedback = useFeedback();
  const { query, filter, goToPage } = usePagedQuery<{ pageNum: number; pageSize: number; keyWord?: string }>({ pageNum: 1, pageSize: 10 });
  const list = useH5Versions(query);
  const actions = useReleaseActions(feedback);
  const [dialog, setDialog] = useState<{ editing: H5Version | null } | null>(null);
  const live = list.data?.live ?? null;
  const fallback = list.data?.fallback ?? null;
  const shortName = (version: H5Version | null) => (version ? t('releases.h5.versionShort', { version: version.version }) : t('releases.h5.builtInShort'));
  // What /app/ serves once this one is withdrawn: the fallback when it is the live one, else what is live now.
  const nextAfter = (row: H5Version) => shortName(row.live ? fallback : live);

  const columns: TableColumnsType<H5Version> = [
    { title: t('releases.field.version'), dataIndex: 'version' },
    { title: t('releases.field.file'), render: (_value, row) => <Typography.Link href={row.file.url}>{row.file.fileName}</Typography.Link> },
    { title: 'MD5', render: (_value, row) => <Typography.Text code>{row.file.md5}</Typography.Text> },
    { title: t('releases.field.apps'), dataIndex: 'appCount' },
    {
      title: t('releases.field.status'),
      dataIndex: 'status',
      render: (value: AppVersionState, row) => (
        <Space wrap size={4}>
          <Tag color={STATE_COLOR[value]}>{t(`releases.state.${value}`)}</Tag>
          {row.live && <Tag color="blue">{t('releases.h5.liveTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('releases.field.uploadedAt'), dataIndex: 'uploadedAt', render: (value: number) => formatDateTime(value, i18n.language) },
    {
      title: t('releases.field.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space wrap size={4}>
          {row.status === 'saved' && <Button size="small" type="primary" onClick={() => actions.publishH5(row, shortName(live))}>{t('releases.action.publish')}</Button>}
          {row.status === 'published' && <Button size="small" onClick={() => actions.unpublishH5(row, nextAfter(row))}>{t('releases.action.unpublish')}</Button>}
          {row.status === 'published' && <Button size="small" danger onClick={() => actions.removeH5(row, nextAfter(row))}>{t('releases.action.remove')}</Button>}
          <Button size="small" onClick={() => setDialog({ editing: row })}>{t('releases.h5.editAction')}</Button>
          {row.status !== 'published' && <Button size="small" danger type="text" onClick={() => actions.deleteH5(row)}>{t('releases.action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('releases.h5.title')} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>{t('releases.h5.add')}</Button>}>
      {feedback.holder}
      {list.data && (
        <Alert
          type={live ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          message={t('releases.h5.serving', {
            name: live ? t('releases.h5.servingVersion', { version: live.version, time: formatDateTime(live.publishedAt ?? live.uploadedAt, i18n.language) }) : t('releases.h5.builtIn'),
          })}
        />
      )}
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
