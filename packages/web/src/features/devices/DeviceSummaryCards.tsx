import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SummaryCards, type SummaryItem } from '../care-shared/SummaryCards.tsx';
import { useDeviceSummary, type DeviceSummaryQuery } from './devicesApi.ts';
import { DEVICES_NS } from './i18n.ts';

/** Device counts (total, online, offline, bound, unbound; vendor roles also in stock) under the type filter. */
export function DeviceSummaryCards({ query, vendor }: { query: DeviceSummaryQuery; vendor: boolean }) {
  const { t } = useTranslation(DEVICES_NS);
  const { token } = theme.useToken();
  const summary = useDeviceSummary(query);
  const data = summary.data;
  const items: SummaryItem[] = [
    { key: 'total', label: t('devices.summary.total'), value: data?.total },
    { key: 'online', label: t('devices.summary.online'), value: data?.online, color: token.colorSuccessText },
    { key: 'offline', label: t('devices.summary.offline'), value: data?.offline },
    { key: 'bound', label: t('devices.summary.bound'), value: data?.bound },
    { key: 'unbound', label: t('devices.summary.unbound'), value: data?.unbound },
    ...(vendor ? [{ key: 'inStock', label: t('devices.summary.inStock'), value: data?.inStock }] : []),
  ];
  return <SummaryCards label={t('devices.summary.label')} items={items} loading={summary.isLoading} />;
}
