import type { OutputOf, appUpdateCheck } from '@vigil/contracts';

/** Where a hidden (non-forced) prompt is remembered: version id → hidden until (epoch ms). */
const HIDDEN_KEY = 'vigil-app-update-hidden';

export type UpdateAnswer = OutputOf<typeof appUpdateCheck>;

export function appPlatform(userAgent: string): 'android' | 'ios' {
  return /iPhone|iPad|iPod/i.test(userAgent) ? 'ios' : 'android';
}

function hiddenMap(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Whether the prompt for this answer shows now: forced always, else unless hidden in the last 7 days. */
export function shouldPrompt(answer: UpdateAnswer, now: number): boolean {
  if (!answer.hasUpdate || !answer.latest) return false;
  if (answer.force) return true;
  const until = hiddenMap()[String(answer.latest.id)];
  return until === undefined || until <= now;
}

/** Hides a non-forced prompt for the answer's hide period (7 days). */
export function hidePrompt(answer: UpdateAnswer, now: number): void {
  if (!answer.latest || answer.force) return;
  const map = hiddenMap();
  map[String(answer.latest.id)] = now + answer.promptHideMs;
  localStorage.setItem(HIDDEN_KEY, JSON.stringify(map));
}

/** Loads the newest H5: asks the service worker to update, then reloads the page. */
export async function reloadIntoUpdate(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration('/app/');
    await registration?.update();
  } catch {
    // Reload anyway.
  }
  window.location.reload();
}
