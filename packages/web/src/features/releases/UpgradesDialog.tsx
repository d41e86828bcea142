import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Progress, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { firmwareUpgradeList, type FIRMWARE_UPGRADE_STATES, type Firmware } from '@vigil/contracts';

type UpgradeState = (typeof FIRMWARE_UPGRADE_STATES)[number];
import { callApi } from '../../api/client.ts';
import { RELEASES_NS } from './i18n.ts';

const STATE_COLOR: Record<UpgradeState, string> = { pending: 'default', downloading: 'blue', installing: 'blue', done: 'green', failed: 'red' };
const REFRESH_MS = 5000;

/** Each target device's upgrade state for a released package, refreshed while open. */
export function UpgradesDialog({ firmware, onClose }: { firmware: Firmware | null; onClose: () => void }) {
  const { t } = useTranslation(RELEASES_NS);
  const list = useQuery({
    queryKey: ['firmware', 'upgrades', firmware?.id],
    queryFn: () => (firmware ? callApi(firmwareUpgradeList, { firmwareId: firmware.id }) : Promise.resolve([])),
    enabled: firmware !== null,
    refetchInterval: REFRESH_MS,
  });
  return (
    <Modal open={firmware !== null} width={760} title={firmware ? `${t('firmware.action.upgrades')} · ${firmware.model} ${firmware.version}` : ''} onCancel={onClose} footer={<Button onClick={onClose}>{t('releases.action.close')}</Button>} destroyOnHidden>
      <Table
        rowKey="deviceId"
        size="small"
        scroll={{ x: 600 }}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('firmware.upgrades.empty') }}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: 'ID', dataIndex: 'deviceId' },
          { title: t('firmware.field.reported'), dataIndex: 'firmwareVersion', render: (value: string | null) => value ?? '—' },
          { title: t('releases.field.status'), dataIndex: 'state', render: (value: UpgradeState) => <Tag color={STATE_COLOR[value]}>{t(`firmware.upgrade.${value}`)}</Tag> },
          { title: t('firmware.field.progress'), dataIndex: 'progress', render: (value: number) => <Progress percent={value} size="small" style={{ minWidth: 100 }} /> },
          { title: t('firmware.field.reason'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
