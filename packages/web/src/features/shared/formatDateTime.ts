import { DEFAULT_LANGUAGE, LANGUAGES } from '@vigil/contracts';
import dayjs from 'dayjs';
import { dateTimeFormat } from '../../i18n/time-format.ts';
import { displayTimeZone } from './timeZone.ts';

/**
 * Formats epoch milliseconds for tables in the shell's date-time format (12-hour in
 * English, spec 01 §1), in the platform's time zone unless another is given.
 */
export function formatDateTime(epochMs: number, language: string, zone: string = displayTimeZone()): string {
  const known = LANGUAGES.find((candidate) => candidate === language) ?? DEFAULT_LANGUAGE;
  return dayjs(epochMs).tz(zone).format(dateTimeFormat(known));
}
