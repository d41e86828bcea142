import { useTranslation } from 'react-i18next';
import { SummaryCards } from '../care-shared/SummaryCards.tsx';
import { useResidentSummary } from './residentsApi.ts';
import { RESIDENTS_NS } from './i18n.ts';

/** Resident counts: total, per state, under attention. */
export function ResidentSummaryCards() {
  const { t } = useTranslation(RESIDENTS_NS);
  const summary = useResidentSummary();
  const data = summary.data;
  return (
    <SummaryCards
      label={t('residents.summary.label')}
      loading={summary.isLoading}
      items={[
        { key: 'total', label: t('residents.summary.total'), value: data?.total, hint: t('residents.summary.totalHint') },
        { key: 'admitted', label: t('residents.state.admitted'), value: data?.admitted, color: '#237804' },
        { key: 'notAdmitted', label: t('residents.state.notAdmitted'), value: data?.notAdmitted, color: '#595959' },
        { key: 'checkedOut', label: t('residents.state.checkedOut'), value: data?.checkedOut, color: '#ad4e00' },
        { key: 'deregistered', label: t('residents.state.deregistered'), value: data?.deregistered, color: '#cf1322' },
        { key: 'attention', label: t('residents.summary.attention'), value: data?.attention, color: '#8f5600' },
      ]}
    />
  );
}
