import { SLEEP_MONITOR_DEFAULTS, SleepScheduleSchema } from '@vigil/contracts';
import type { SleepWindow } from '../../rules/sleep-window.ts';
import type { AlarmPlaceRepository } from './alarm-place.repository.ts';

const WINDOW_CACHE_MS = 30_000;
const WINDOW_CACHE_MAX = 20_000;

function scheduleOf(settingsJson: string | null | undefined) {
  let stored: unknown = null;
  try {
    stored = settingsJson ? JSON.parse(settingsJson) : null;
  } catch {
    stored = null;
  }
  const value = typeof stored === 'object' && stored !== null ? Reflect.get(stored, 'sleepSchedule') : undefined;
  const parsed = SleepScheduleSchema.safeParse(value);
  return parsed.success ? parsed.data : SLEEP_MONITOR_DEFAULTS.sleepSchedule;
}

/**
 * The sleep schedule a sleep monitor's left-bed rules follow: the monitor's own setting (spec 02 §3,
 * default 21:00–07:00) on the care home's clock (its time zone, else the platform's). Cached per
 * device for 30 s, like the resident's settings; a changed schedule applies within that.
 */
export function sleepWindows(repository: Pick<AlarmPlaceRepository, 'findScheduleSource'>, platformTimeZone: () => Promise<string>, now: () => number) {
  const cache = new Map<string, { value: SleepWindow; at: number }>();
  return {
    async of(providerId: number, deviceId: string): Promise<SleepWindow> {
      const cached = cache.get(deviceId);
      if (cached && now() - cached.at < WINDOW_CACHE_MS) return cached.value;
      const row = await repository.findScheduleSource(providerId, deviceId);
      const schedule = scheduleOf(row?.settings);
      const value: SleepWindow = { ...schedule, timeZone: row?.time_zone ?? (await platformTimeZone()) };
      if (cache.size >= WINDOW_CACHE_MAX) cache.clear();
      cache.set(deviceId, { value, at: now() });
      return value;
    },
  };
}
export type SleepWindows = ReturnType<typeof sleepWindows>;
