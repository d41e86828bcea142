/**
 * npm run bench:app — the caregiver and installer app (docs/app.md): first-load size and audits.
 *
 * 1. First load: the gzip size of the JavaScript the app's page loads before any tap (the
 *    entry chunk and its static imports, from the Vite manifest), against the 250 KB budget;
 *    the chunks loaded later (a language, the QR decoder, the password encryption) apart.
 * 2. Starts the demo server and Chromium (Debian's, no download) and prints, per screen,
 *    Lighthouse's accessibility, best-practices and performance scores (mobile preset), and
 *    whether Chromium finds the app installable (CDP Page.getInstallabilityErrors). Lighthouse 12
 *    no longer has a PWA category, so installability is asked of Chromium itself.
 *    --no-build skips the build; --size-only skips 2.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { login } from '@vigil/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, DEMO_PASSWORD } from '../support/browser.ts';
import { startVigil } from '../support/vigil.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP_DIST = path.join(ROOT, 'packages/app/dist');
const BUDGET_KB = 250;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(APP_DIST, file)), { level: 9 }).length / 1024;

function firstLoad(): { firstKb: number; files: string[]; lazy: Array<[string, number]> } {
  const manifest = JSON.parse(fs.readFileSync(path.join(APP_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('no entry in the app manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entry[0]);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => !seen.has(key) && chunk.file.endsWith('.js'))
    .map(([, chunk]): [string, number] => [chunk.file, gzipKb(chunk.file)]);
  return { firstKb: files.reduce((sum, file) => sum + gzipKb(file), 0), files, lazy };
}

async function appToken(baseUrl: string, userName: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api${login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'APP', rsa: false }),
  });
  const body = (await response.json()) as { status: number; msg: string; data: { token: string; key: string; role: string; userName: string; nickName: string; providerName: string | null } };
  if (body.status !== 200) throw new Error(`login ${userName}: ${body.status} ${body.msg}`);
  const { token, key, role, nickName, providerName } = body.data;
  return { token, socketKey: key, role, userName, nickName, providerName };
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  const size = firstLoad();
  console.log(`first load: ${size.firstKb.toFixed(1)} KB gzip JavaScript (${size.files.join(', ')}); budget ${BUDGET_KB} KB: ${size.firstKb <= BUDGET_KB ? 'within' : 'OVER'}`);
  for (const [file, kb] of size.lazy) console.log(`  loaded later: ${file} ${kb.toFixed(1)} KB gzip`);
  if (process.argv.includes('--size-only')) return;

  const vigil = await startVigil();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());

    // Installability, as Chromium judges it (manifest, icons, service worker, start URL).
    await page.goto(`${vigil.baseUrl}/app/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    console.log(`installable (Chromium): ${installabilityErrors.length === 0 ? 'yes' : `no (${installabilityErrors.map((error) => error.errorId).join(', ')})`}`);
    await session.detach();

    const screens: Array<[string, string | null]> = [
      ['login', null],
      ['caregiver alarms', '44770090500'],
      ['installer scan', 'demomaintain'],
    ];
    for (const [name, userName] of screens) {
      const stored = userName ? JSON.stringify(await appToken(vigil.baseUrl, userName)) : null;
      await page.goto(`${vigil.baseUrl}/app/offline.html`);
      await page.evaluate((value) => (value ? localStorage.setItem('vigil-app-session', value) : localStorage.removeItem('vigil-app-session')), stored);
      const runner = await lighthouse(`${vigil.baseUrl}/app/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'best-practices', 'performance'],
        disableStorageReset: true,
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 360, height: 780, deviceScaleFactor: 2, disabled: false },
      });
      if (!runner) throw new Error(`lighthouse gave no result for ${name}`);
      const score = (id: string) => Math.round((runner.lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(runner.lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && runner.lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
      console.log(`${name.padEnd(18)} accessibility ${String(score('accessibility')).padStart(3)}  best practices ${String(score('best-practices')).padStart(3)}  performance ${String(score('performance')).padStart(3)}${failing.length ? `  (accessibility audits below 100: ${failing.map((audit) => audit.id).join(', ')})` : ''}`);
    }
    await cdp.close();
  } finally {
    await chrome.kill();
    await vigil.stop();
  }
}

await main();
