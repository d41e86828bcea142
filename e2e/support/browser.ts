import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'Demo#2026care';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Launches Debian's Chromium headless, with the flags this network needs (and any a spec adds). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A fresh browser context at the given width: no cookies or storage, unless `storageState` is given. */
export async function newContext(browser: Browser, baseURL: string, width = 1440, storageState?: StorageState): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width, height: width < 800 ? 844 : 900 }, locale: 'en-US', storageState });
}
const signedIn = new Map<string, Promise<StorageState>>();

/**
 * A context already signed in as `userName`: the first call per browser, server and user signs
 * in through the login page and keeps the storage it leaves (the session in localStorage); later
 * calls start from that storage, so a spec visiting many screens signs in once per account.
 */
export async function signedInContext(browser: Browser, baseURL: string, userName: string, width = 1440): Promise<BrowserContext> {
  const key = `${baseURL} ${userName}`;
  let state = signedIn.get(key);
  if (!state) {
    state = (async () => {
      const context = await newContext(browser, baseURL, width);
      try {
        const page = await context.newPage();
        await login(page, userName);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    signedIn.set(key, state);
    state.catch(() => signedIn.delete(key));
  }
  return newContext(browser, baseURL, width, await state);
}

const signedInPages = new WeakMap<Browser, Map<string, Promise<Page>>>();

/**
 * A page signed in as `userName` at `width`, one per browser, server, user and width, kept open
 * for the calls after: a spec visiting many screens calls it for each visit and opens the screen
 * with `page.goto`, so every screen still starts from its address in a new document (the console
 * starts afresh, as when a nurse opens a link), while the context, its cache and the renderer
 * are made once instead of once a visit: about a second of CPU less per visit. Do not close
 * the page; closing the browser does. Tests that need a context of their own (logging in
 * through the page, storage of their own) use `newContext` or `signedInContext`.
 */
export async function signedInPage(browser: Browser, baseURL: string, userName: string, width = 1440): Promise<Page> {
  let pages = signedInPages.get(browser);
  if (!pages) signedInPages.set(browser, (pages = new Map()));
  const key = `${baseURL} ${userName} ${width}`;
  const open = pages.get(key);
  if (open) {
    const page = await open.catch(() => null);
    if (page && !page.isClosed()) return page;
  }
  const opening = signedInContext(browser, baseURL, userName, width).then((context) => context.newPage());
  pages.set(key, opening);
  opening.catch(() => pages.delete(key));
  return opening;
}

/** Signs in through the login page and waits to leave it. */
export async function login(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/account/i).first().fill(userName);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/** Saves a full-page screenshot under e2e/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
