import type { SubDevice } from '@vigil/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../shared/RowActions.tsx';
import { GATEWAYS_NS } from './i18n.ts';
import { OnlineTag } from './OnlineTag.tsx';
import type { GatewayActions } from './useGatewayActions.ts';

export type SubDeviceRow = SubDevice & { hostId: string };

export interface SubDeviceTableProps {
  rows: readonly SubDeviceRow[];
  actions: GatewayActions;
  onInstall: (sub: SubDeviceRow) => void;
  onReplace: (sub: SubDeviceRow) => void;
  showHost: boolean;
  emptyText: string;
  loading?: boolean;
}

/** Sub-devices with their pairing, test and radio state, and their actions. */
export function SubDeviceTable({ rows, actions, onInstall, onReplace, showHost, emptyText, loading }: SubDeviceTableProps) {
  const { t } = useTranslation(GATEWAYS_NS);
  const columns: TableColumnsType<SubDeviceRow> = [
    { title: t('gateways.column.deviceId'), dataIndex: 'deviceId' },
    { title: t('gateways.column.model'), dataIndex: 'model' },
    ...(showHost ? [{ title: t('gateways.column.host'), dataIndex: 'hostId' }] : []),
    { title: t('gateways.column.location'), dataIndex: 'location', render: (value: string) => value || '—' },
    { title: t('gateways.column.pairing'), render: (_, row) => <Tag color={row.pairing === 'paired' ? 'green' : 'default'}>{t(`gateways.pairing.${row.pairing}`)}</Tag> },
    { title: t('gateways.column.tested'), render: (_, row) => (row.pairing === 'paired' ? <Tag color={row.tested ? 'green' : 'gold'}>{t(row.tested ? 'gateways.tested.yes' : 'gateways.tested.no')}</Tag> : '—') },
    { title: t('gateways.column.status'), render: (_, row) => <OnlineTag online={row.online} /> },
    // Spec 02 §4: door open or closed, motion occupied or unoccupied, as last reported.
    { title: t('gateways.column.sensorState'), render: (_, row) => (row.sensorState === null ? '—' : <Tag color={row.sensorState === 'open' || row.sensorState === 'occupied' ? 'gold' : 'default'}>{t(`gateways.sensor.${row.sensorState}`)}</Tag>) },
    { title: t('gateways.column.signal'), render: (_, row) => (row.signal === null ? '—' : row.signal) },
    { title: t('gateways.column.battery'), render: (_, row) => (row.battery === null ? '—' : `${row.battery}%`) },
    // Spec 02 §3: a sub-device's power status and hardware version.
    { title: t('gateways.column.power'), render: (_, row) => (row.power === null ? '—' : <Tag color={row.power ? 'green' : 'orange'}>{t(row.power ? 'gateways.power.connected' : 'gateways.power.disconnected')}</Tag>) },
    { title: t('gateways.column.hardwareVersion'), render: (_, row) => row.hardwareVersion ?? '—' },
    {
      title: t('gateways.column.actions'), key: 'actions',
      render: (_, row) => (
        <RowActions
          moreLabel={t('gateways.common.more')}
          actions={[row.pairing === 'paired'
            ? { key: 'install', label: t('gateways.action.installWizard'), onClick: () => onInstall(row) }
            : { key: 'pair', label: t('gateways.action.pair'), onClick: () => void actions.pair(row) }]}
          more={[
            ...(row.pairing === 'paired' ? [{ key: 'unpair', label: t('gateways.action.unpair'), onClick: () => void actions.unpair(row) }] : [{ key: 'install', label: t('gateways.action.installWizard'), onClick: () => onInstall(row) }]),
            { key: 'replace', label: t('gateways.action.replace'), onClick: () => onReplace(row) },
            { key: 'delete', label: t('gateways.common.delete'), danger: true, onClick: () => void actions.remove(row) },
          ]}
        />
      ),
    },
  ];
  return (
    <Table<SubDeviceRow>
      rowKey="id" size="small" columns={columns} dataSource={[...rows]} pagination={false} tableLayout="auto" scroll={{ x: 1100 }} loading={loading}
      locale={{ emptyText }}
    />
  );
}
