import { DEFAULT_LANGUAGE, LANGUAGES } from '@vigil/contracts';
import dayjs from 'dayjs';
import { dateTimeFormat } from '../../i18n/time-format.ts';

/** Formats epoch milliseconds for tables in the shell's date-time format (12-hour in English, spec 01 §1). */
export function formatDateTime(epochMs: number, language: string): string {
  const known = LANGUAGES.find((candidate) => candidate === language) ?? DEFAULT_LANGUAGE;
  return dayjs(epochMs).format(dateTimeFormat(known));
}
