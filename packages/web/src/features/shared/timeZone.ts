import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useSyncExternalStore } from 'react';

dayjs.extend(utc);
dayjs.extend(timezone);

/** True when the runtime knows the IANA zone (Intl refuses unknown ones). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// The platform's zone (spec 01 §1 and §3) once the server has said it; the browser's until then.
let displayZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const listeners = new Set<() => void>();

/** Shows every console time in this zone from now on; unknown zones are ignored. */
export function setDisplayTimeZone(zone: string): void {
  if (zone === displayZone || !isKnownTimeZone(zone)) return;
  displayZone = zone;
  for (const listener of listeners) listener();
}

/** The zone console times are shown in. */
export function displayTimeZone(): string {
  return displayZone;
}

/** A moment (epoch milliseconds, default now) in the platform's zone. */
export function inDisplayZone(moment: number = Date.now()): Dayjs {
  return dayjs(moment).tz(displayZone);
}

/** The display zone, re-rendering when the platform's setting arrives or changes. */
export function useDisplayTimeZone(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => displayZone,
    () => displayZone,
  );
}
