import type { TFunction } from 'i18next';

/** "3 floors · 30 rooms · 60 beds, 57 occupied": each part pluralized by i18next, absent parts left out. */
export function countsText(t: TFunction<'addresses'>, counts: { floors?: number; rooms: number; beds: number; occupied?: number }): string {
  const parts = [
    counts.floors === undefined ? null : t('addresses.count.floor', { count: counts.floors }),
    t('addresses.count.room', { count: counts.rooms }),
    t('addresses.count.bed', { count: counts.beds }),
  ].filter((part) => part !== null);
  const text = parts.join(' · ');
  return counts.occupied === undefined ? text : `${text} · ${t('addresses.count.occupied', { count: counts.occupied })}`;
}
