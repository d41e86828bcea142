import { Card, Flex, Grid, Input, Table, Tag, type TableColumnsType } from 'antd';
import type { FallRadar } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../care-shared/care.css';
import { RowActions } from '../shared/RowActions.tsx';
import { listEmptyText } from '../shared/ListEmpty.tsx';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { useFallRadarList, type DeviceListQuery } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { OnlineTag } from './OnlineTag.tsx';

// The settings editor (area editor, number inputs), the install wizard (steps, progress,
// result) and the live site load when first opened.
const FallRadarSettingsDialog = lazyDialog(() => import('./FallRadarSettingsDialog.tsx').then((m) => m.FallRadarSettingsDialog), (props) => props.deviceId !== null);
const FallInstallWizard = lazyDialog(() => import('./FallInstallWizard.tsx').then((m) => m.FallInstallWizard), (props) => props.deviceId !== null);
const FallSiteDialog = lazyDialog(() => import('./FallSiteDialog.tsx').then((m) => m.FallSiteDialog), (props) => props.deviceId !== null);

/** Fall monitors (overseas, /deviceManage/ed719Device): settings, install wizard, real-time site. */
export function FallRadarPage() {
  const { t } = useTranslation(GATEWAYS_NS);
  const screens = Grid.useBreakpoint();
  const [query, setQuery] = useState<DeviceListQuery>({ pageNum: 1, pageSize: 10 });
  const [editing, setEditing] = useState<string | null>(null);
  const [installing, setInstalling] = useState<string | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const list = useFallRadarList(query);

  const columns: TableColumnsType<FallRadar> = [
    { title: t('gateways.column.deviceId'), dataIndex: 'deviceId' },
    { title: t('gateways.column.location'), dataIndex: 'location', render: (value: string) => value || '—' },
    { title: t('gateways.column.status'), render: (_, row) => <OnlineTag online={row.online} /> },
    { title: t('gateways.column.mode'), render: (_, row) => `${t(`gateways.fall.mode.${row.settings.installMode}`)} · ${row.settings.installHeight} m` },
    { title: t('gateways.column.shielded'), render: (_, row) => row.settings.shieldedAreas.length },
    { title: t('gateways.column.settings'), render: (_, row) => {
        if (!row.configured) return <Tag>{t('gateways.fall.defaults')}</Tag>;
        return row.settingsPending ? <Tag color="orange">{t('gateways.fall.pending')}</Tag> : <Tag color="green">{t('gateways.fall.applied')}</Tag>;
      } },
    {
      title: t('gateways.column.actions'), key: 'actions', fixed: screens.lg ? 'right' : undefined,
      render: (_, row) => (
        <RowActions
          moreLabel={t('gateways.common.more')}
          actions={[{ key: 'settings', label: t('gateways.action.settings'), onClick: () => setEditing(row.deviceId) }]}
          more={[
            { key: 'install', label: t('gateways.action.installWizard'), onClick: () => setInstalling(row.deviceId) },
            { key: 'site', label: t('gateways.action.site'), onClick: () => setWatching(row.deviceId) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card title={t('gateways.fall.listTitle')}>
      <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
        <Input.Search allowClear enterButton aria-label={t('gateways.list.searchLabel')} placeholder={t('gateways.list.search')} onSearch={(value) => setQuery({ ...query, pageNum: 1, keyWord: value.trim() || undefined })} />
      </Flex>
      <Table<FallRadar>
        rowKey="id" size="middle" className="care-table" columns={columns} dataSource={list.data?.rows ?? []} loading={list.isFetching} tableLayout="auto" scroll={{ x: 900 }}
        locale={{ emptyText: listEmptyText(list, t('gateways.fall.empty')) }}
        pagination={{ current: query.pageNum, pageSize: query.pageSize, total: list.data?.total ?? 0, showTotal: (total) => t('gateways.list.total', { total }), onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }) }}
      />
      <FallRadarSettingsDialog deviceId={editing} onClose={() => setEditing(null)} />
      <FallInstallWizard deviceId={installing} onClose={() => setInstalling(null)} />
      <FallSiteDialog deviceId={watching} onClose={() => setWatching(null)} />
    </Card>
  );
}
