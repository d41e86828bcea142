/**
 * npm run bench:console — how fast the console loads, as shipped vs. as a raw build.
 *
 * Builds the console (skip with --no-build), starts the demo server on a free port, and
 * beside it a plain static server that sends the same build uncompressed and without
 * cache headers (proxying /api to the demo). Lighthouse (desktop preset) then loads the
 * login page and, signed in as demotwoa, the resident list from both, printing the
 * performance score, load metrics and transferred JavaScript bytes of the median of
 * BENCH_RUNS (5) loads, the two servers taking turns, with every load's score beside it.
 *
 * Then, since one Lighthouse score swings by 10–20 points here, the resident list is loaded
 * BENCH_LOADS (8) more times from each server in plain Chromium (no throttling, fresh context,
 * signed in), the servers taking turns, and the medians of what Chromium itself counts are shown:
 * when the first table row is in the page, and the main thread's task, script and style+layout
 * time up to then (CDP Performance.getMetrics).
 *
 * BENCH_BASELINE_DIST=<another build's dist> adds a third server: a second demo server shipping
 * that build, so a change to the console is measured against the build before it in the same run.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { login } from '@vigil/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, DEMO_PASSWORD } from '../support/browser.ts';
import { WEB_DIST } from '../support/bundle-graph.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RESIDENT_LIST = '/people-manage/userManage';
/** Loads of each page from each server; the median is shown (BENCH_RUNS=1 for a quick look). */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length']);
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.json': 'application/json' };

/** The build as a naive server would send it: plain files, no compression, no Cache-Control, /api proxied. */
async function startRawServer(dist: string, apiBase: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://raw');
    if (url.pathname.startsWith('/api/')) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(Buffer.from(chunk));
      const headers = new Headers();
      // Hop-by-hop headers stay behind (fetch refuses a forwarded `connection: keep-alive`).
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && !HOP_BY_HOP.has(name)) headers.set(name, value);
      const upstream = await fetch(apiBase + url.pathname + url.search, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    const file = path.join(dist, path.normalize(url.pathname));
    const target = file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dist, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    response.end(fs.readFileSync(target));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Signs in through the API (plain password, as the test harness does) and answers the session token. */
async function signIn(baseUrl: string, userName: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api${login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false }),
  });
  const body: { status: number; data: { token: string }; msg: string } = await response.json();
  if (body.status !== 200) throw new Error(`login ${userName}: ${body.status} ${body.msg}`);
  return body.data.token;
}

/** Loads of the resident list per server for the main-thread figures. */
const LOADS = Number(process.env.BENCH_LOADS ?? 8);

interface LoadTimes {
  tableShown: number;
  tasks: number;
  script: number;
  styleLayout: number;
}

/** One fresh, signed-in load of the resident list: when its first row appeared, and the main thread's work up to the quiet network after. */
async function loadTimes(cdp: Browser, baseUrl: string, token: string): Promise<LoadTimes> {
  const context = await cdp.newContext();
  try {
    await context.addCookies([{ name: 'Admin-Token', value: token, url: baseUrl }]);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Performance.enable');
    await page.addInitScript(
      `new MutationObserver(() => { if (!window.__firstRow && document.querySelector('td.ant-table-cell')) window.__firstRow = performance.now(); }).observe(document, { childList: true, subtree: true });`,
    );
    await page.goto(baseUrl + RESIDENT_LIST);
    await page.locator('td.ant-table-cell').first().waitFor();
    await page.waitForLoadState('networkidle');
    const { metrics } = await session.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((item) => item.name === name)?.value ?? NaN) * 1000;
    return {
      tableShown: Number(await page.evaluate('window.__firstRow')),
      tasks: metric('TaskDuration'),
      script: metric('ScriptDuration'),
      styleLayout: metric('RecalcStyleDuration') + metric('LayoutDuration'),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Result {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  scriptBytes: number;
  totalBytes: number;
}

async function measure(chromePort: number, url: string): Promise<Result> {
  const runner = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, desktopConfig);
  if (!runner) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = runner;
  const requests = lhr.audits['network-requests']?.details;
  let scriptBytes = 0;
  let totalBytes = 0;
  if (requests?.type === 'table') {
    for (const item of requests.items) {
      const size = typeof item.transferSize === 'number' ? item.transferSize : 0;
      totalBytes += size;
      if (item.resourceType === 'Script') scriptBytes += size;
    }
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    scriptBytes,
    totalBytes,
  };
}

/** A demo server shipping another build (VIGIL_WEB_DIST), or none. */
async function startBaseline(dist: string | undefined): Promise<RunningVigil | undefined> {
  if (!dist) return undefined;
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`BENCH_BASELINE_DIST=${dist} holds no index.html`);
  const previous = process.env.VIGIL_WEB_DIST;
  process.env.VIGIL_WEB_DIST = path.resolve(dist);
  try {
    return await startVigil();
  } finally {
    if (previous === undefined) delete process.env.VIGIL_WEB_DIST;
    else process.env.VIGIL_WEB_DIST = previous;
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  const vigil = await startVigil();
  const baseline = await startBaseline(process.env.BENCH_BASELINE_DIST);
  const raw = await startRawServer(WEB_DIST, vigil.baseUrl);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // The console keeps its token in the Admin-Token cookie; a cookie is per host, not per port, so one covers both servers.
    const token = await signIn(vigil.baseUrl, 'demotwoa');
    const baselineToken = baseline ? await signIn(baseline.baseUrl, 'demotwoa') : '';
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    // The servers, each with the session token it signed in with; they take turns, load by load.
    const servings: Array<[serving: string, baseUrl: string, token: string]> = [
      ['raw build, no compression or cache headers', raw.baseUrl, token],
      ['as Vigil ships it', vigil.baseUrl, token],
    ];
    if (baseline) servings.push(['baseline build, as Vigil ships it', baseline.baseUrl, baselineToken]);
    const pages: Array<[string, string, boolean]> = [
      ['login page', '/login', false],
      ['resident list', RESIDENT_LIST, true],
    ];
    // One Lighthouse run swings by 20–30 points on this machine from noise alone (the same
    // build's resident list scored 37 and 57 back to back), so each page is loaded RUNS times
    // from each server, the servers taking turns, and the run with the median score is shown.
    for (const [name, pathname, signedIn] of pages) {
      const results: Result[][] = servings.map(() => []);
      for (let run = 0; run < RUNS; run += 1) {
        for (const [index, [, baseUrl, servingToken]] of servings.entries()) {
          // Every load starts cold: no cached scripts from the run before, only the session cookie.
          const context = cdp.contexts()[0];
          const page = context.pages()[0] ?? (await context.newPage());
          const session = await context.newCDPSession(page);
          await session.send('Network.clearBrowserCache');
          await session.detach();
          await context.clearCookies();
          if (signedIn) await context.addCookies([{ name: 'Admin-Token', value: servingToken, url: baseUrl }]);
          results[index].push(await measure(chrome.port, baseUrl + pathname));
        }
      }
      for (const [index, [serving]] of servings.entries()) {
        const scores = results[index].map((result) => result.score);
        const result = [...results[index]].sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)];
        console.log(
          `${name.padEnd(14)} ${serving.padEnd(44)} performance ${String(result.score).padStart(3)}  FCP ${result.fcp.toFixed(0).padStart(5)} ms  LCP ${result.lcp.toFixed(0).padStart(5)} ms  TBT ${result.tbt.toFixed(0).padStart(4)} ms  JS ${(result.scriptBytes / 1024).toFixed(1).padStart(7)} KB  all ${(result.totalBytes / 1024).toFixed(1).padStart(7)} KB  (scores ${scores.join('/')})`,
        );
      }
    }
    const loads: LoadTimes[][] = servings.map(() => []);
    for (let run = 0; run < LOADS; run += 1) {
      for (const [index, [, baseUrl, servingToken]] of servings.entries()) loads[index].push(await loadTimes(cdp, baseUrl, servingToken));
    }
    console.log(`\nresident list in Chromium without throttling, median of ${LOADS} loads (ms):`);
    for (const [index, [serving]] of servings.entries()) {
      const of = (key: keyof LoadTimes) => median(loads[index].map((load) => load[key])).toFixed(0).padStart(5);
      console.log(
        `  ${serving.padEnd(44)} first row shown ${of('tableShown')}  main-thread tasks ${of('tasks')}  script ${of('script')}  style+layout ${of('styleLayout')}  (first row ${loads[index].map((load) => load.tableShown.toFixed(0)).join('/')})`,
      );
    }
    await cdp.close();
  } finally {
    await chrome.kill();
    await raw.close();
    await vigil.stop();
    await baseline?.stop();
  }
}

await main();
