import type { Locator, Page } from 'playwright-core';

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

/**
 * Polls until `read()` answers a value `accept` likes, and answers it; fails with the last
 * value seen after the timeout. For state a user would wait to see (a list that refetches after
 * an action): never assert on one snapshot taken right after the action.
 */
export async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (error) {
      // The element may be re-rendering (detached); read it again.
      lastError = error;
    }
    if (Date.now() > deadline) {
      const seen = last === undefined ? `nothing (${lastError instanceof Error ? lastError.message : String(lastError)})` : JSON.stringify(last);
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until the element's text matches (or, with `not`, stops matching) and answers that text. */
export async function expectText(locator: Locator, pattern: RegExp, options: { not?: boolean; timeoutMs?: number } = {}): Promise<string> {
  const wanted = options.not ? `text not matching ${pattern}` : `text matching ${pattern}`;
  return waitFor(
    () => locator.innerText({ timeout: POLL_MS * 5 }),
    (text) => pattern.test(text) !== Boolean(options.not),
    `${wanted} in ${locator}`,
    options.timeoutMs,
  );
}

/** Waits until the locator matches exactly `count` elements. */
export async function expectCount(locator: Locator, count: number, timeoutMs?: number): Promise<void> {
  await waitFor(() => locator.count(), (seen) => seen === count, `${count} of ${locator}`, timeoutMs);
}

/**
 * Waits (at most 5 s) until no CSS transition or animation runs: a dialog still zooming in
 * moves its buttons, and a click on a loaded machine can land beside them (on the mask).
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5000 })
    .catch(() => undefined);
}
