import { VERSION_DETAIL_CLICKS, VERSION_DETAIL_WINDOW_MS } from '@vigil/contracts';

/**
 * Counts clicks on the version label: true when this click completes ten within
 * 8 seconds (then the count starts over). Returns the next click times too.
 */
export function registerClick(times: readonly number[], now: number): { toggle: boolean; times: number[] } {
  const recent = [...times.filter((time) => now - time < VERSION_DETAIL_WINDOW_MS), now];
  if (recent.length >= VERSION_DETAIL_CLICKS) return { toggle: true, times: [] };
  return { toggle: false, times: recent };
}
