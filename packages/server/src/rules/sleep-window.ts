/**
 * The resident's sleep schedule as the left-bed rules read it (spec 02 §3 "normal sleep schedule",
 * §9; docs/alarms.md "Sleep schedule"): bed time and wake time on the care home's clock.
 */
export interface SleepWindow {
  /** HH:mm. */
  bedTime: string;
  /** HH:mm. */
  wakeTime: string;
  /** IANA zone of the care home (its own, else the platform's). */
  timeZone: string;
}

const MINUTE = 60_000;
/** Offsets are read again after this long: zone changes (daylight saving) fall on whole quarter hours. */
const OFFSET_BUCKET_MS = 15 * MINUTE;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, { bucket: number; offset: number }>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at the instant, ms; one Intl call per zone and quarter hour (rules read it per sample). */
function offsetAt(instant: number, timeZone: string): number {
  const bucket = Math.floor(instant / OFFSET_BUCKET_MS);
  const cached = offsets.get(timeZone);
  if (cached && cached.bucket === bucket) return cached.offset;
  const at = bucket * OFFSET_BUCKET_MS;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const offset = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - at;
  offsets.set(timeZone, { bucket, offset });
  return offset;
}

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Minutes since local midnight of the instant in the zone. */
export function localMinuteOfDay(instant: number, timeZone: string): number {
  const local = instant + offsetAt(instant, timeZone);
  return Math.floor(local / MINUTE) % 1440;
}

/**
 * Whether the instant lies inside the sleep schedule: from bed time (included) to wake time
 * (excluded), across midnight when bed time is the later clock time. Equal times mean all day.
 * An unknown zone reads as UTC rather than failing the alarm path.
 */
export function withinSleepWindow(instant: number, window: SleepWindow): boolean {
  const bed = minutesOf(window.bedTime);
  const wake = minutesOf(window.wakeTime);
  if (bed === wake) return true;
  let minute: number;
  try {
    minute = localMinuteOfDay(instant, window.timeZone);
  } catch {
    minute = localMinuteOfDay(instant, 'UTC');
  }
  return bed < wake ? minute >= bed && minute < wake : minute >= bed || minute < wake;
}
