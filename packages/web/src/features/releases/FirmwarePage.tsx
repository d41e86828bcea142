import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firmwareDelete, firmwarePageList, firmwareResume, firmwareUpdate, type Firmware, type FirmwareState } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import { PagedTable } from '../shared/PagedTable.tsx';
import { useActionRunner } from '../shared/useActionRunner.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { RELEASES_NS } from './i18n.ts';

// The dialogs (upload, progress, the gray-device import) load when first opened.
const UploadFirmwareDialog = lazyDialog(() => import('./UploadFirmwareDialog.tsx').then((m) => m.UploadFirmwareDialog));
const GrayDevicesDialog = lazyDialog(() => import('./GrayDevicesDialog.tsx').then((m) => m.GrayDevicesDialog), (props) => props.firmware !== null);
const UpgradesDialog = lazyDialog(() => import('./UpgradesDialog.tsx').then((m) => m.UpgradesDialog), (props) => props.firmware !== null);

const STATE_COLOR: Record<FirmwareState, string> = { unpublished: 'default', grayscale: 'gold', full: 'green', removed: 'red' };
const TABLE_MIN_WIDTH = 1100;

/** Device management > Firmware upgrade (spec 02 §2–§8): packages, upload, gray devices, releases, per-device states. */
export function FirmwarePage() {
  const { t, i18n } = useTranslation(RELEASES_NS);
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const { query, goToPage } = usePagedQuery<{ pageNum: number; pageSize: number }>({ pageNum: 1, pageSize: 10 });
  const list = useQuery({ queryKey: ['firmware', 'list', query], queryFn: () => callApi(firmwarePageList, query), placeholderData: keepPreviousData, refetchInterval: 10_000 });
  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: ['firmware'] }));
  const [uploading, setUploading] = useState(false);
  const [gray, setGray] = useState<Firmware | null>(null);
  const [upgrades, setUpgrades] = useState<Firmware | null>(null);

  const confirm = (title: string, okText: string, danger: boolean, call: () => Promise<unknown>, done: string) =>
    feedback.modal.confirm({ title, okText, cancelText: t('releases.action.cancel'), okButtonProps: { danger }, onOk: () => run(call, done) });
  const move = (row: Firmware, status: FirmwareState) => () => callApi(firmwareUpdate, { id: row.id, status, confirm: status === 'full' });

  const columns: TableColumnsType<Firmware> = [
    { title: t('firmware.field.deviceType'), dataIndex: 'model' },
    { title: t('releases.field.version'), dataIndex: 'version' },
    { title: t('releases.field.file'), dataIndex: 'fileName', ellipsis: true },
    { title: 'MD5', dataIndex: 'md5', render: (value: string) => <code>{value}</code> },
    {
      title: t('releases.field.status'),
      dataIndex: 'status',
      render: (value: FirmwareState, row) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATE_COLOR[value]}>{t(`firmware.state.${value}`)}</Tag>
          {row.haltedAt !== null && <Tag color="red">{t('firmware.halted')}</Tag>}
        </Space>
      ),
    },
    { title: t('firmware.field.gray'), dataIndex: 'grayCount' },
    { title: t('firmware.field.upgraded'), dataIndex: 'upgradedCount' },
    { title: t('firmware.field.failed'), dataIndex: 'failedCount' },
    { title: t('firmware.field.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('releases.field.uploadedAt'), dataIndex: 'createdAt', render: (value: number) => formatDateTime(value, i18n.language) },
    {
      title: t('releases.field.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space wrap size={4}>
          {(row.status === 'unpublished' || row.status === 'grayscale') && <Button size="small" onClick={() => setGray(row)}>{`${t('firmware.action.grayDevices')} (${row.grayCount})`}</Button>}
          {row.haltedAt !== null && (
            <Button size="small" type="primary" onClick={() => void run(() => callApi(firmwareResume, { id: row.id }), t('firmware.message.resumed'))}>
              {t('firmware.action.resume')}
            </Button>
          )}
          {row.status === 'unpublished' && (
            <Button size="small" onClick={() => confirm(t('firmware.confirm.gray', { version: row.version, count: row.grayCount }), t('firmware.action.gray'), false, move(row, 'grayscale'), t('releases.message.published'))}>
              {t('firmware.action.gray')}
            </Button>
          )}
          {(row.status === 'unpublished' || row.status === 'grayscale') && (
            <Button size="small" type="primary" onClick={() => confirm(t('firmware.confirm.full', { version: row.version, model: row.model }), t('firmware.action.full'), true, move(row, 'full'), t('releases.message.published'))}>
              {t('firmware.action.full')}
            </Button>
          )}
          {(row.status === 'grayscale' || row.status === 'full') && (
            <>
              <Button size="small" onClick={() => setUpgrades(row)}>{t('firmware.action.upgrades')}</Button>
              <Button size="small" danger onClick={() => confirm(t('firmware.confirm.remove', { version: row.version }), t('firmware.action.remove'), true, move(row, 'removed'), t('releases.message.removed'))}>
                {t('firmware.action.remove')}
              </Button>
            </>
          )}
          {(row.status === 'unpublished' || row.status === 'removed') && (
            <Button size="small" danger type="text" onClick={() => confirm(t('firmware.confirm.delete', { version: row.version }), t('firmware.action.delete'), true, () => callApi(firmwareDelete, { id: row.id }), t('releases.message.deleted'))}>
              {t('firmware.action.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('firmware.title')} extra={<Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>{t('firmware.upload')}</Button>}>
      {feedback.holder}
      <PagedTable<Firmware>
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={TABLE_MIN_WIDTH}
        emptyText={t('firmware.empty')}
        totalText={(total) => t('releases.app.total', { total })}
      />
      <UploadFirmwareDialog open={uploading} feedback={feedback} onClose={() => setUploading(false)} />
      <GrayDevicesDialog firmware={gray} feedback={feedback} onClose={() => setGray(null)} />
      <UpgradesDialog firmware={upgrades} onClose={() => setUpgrades(null)} />
    </Card>
  );
}
