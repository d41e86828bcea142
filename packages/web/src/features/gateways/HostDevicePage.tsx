import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { heAddHost, heExcelHostModel, heExcelSubModel, heHostBatchAdd, heInfraredBatchAdd, heInsertDevice, heReplaceDevice, SUB_DEVICES_PER_HOST_MAX, type Host } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Grid, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, uploadFile } from '../../api/client.ts';
import { useLanguage } from '../../i18n/index.ts';
import { useSession } from '../../session/session-store.ts';
import '../care-shared/care.css';
import { SpreadsheetImportDialog } from '../care-shared/SpreadsheetImportDialog.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { RowActions } from '../shared/RowActions.tsx';
import { listEmptyText } from '../shared/ListEmpty.tsx';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { GATEWAYS_KEY, useHostList, type DeviceListQuery } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { OnlineTag } from './OnlineTag.tsx';
import { SubDeviceTable, type SubDeviceRow } from './SubDeviceTable.tsx';
import { useGatewayActions } from './useGatewayActions.ts';
import './gateways.css';

// The dialogs and wizards (steps, forms) load when first opened.
const DeviceIdDialog = lazyDialog(() => import('./DeviceIdDialog.tsx').then((m) => m.DeviceIdDialog));
const PairingWizard = lazyDialog(() => import('./PairingWizard.tsx').then((m) => m.PairingWizard), (props) => props.hostId !== null);
const SecurityInstallWizard = lazyDialog(() => import('./SecurityInstallWizard.tsx').then((m) => m.SecurityInstallWizard), (props) => props.device !== null);
const MoveHostDialog = lazyDialog(() => import('./MoveHostDialog.tsx').then((m) => m.MoveHostDialog), (props) => props.hostId !== null);

type Dialog =
  | { kind: 'addHost' }
  | { kind: 'addSub'; hostId: string }
  | { kind: 'replace'; deviceId: string }
  | { kind: 'import'; which: 'host' | 'sub' }
  | null;

/** Gateway hosts (overseas, /deviceManage/hostDevice): hosts with their sub-devices, pairing and install wizards, imports. */
export function HostDevicePage() {
  const { t } = useTranslation(GATEWAYS_NS);
  const language = useLanguage();
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const downloads = useDownload(feedback);
  const session = useSession();
  const actions = useGatewayActions(feedback);
  const [query, setQuery] = useState<DeviceListQuery>({ pageNum: 1, pageSize: 10 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pairing, setPairing] = useState<string | null>(null);
  const [installing, setInstalling] = useState<SubDeviceRow | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const list = useHostList(query);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: GATEWAYS_KEY });
  const done = () => {
    setDialog(null);
    refresh();
  };
  const template = (which: 'host' | 'sub') => void downloads.download(which, which === 'host' ? heExcelHostModel : heExcelSubModel, { lan: language });

  const columns: TableColumnsType<Host> = [
    { title: t('gateways.column.hostId'), dataIndex: 'deviceId' },
    { title: t('gateways.column.location'), dataIndex: 'location', render: (value: string) => value || '—' },
    { title: t('gateways.column.status'), render: (_, row) => <OnlineTag online={row.online} /> },
    { title: t('gateways.column.subDevices'), render: (_, row) => t('gateways.column.subCount', { count: row.subDevices.length, max: SUB_DEVICES_PER_HOST_MAX }) },
    { title: t('gateways.column.pairingWindow'), render: (_, row) => (row.pairingUntil ? <Tag color="blue">{t('gateways.wizard.listening')}</Tag> : '—') },
    {
      title: t('gateways.column.actions'), key: 'actions', fixed: screens.lg ? 'right' : undefined,
      render: (_, row) => (
        <RowActions
          moreLabel={t('gateways.common.more')}
          actions={[{ key: 'wizard', label: t('gateways.action.pairingWizard'), onClick: () => setPairing(row.deviceId) }]}
          more={[
            { key: 'addSub', label: t('gateways.action.addSub'), onClick: () => setDialog({ kind: 'addSub', hostId: row.deviceId }) },
            ...(session?.role === 'ONE_ROLE' ? [{ key: 'move', label: t('gateways.action.move'), onClick: () => setMoving(row.deviceId) }] : []),
            { key: 'delete', label: t('gateways.common.delete'), danger: true, onClick: () => void actions.remove(row) },
          ]}
        />
      ),
    },
  ];

  const toolbar = (
    <Flex wrap gap={8}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'addHost' })}>{t('gateways.action.addHost')}</Button>
      <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import', which: 'host' })}>{t('gateways.action.importHosts')}</Button>
      <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import', which: 'sub' })}>{t('gateways.action.importSubs')}</Button>
      <Button icon={<DownloadOutlined />} loading={downloads.running === 'host'} onClick={() => template('host')}>{t('gateways.action.hostTemplate')}</Button>
      <Button icon={<DownloadOutlined />} loading={downloads.running === 'sub'} onClick={() => template('sub')}>{t('gateways.action.subTemplate')}</Button>
    </Flex>
  );

  return (
    <Card title={t('gateways.host.listTitle')}>
      {feedback.holder}
      <div style={{ marginBottom: 16 }}>{toolbar}</div>
      <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
        <Input.Search allowClear enterButton aria-label={t('gateways.list.searchLabel')} placeholder={t('gateways.list.search')} onSearch={(value) => setQuery({ ...query, pageNum: 1, keyWord: value.trim() || undefined })} />
      </Flex>
      <Table<Host>
        rowKey="id" size="middle" className="care-table" columns={columns} dataSource={list.data?.rows ?? []} loading={list.isFetching} tableLayout="auto" scroll={{ x: 800 }}
        expandable={{
          expandedRowRender: (host) => (
            <SubDeviceTable
              rows={host.subDevices.map((sub) => ({ ...sub, hostId: host.deviceId }))} actions={actions} showHost={false} emptyText={t('gateways.host.noSubs')}
              onInstall={setInstalling} onReplace={(sub) => setDialog({ kind: 'replace', deviceId: sub.deviceId })}
            />
          ),
          rowExpandable: () => true,
        }}
        locale={{ emptyText: listEmptyText(list, t('gateways.host.empty')) }}
        pagination={{ current: query.pageNum, pageSize: query.pageSize, total: list.data?.total ?? 0, showTotal: (total) => t('gateways.list.total', { total }), onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }) }}
      />
      <DeviceIdDialog
        open={dialog?.kind === 'addHost'} title={t('gateways.action.addHost')} formName="gateway-add-host" idLabel={t('gateways.field.hostId')} withLocation feedback={feedback}
        submit={(values) => callApi(heAddHost, { deviceId: values.deviceId, location: values.location })} successText={t('gateways.common.added')} onDone={done} onCancel={() => setDialog(null)}
      />
      <DeviceIdDialog
        open={dialog?.kind === 'addSub'} title={t('gateways.action.addSubTo', { id: dialog?.kind === 'addSub' ? dialog.hostId : '' })} formName="gateway-add-sub" idLabel={t('gateways.field.subDeviceId')} withLocation feedback={feedback}
        submit={(values) => callApi(heInsertDevice, { hostId: dialog?.kind === 'addSub' ? dialog.hostId : '', deviceId: values.deviceId, location: values.location })}
        successText={t('gateways.common.added')} onDone={done} onCancel={() => setDialog(null)}
      />
      <DeviceIdDialog
        open={dialog?.kind === 'replace'} title={t('gateways.action.replaceTitle', { id: dialog?.kind === 'replace' ? dialog.deviceId : '' })} formName="gateway-replace" idLabel={t('gateways.field.newDeviceId')} withLocation={false} feedback={feedback}
        submit={(values) => callApi(heReplaceDevice, { deviceId: dialog?.kind === 'replace' ? dialog.deviceId : '', newDeviceId: values.deviceId })}
        successText={t('gateways.common.replaced')} onDone={done} onCancel={() => setDialog(null)}
      />
      <SpreadsheetImportDialog
        open={dialog?.kind === 'import'}
        title={t(dialog?.kind === 'import' && dialog.which === 'sub' ? 'gateways.action.importSubs' : 'gateways.action.importHosts')}
        upload={(file, onProgress) => uploadFile(dialog?.kind === 'import' && dialog.which === 'sub' ? heInfraredBatchAdd : heHostBatchAdd, file, {}, onProgress)}
        onDownloadTemplate={() => template(dialog?.kind === 'import' ? dialog.which : 'host')}
        templateLoading={downloads.running !== null}
        onImported={refresh}
        onClose={() => setDialog(null)}
      />
      <PairingWizard hostId={pairing} onClose={() => { setPairing(null); refresh(); }} />
      <SecurityInstallWizard device={installing} onClose={() => { setInstalling(null); refresh(); }} />
      <MoveHostDialog hostId={moving} feedback={feedback} onDone={() => { setMoving(null); refresh(); }} onCancel={() => setMoving(null)} />
    </Card>
  );
}
