import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Grid, Input, Table, Tag, type TableColumnsType } from 'antd';
import { deleteDevice, getDevice, restartDevice, type DeviceDetail, type FallRadar } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { useEdition } from '../../session/edition.ts';
import '../care-shared/care.css';
import { typesOnScreen } from '../devices-shared/deviceTypes.ts';
import { errorText } from '../shared/errorText.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { RowActions } from '../shared/RowActions.tsx';
import { listEmptyText } from '../shared/ListEmpty.tsx';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { GATEWAYS_KEY, useFallRadarList, type DeviceListQuery } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { OnlineTag } from './OnlineTag.tsx';

// The settings editor (area editor, number inputs), the install wizard (steps, progress,
// result) and the live site load when first opened.
const FallRadarSettingsDialog = lazyDialog(() => import('./FallRadarSettingsDialog.tsx').then((m) => m.FallRadarSettingsDialog), (props) => props.deviceId !== null);
const FallInstallWizard = lazyDialog(() => import('./FallInstallWizard.tsx').then((m) => m.FallInstallWizard), (props) => props.deviceId !== null);
const FallSiteDialog = lazyDialog(() => import('./FallSiteDialog.tsx').then((m) => m.FallSiteDialog), (props) => props.deviceId !== null);
// Adding from stock and binding are the main device screen's dialogs (spec 02 §2: this screen adds, binds, unbinds, deletes and restarts radars).
const AddDeviceDialog = lazyDialog(() => import('../devices/AddDeviceDialog.tsx').then((m) => m.AddDeviceDialog), (props) => props.open);
const BindingDialog = lazyDialog(() => import('../devices/BindingDialog.tsx').then((m) => m.BindingDialog), (props) => props.device !== null);

/** Fall monitors (overseas, /deviceManage/ed719Device): add, bind, unbind, restart, delete, settings, install wizard, real-time site. */
export function FallRadarPage() {
  const { t } = useTranslation(GATEWAYS_NS);
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const { edition } = useEdition();
  const refresh = () => queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
  const run = useActionRunner(feedback, refresh);
  const [adding, setAdding] = useState(false);
  const [binding, setBinding] = useState<DeviceDetail | null>(null);
  const openBinding = (radar: FallRadar) =>
    void callApi(getDevice, { id: radar.id }).then(setBinding, (error: unknown) => feedback.message.error(errorText(error)));
  const restart = (radar: FallRadar) =>
    feedback.modal.confirm({
      title: t('gateways.confirm.restartTitle', { id: radar.deviceId }),
      content: t('gateways.confirm.restartContent'),
      okText: t('gateways.action.restart'),
      cancelText: t('gateways.common.cancel'),
      onOk: () => run(() => callApi(restartDevice, { id: radar.id }), t('gateways.message.restartSent', { id: radar.deviceId })),
    });
  const remove = (radar: FallRadar) =>
    feedback.modal.confirm({
      title: t('gateways.confirm.removeRadarTitle', { id: radar.deviceId }),
      content: t('gateways.confirm.removeRadarContent'),
      okText: t('gateways.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('gateways.common.cancel'),
      onOk: () => run(() => callApi(deleteDevice, { id: radar.id }), t('gateways.message.radarRemoved', { id: radar.deviceId })),
    });
  const [query, setQuery] = useState<DeviceListQuery>({ pageNum: 1, pageSize: 10 });
  const [editing, setEditing] = useState<string | null>(null);
  const [installing, setInstalling] = useState<string | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const list = useFallRadarList(query);

  const columns: TableColumnsType<FallRadar> = [
    { title: t('gateways.column.deviceId'), dataIndex: 'deviceId' },
    // Many monitors are "bathroom": the room they are bound to tells them apart (issue 25 item 11).
    { title: t('gateways.column.place'), dataIndex: 'place', render: (value: string) => value || t('gateways.fall.unbound') },
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
            { key: 'bind', label: t('gateways.action.bind'), onClick: () => openBinding(row) },
            { key: 'restart', label: t('gateways.action.restart'), onClick: () => restart(row) },
            { key: 'delete', label: t('gateways.common.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card title={t('gateways.fall.listTitle')} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>{t('gateways.action.addRadar')}</Button>}>
      {feedback.holder}
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
      <AddDeviceDialog open={adding} vendor={false} types={typesOnScreen('ed719Device', edition)} feedback={feedback} onClose={() => setAdding(false)} onAdded={() => void refresh()} />
      <BindingDialog device={binding} feedback={feedback} onClose={() => { setBinding(null); void refresh(); }} />
    </Card>
  );
}
