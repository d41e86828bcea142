import { DownloadOutlined, ExportOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceBatchAdd, deviceExcelModel, deviceExportData, type Device } from '@vigil/contracts';
import { uploadFile } from '../../api/client.ts';
import { useEdition } from '../../session/edition.ts';
import { useSession } from '../../session/session-store.ts';
import '../care-shared/care.css';
import { SpreadsheetImportDialog } from '../care-shared/SpreadsheetImportDialog.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { typesInEdition, typesOnScreen } from '../devices-shared/deviceTypes.ts';
import { listEmptyText } from '../shared/ListEmpty.tsx';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { DeviceCardList } from './DeviceCardList.tsx';
import { deviceColumns } from './deviceColumns.tsx';
import { DeviceFilters } from './DeviceFilters.tsx';
import { isVendorRole, useDeviceList, useRefreshDevices, type DeviceListQuery } from './devicesApi.ts';
import { useLiveDevices } from './useLiveDevices.ts';
import { DeviceSummaryCards } from './DeviceSummaryCards.tsx';
import { useDeviceActions } from './useDeviceActions.ts';
import { DEVICES_NS } from './i18n.ts';

// The add and edit dialogs and the detail drawer (descriptions, binding with its cascader,
// settings) load when first opened.
const AddDeviceDialog = lazyDialog(() => import('./AddDeviceDialog.tsx').then((m) => m.AddDeviceDialog));
const EditDeviceDialog = lazyDialog(() => import('./EditDeviceDialog.tsx').then((m) => m.EditDeviceDialog), (props) => props.device !== null);
const DeviceDetailDrawer = lazyDialog(() => import('./DeviceDetailDrawer.tsx').then((m) => m.DeviceDetailDrawer), (props) => props.id !== null);

// The binding form (with its cascader) loads when first opened from a row, as from the drawer.
const BindingDialog = lazyDialog(() => import('./BindingDialog.tsx').then((m) => m.BindingDialog), (props) => props.device !== null);

/** Below this width the table scrolls inside its card; phones get cards instead. */
const TABLE_MIN_WIDTH = 1040;
const SCREEN = 'deviceManage';

/**
 * /deviceManage/deviceManage: the sleep monitors (and the edition's other types managed
 * here) with counts, filters, add, edit, delete, restart, import, export and a detail
 * drawer. Vendor roles fill the stock and see every provider's devices; care homes add
 * from stock, bind and set up their own.
 */
export function DeviceManagePage() {
  const { t } = useTranslation(DEVICES_NS);
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const session = useSession();
  const vendor = isVendorRole(session?.role);
  const { edition } = useEdition();
  // Vendor roles stock every type here (spec 02 §2): this is their only device screen.
  const screen = vendor ? undefined : SCREEN;
  const types = vendor ? typesInEdition(edition) : typesOnScreen(SCREEN, edition);
  const downloads = useDownload(feedback);
  const refresh = useRefreshDevices();
  const [query, setQuery] = useState<DeviceListQuery>({ pageNum: 1, pageSize: 10, screen });
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Device | null>(null);
  const [live, setLive] = useState(false);
  const list = useDeviceList(query, live);
  useLiveDevices(useMemo(() => (list.data?.rows ?? []).map((row) => row.deviceId), [list.data]), setLive);
  const { restart, remove, rotateKey, syncCarrier, syncAllCarrier } = useDeviceActions(feedback, vendor);
  const [binding, setBinding] = useState<Device | null>(null);
  const actions = { open: (device: Device) => setOpenId(device.id), edit: setEditing, restart, remove, ...(vendor ? { syncCarrier } : { bind: setBinding }) };
  const { pageNum: _page, pageSize: _size, ...filters } = query;
  const phone = !screens.md;

  const pagination = {
    current: query.pageNum,
    pageSize: query.pageSize,
    total: list.data?.total ?? 0,
    showTotal: (total: number) => t('devices.list.total', { total }),
    onChange: (pageNum: number, pageSize: number) => setQuery((current) => ({ ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
  };
  const empty = listEmptyText(list, vendor ? t('devices.list.emptyVendor') : t('devices.list.empty'));

  const toolbar = (
    <Flex wrap gap={8}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
        {vendor ? t('devices.action.register') : t('devices.action.add')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        {t('devices.action.import')}
      </Button>
      {vendor && <Button onClick={() => void syncAllCarrier()}>{t('devices.action.syncAllCarrier')}</Button>}
      <Button icon={<DownloadOutlined />} loading={downloads.running === 'template'} onClick={() => void downloads.download('template', deviceExcelModel)}>
        {t('devices.action.template')}
      </Button>
      <Button icon={<ExportOutlined />} loading={downloads.running === 'export'} onClick={() => void downloads.download('export', deviceExportData, filters)}>
        {t('devices.action.export')}
      </Button>
    </Flex>
  );

  return (
    <>
      {feedback.holder}
      <DeviceSummaryCards query={{ screen, deviceType: query.deviceType }} vendor={vendor} />
      <Card title={vendor ? t('devices.list.titleVendor') : t('devices.list.title')} extra={!phone && toolbar}>
        {phone && <div style={{ marginBottom: 16 }}>{toolbar}</div>}
        <DeviceFilters types={types} vendor={vendor} onChange={(patch) => setQuery((current) => ({ ...current, ...patch, pageNum: 1 }))} />
        {phone ? (
          <DeviceCardList rows={list.data?.rows ?? []} loading={list.isLoading} vendor={vendor} empty={empty} pagination={pagination} actions={actions} />
        ) : (
          <Table<Device>
            rowKey="id"
            size="middle"
            className="care-table"
            columns={deviceColumns({ t, vendor, pinActions: Boolean(screens.lg), actions })}
            dataSource={list.data?.rows ?? []}
            loading={list.isLoading}
            tableLayout="auto"
            scroll={{ x: TABLE_MIN_WIDTH }}
            locale={{ emptyText: empty }}
            pagination={{ ...pagination, showSizeChanger: true }}
          />
        )}
      </Card>
      <AddDeviceDialog
        open={adding}
        vendor={vendor}
        types={types}
        feedback={feedback}
        onClose={() => setAdding(false)}
        onAdded={(id) => {
          setAdding(false);
          setOpenId(id);
        }}
      />
      <BindingDialog device={binding} feedback={feedback} onClose={() => setBinding(null)} />
      <EditDeviceDialog device={editing} vendor={vendor} feedback={feedback} onClose={() => setEditing(null)} />
      <DeviceDetailDrawer id={openId} vendor={vendor} feedback={feedback} onClose={() => setOpenId(null)} onRestart={restart} onEdit={setEditing} onRotateKey={rotateKey} />
      <SpreadsheetImportDialog
        open={importing}
        title={vendor ? t('devices.import.titleVendor') : t('devices.import.title')}
        upload={(file, onProgress) => uploadFile(deviceBatchAdd, file, {}, onProgress)}
        onDownloadTemplate={() => void downloads.download('template', deviceExcelModel)}
        templateLoading={downloads.running === 'template'}
        onImported={() => void refresh()}
        onClose={() => setImporting(false)}
      />
    </>
  );
}
