import dayjs from 'dayjs';
import { displayTimeZone, inDisplayZone } from '../../shared/timeZone.ts';

/** The text a datetime-local input holds ("YYYY-MM-DDTHH:mm"), for a moment in the platform's zone. */
export function toLocalInput(epochMs: number): string {
  return inDisplayZone(epochMs).format('YYYY-MM-DDTHH:mm');
}

/** The moment a datetime-local text means in the platform's zone, or null when it is not a time. */
export function fromLocalInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const moment = dayjs.tz(text, 'YYYY-MM-DDTHH:mm', displayTimeZone());
  return moment.isValid() ? moment.valueOf() : null;
}
