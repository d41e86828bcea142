import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_PLATFORMS, APP_VERSION_STATES, type AppPlatform, type AppVersion, type AppVersionState } from '@vigil/contracts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { useAppVersions, type AppVersionQuery } from './releasesApi.ts';
import { useReleaseActions } from './useReleaseActions.ts';
import { RELEASES_NS } from './i18n.ts';

// The add and pairing dialogs (package upload, progress) load when first opened.
const AddAppVersionDialog = lazyDialog(() => import('./AddAppVersionDialog.tsx').then((m) => m.AddAppVersionDialog));
const PairH5Dialog = lazyDialog(() => import('./PairH5Dialog.tsx').then((m) => m.PairH5Dialog), (props) => props.version !== null);

const STATE_COLOR: Record<AppVersionState, string> = { saved: 'default', published: 'green', removed: 'red' };
const TABLE_MIN_WIDTH = 960;

/** App and H5 releases > App versions (spec 02 §2–§5): list, add, publish, remove, delete, H5 pairing. */
export function AppVersionPage() {
  const { t, i18n } = useTranslation(RELEASES_NS);
  const feedback = useFeedback();
  const { query, filter, goToPage } = usePagedQuery<AppVersionQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAppVersions(query);
  const actions = useReleaseActions(feedback);
  const [adding, setAdding] = useState(false);
  const [pairing, setPairing] = useState<AppVersion | null>(null);

  const columns: TableColumnsType<AppVersion> = [
    { title: t('releases.field.platform'), dataIndex: 'platform', render: (value: AppPlatform) => (value === 'ios' ? 'iOS' : 'Android') },
    { title: t('releases.field.versionName'), dataIndex: 'versionName' },
    { title: t('releases.field.buildNumber'), dataIndex: 'buildNumber' },
    { title: t('releases.field.updateLog'), dataIndex: 'updateLog', ellipsis: true, width: 240 },
    {
      title: t('releases.field.package'),
      render: (_value, row) =>
        row.file ? <Typography.Link href={row.file.url}>{row.file.fileName}</Typography.Link> : <Typography.Link href={row.storeUrl} target="_blank" rel="noreferrer">{t('releases.field.storeUrl')}</Typography.Link>,
    },
    { title: t('releases.field.forceUpgrade'), dataIndex: 'forceUpgrade', render: (value: boolean) => (value ? t('releases.yes') : t('releases.no')) },
    { title: t('releases.field.status'), dataIndex: 'status', render: (value: AppVersionState) => <Tag color={STATE_COLOR[value]}>{t(`releases.state.${value}`)}</Tag> },
    { title: t('releases.field.uploadedAt'), dataIndex: 'uploadedAt', render: (value: number) => formatDateTime(value, i18n.language) },
    {
      title: t('releases.field.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => setPairing(row)}>{`${t('releases.action.pairH5')} (${row.h5Count})`}</Button>
          {row.status === 'saved' && <Button size="small" type="primary" onClick={() => actions.publish(row)}>{t('releases.action.publish')}</Button>}
          {row.status === 'published' && <Button size="small" danger onClick={() => actions.remove(row)}>{t('releases.action.remove')}</Button>}
          {row.status !== 'published' && <Button size="small" danger type="text" onClick={() => actions.deleteApp(row)}>{t('releases.action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('releases.app.title')}
      extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>{t('releases.app.add')}</Button>}
    >
      {feedback.holder}
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Select<AppPlatform>
          allowClear
          aria-label={t('releases.app.platformFilter')}
          placeholder={t('releases.app.allPlatforms')}
          style={{ width: 200, maxWidth: '100%' }}
          options={APP_PLATFORMS.map((value) => ({ value, label: value === 'ios' ? 'iOS' : 'Android' }))}
          onChange={(platform) => filter({ platform })}
        />
        <Select<AppVersionState>
          allowClear
          aria-label={t('releases.app.statusFilter')}
          placeholder={t('releases.app.allStates')}
          style={{ width: 220, maxWidth: '100%' }}
          options={APP_VERSION_STATES.map((value) => ({ value, label: t(`releases.state.${value}`) }))}
          onChange={(status) => filter({ status })}
        />
      </Flex>
      <PagedTable<AppVersion>
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={TABLE_MIN_WIDTH}
        emptyText={t('releases.app.empty')}
        totalText={(total) => t('releases.app.total', { total })}
      />
      <AddAppVersionDialog open={adding} feedback={feedback} onClose={() => setAdding(false)} />
      <PairH5Dialog version={pairing} feedback={feedback} onClose={() => setPairing(null)} />
    </Card>
  );
}
