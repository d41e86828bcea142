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

/** Where "Update now" can take this app: a newer web app (reload), the package or store page, or nowhere yet. */
export type UpdateRoute = { kind: 'reload' } | { kind: 'open'; url: string } | { kind: 'none' };

/**
 * Where "Update now" goes. Reloading helps only when the server serves a newer web app than
 * the one running; a version that is a new app package is installed from its store page or
 * package; otherwise there is nothing to load yet, and reloading would bring the same prompt
 * back (issue 25 item 7).
 */
export function updateRoute(answer: UpdateAnswer, newWebAppServed: boolean): UpdateRoute {
  if (newWebAppServed) return { kind: 'reload' };
  const url = answer.latest?.storeUrl || answer.latest?.file?.url || '';
  return url ? { kind: 'open', url } : { kind: 'none' };
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

function scriptSources(html: string): string {
  return [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((match) => match[1]).sort().join('\n');
}

/**
 * Whether the server now serves a different H5 than the one running (its page names other
 * hashed scripts). A forced update reloads only then, so a forced version whose H5 is not
 * deployed yet keeps its prompt up instead of reloading in a loop.
 */
export async function newH5Deployed(): Promise<boolean> {
  try {
    const response = await fetch('/app/', { cache: 'no-store' });
    if (!response.ok) return false;
    const served = scriptSources(await response.text());
    const running = [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? '').sort().join('\n');
    return served !== '' && served !== running;
  } catch {
    return false;
  }
}
