import type { Language } from '@vigil/contracts';

/** dayjs time format: 12-hour in English, 24-hour otherwise (spec 01 §1). */
export function timeFormat(language: Language): string {
  return language === 'en-us' ? 'h:mm:ss A' : 'HH:mm:ss';
}

/** dayjs date format shown beside the clock. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** dayjs date-and-time format for tables and details. */
export function dateTimeFormat(language: Language): string {
  return `${DATE_FORMAT} ${timeFormat(language)}`;
}
