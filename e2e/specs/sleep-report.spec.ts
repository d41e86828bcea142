import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { seedSleepReports, type SeededResident } from '../support/sleep-reports.ts';
import { DEMO_FIRST_NIGHTS } from '../../packages/server/src/demo/sleep-history.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectText, settled } from '../support/wait.ts';

/**
 * Issue 11's screens with reports the nightly job made from simulated nights: the report list,
 * a resident's daily report, its charts and details, the month, and a month with too few nights;
 * at 1440 and 390 px, with axe on every screen. Screenshots go to /tmp/sleepui-<screen>-<width>.png.
 */

const HOME = 'Sunrise Riverside Home';
const MORNINGS = 10;
const SPARSE_NIGHTS = 3;

/** The screen as the user sees it (e2e/screenshots), and its whole scrolling content (/tmp/sleepui-<name>.png) to look at. */
async function snap(page: Page, name: string): Promise<void> {
  await screenshot(page, `sleep-report-${name}`);
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => (document.querySelector('main')?.scrollHeight ?? 0) + (document.querySelector('main')?.getBoundingClientRect().top ?? 0));
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(height)) });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/sleepui-${name}.png` });
  await page.setViewportSize(viewport);
}

/** Waits for `count` drawn charts (ECharts canvases with a size) on the screen, not on a screen kept hidden behind the tab bar. */
async function expectCharts(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => Array.from(document.querySelectorAll<HTMLCanvasElement>('.sleep-chart__canvas canvas')).filter((canvas) => canvas.width > 0 && canvas.checkVisibility()).length >= wanted,
    count,
    { timeout: 15_000 },
  );
}

async function assertFitsWidth(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${name} scrolls sideways by ${overflow}px`);
}

describe('sleep reports (issue 11) at 1440 and 390 px', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let full: SeededResident;
  let sparse: SeededResident;
  let month: string;

  before(async () => {
    // With the demo's own history, as `npm run demo` shows the list within its first minute (its last
    // two nights; the 12 before them take most of a minute of both cores, and the demo's history
    // test makes all 14).
    [vigil, browser] = await Promise.all([startVigil({ sleepHistory: DEMO_FIRST_NIGHTS }), launchBrowser()]);
    ({ full, sparse, month } = await seedSleepReports(vigil, { home: HOME, mornings: MORNINGS, sparseNights: SPARSE_NIGHTS }));
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  for (const width of [1440, 390]) {
    test(`report list → daily report → details → month at ${width}`, async () => {
      const context = await newContext(browser, vigil.baseUrl, width);
      const page = await context.newPage();
      await login(page, 'demotwoa');

      await page.goto('/sleep-report/reportList');
      const search = page.getByRole('searchbox', { name: 'Search residents by name, room or bed' });
      await search.fill(full.name);
      await search.press('Enter');
      const row = page.getByRole('row', { name: new RegExp(full.name) });
      await expectText(row, new RegExp(full.nights.at(-1) ?? 'none'));
      await expectText(row, /AHI: (None|Low|Moderate|High)/);
      await assertFitsWidth(page, 'report list');
      await snap(page, `list-${width}`);
      await assertAccessible(page, `report list at ${width}`);

      // The flag filter is the server's: a resident with reports is not "without a report yet".
      await page.locator('div.ant-select[aria-label="Show residents"]').click();
      const [filtered] = await Promise.all([
        page.waitForRequest((request) => request.url().includes('/sleepReport/userList') && (request.postData() ?? '').includes('"flags":"noReport"')),
        page.locator('.ant-select-item-option', { hasText: 'Without a report yet' }).click(),
      ]);
      assert.ok(filtered, 'the filter is asked of the server');
      await expectText(page.locator('main'), /No resident matches the filter/);
      await page.locator('div.ant-select[aria-label="Show residents"]').click();
      await page.locator('.ant-select-item-option', { hasText: 'All residents' }).click();
      await expectText(row, new RegExp(full.nights.at(-1) ?? 'none'));

      await row.getByRole('link', { name: `Daily report of ${full.name}` }).click();
      await page.waitForURL(/\/sleep-report\/index\?userId=/);
      await page.getByRole('heading', { level: 2, name: new RegExp(`${full.name} · night ending ${full.nights.at(-1)}`) }).waitFor();
      await expectCharts(page, 2);
      await expectText(page.locator('main'), /Reference: 420–480 min/);
      await expectText(page.locator('main'), /not medical advice/);
      assert.ok(await page.getByRole('img', { name: /Sleep stages through the night\. In bed/ }).isVisible(), 'the hypnogram has its text alternative');
      // The date picker offers the mornings with a report, and only those. It is a look-alike
      // until antd's picker code arrives (after first paint): click the real one.
      await page.locator('.picker-stand-in').first().waitFor({ state: 'detached' });
      await page.getByLabel('Report date (only mornings with a report)').click();
      const first = full.nights[0];
      const enabled = page.locator(`td.ant-picker-cell[title="${first}"]:not(.ant-picker-cell-disabled)`);
      const disabledBefore = page.locator(`td.ant-picker-cell-disabled[title="${first.slice(0, 8)}01"]`);
      // The panel renders after the click (and, on a first visit, after the picker's code loads): count once it shows.
      await enabled.waitFor();
      if (Number(first.slice(8)) > 1) assert.equal(await disabledBefore.count(), 1, 'a morning without a report cannot be picked');
      // A click while the picker still slides in can miss the cell (seen at 390 px under load).
      await settled(page);
      await enabled.click();
      await page.waitForURL(new RegExp(`date=${first}`));
      await page.getByRole('heading', { level: 2, name: new RegExp(`night ending ${first}`) }).waitFor();
      await expectCharts(page, 2);
      await assertFitsWidth(page, 'daily report');
      await snap(page, `daily-${width}`);
      await assertAccessible(page, `daily report at ${width}`);

      // The PDF comes from the server's export (GET /report/exportDailyPdf?id=&lang=).
      const pdfRequest = page.waitForRequest((request) => request.url().includes('/api/report/exportDailyPdf?'));
      await page.getByRole('button', { name: 'Export PDF (A4)' }).click();
      const pdfUrl = new URL((await pdfRequest).url());
      assert.match(pdfUrl.searchParams.get('id') ?? '', /^\d+$/);
      assert.equal(pdfUrl.searchParams.get('lang'), 'en-us');

      await page.getByRole('button', { name: 'Charts and details' }).click();
      await page.waitForURL(/\/sleep-report\/dailyDetails\/reportDetails\?id=/);
      await expectCharts(page, 4);
      assert.ok(await page.getByRole('img', { name: /Heart and breathing rate through the night\. Heart rate mean \d+/ }).isVisible());
      await assertFitsWidth(page, 'report details');
      await snap(page, `details-${width}`);
      await assertAccessible(page, `report details at ${width}`);

      // The hidden parent path keeps the report it names (its only child opens with the same id).
      const detailsUrl = new URL(page.url());
      await page.goto(`/sleep-report/dailyDetails${detailsUrl.search}`);
      await page.waitForURL((url) => url.pathname === '/sleep-report/dailyDetails/reportDetails' && url.search === detailsUrl.search);
      await expectCharts(page, 4);

      await page.getByRole('link', { name: 'Back to the daily report' }).click();
      await page.getByRole('button', { name: 'Monthly report' }).click();
      await page.waitForURL(/\/sleep-report\/monthDetails\?userId=/);
      await page.getByRole('heading', { level: 2, name: new RegExp(`${full.name} · ${month}`) }).waitFor();
      await expectCharts(page, 2);
      await expectText(page.locator('main'), new RegExp(`Averages over ${full.nights.length} nights`));
      await assertFitsWidth(page, 'month');
      await snap(page, `month-${width}`);
      await assertAccessible(page, `month at ${width}`);

      // Fewer than 7 nights: a clear state, not an empty chart.
      await page.goto(`/sleep-report/monthDetails?userId=${sparse.residentId}&month=${month}`);
      await expectText(page.locator('main'), /Not enough nights for a monthly report/);
      await expectText(page.locator('main'), new RegExp(`at least 7 daily reports; this month has ${SPARSE_NIGHTS}`));
      assert.equal(await page.locator('.sleep-chart').count(), 0, 'no chart without enough nights');
      await snap(page, `month-sparse-${width}`);
      await assertAccessible(page, `month without enough nights at ${width}`);

      // A morning without data says so instead of figures.
      await page.goto(`/sleep-report/index?userId=${sparse.residentId}&date=${full.nights[0]}`);
      await expectText(page.locator('main'), /Not analysed: the sleep monitor sent no data this night/);
      await context.close();
    });
  }
});
