import { useTranslation } from 'react-i18next';
import { SummaryCards } from '../care-shared/SummaryCards.tsx';
import { useBedSummary } from './addressesApi.ts';
import { ADDRESSES_NS } from './i18n.ts';

/** Bed counts of the provider: total, occupied, vacant, with a device. */
export function BedSummaryCards() {
  const { t } = useTranslation(ADDRESSES_NS);
  const summary = useBedSummary();
  const data = summary.data;
  return (
    <SummaryCards
      label={t('addresses.summary.label')}
      loading={summary.isLoading}
      items={[
        { key: 'total', label: t('addresses.summary.total'), value: data?.total },
        // What "occupied" counts: any resident linked, not only admitted ones as in the statistics (issue 25 item 12).
        { key: 'occupied', label: t('addresses.summary.occupied'), value: data?.occupied, color: '#0f7b8a', hint: t('addresses.summary.occupiedHint') },
        { key: 'vacant', label: t('addresses.summary.vacant'), value: data?.vacant, color: '#237804' },
        { key: 'withDevice', label: t('addresses.summary.withDevice'), value: data?.withDevice, color: '#1d39c4', hint: t('addresses.summary.withDeviceHint') },
      ]}
    />
  );
}
