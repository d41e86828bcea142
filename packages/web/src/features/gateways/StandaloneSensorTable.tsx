import { useQuery } from '@tanstack/react-query';
import { getDeviceList, type Device } from '@vigil/contracts';
import { Alert, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { GATEWAYS_KEY } from './gatewaysApi.ts';
import { GATEWAYS_NS } from './i18n.ts';
import { OnlineTag } from './OnlineTag.tsx';

const PAGE_SIZE = 10;

/**
 * The stand-alone NB-IoT sensors of the care home (spec 02 §3: SOS, water, door, smoke, gas, CO,
 * motion that report through the carrier's platform, not a gateway): beside the gateway sub-devices
 * on the security screen. The vendor roles sync them with the carrier on the main device screen.
 */
export function StandaloneSensorTable({ keyWord }: { keyWord?: string }) {
  const { t, i18n } = useTranslation(GATEWAYS_NS);
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery({
    queryKey: [...GATEWAYS_KEY, 'standalone', pageNum, keyWord ?? ''],
    queryFn: () => callApi(getDeviceList, { screen: 'safeDeviceManage', hosted: false, pageNum, pageSize: PAGE_SIZE, ...(keyWord ? { keyWord } : {}) }),
  });
  const columns: TableColumnsType<Device> = [
    { title: t('gateways.column.deviceId'), dataIndex: 'deviceId' },
    { title: t('gateways.column.model'), dataIndex: 'model' },
    { title: t('gateways.column.location'), render: (_, row) => row.location || '—' },
    { title: t('gateways.column.status'), render: (_, row) => <OnlineTag online={row.online} /> },
    { title: t('gateways.column.signal'), render: (_, row) => (row.signal === null ? '—' : row.signal) },
    { title: t('gateways.column.battery'), render: (_, row) => (row.battery === null ? '—' : `${row.battery}%`) },
    { title: t('gateways.column.lastSeen'), render: (_, row) => (row.lastSeenAt === null ? '—' : formatDateTime(row.lastSeenAt, i18n.language)) },
  ];
  return (
    <section aria-labelledby="standalone-sensors-title" style={{ marginTop: 24 }}>
      <h2 id="standalone-sensors-title" style={{ fontSize: 16 }}>{t('gateways.security.standaloneTitle')}</h2>
      {list.isError && <Alert type="error" showIcon message={errorText(list.error)} />}
      <Table<Device>
        rowKey="id" size="small" columns={columns} dataSource={list.data?.rows ?? []} loading={list.isFetching} tableLayout="auto" scroll={{ x: 800 }}
        locale={{ emptyText: t('gateways.security.standaloneEmpty') }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
      />
    </section>
  );
}
