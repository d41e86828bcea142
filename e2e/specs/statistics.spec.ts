import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { query } from '../support/sql.ts';

async function apiCall(vigil: RunningVigil, userName: string, operationPath: string, body: object = {}) {
  const login = await fetch(`${vigil.baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false }) });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${vigil.baseUrl}/api${operationPath}`, { method: 'POST', headers: { 'content-type': 'application/json', 's-token': data.token }, body: JSON.stringify(body) });
  return (await response.json()) as { status: number; data: unknown; msg: string };
}

/** Issue 13: the big-data dashboard for a government office and for a care home. */
describe('statistics (issue 13)', () => {
  let vigil: RunningVigil;
  let browser: Browser;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('a government login lands on /statistics, has no home icon and sees only its care home', async () => {
    const page = await (await newContext(browser, vigil.baseUrl, 1920)).newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await login(page, 'demogov');
    await page.waitForURL((url) => url.pathname === '/statistics');
    await page.getByText('Residents', { exact: true }).first().waitFor();
    await page.getByText('Sunrise Riverside Home').first().waitFor();
    assert.equal(await page.getByText('Sunrise Hillside Home').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Home' }).count(), 0);
    await page.locator('canvas').first().waitFor();
    await assertAccessible(page, 'statistics as government, 1920');
    await screenshot(page, 'statistics-government-1920');
    fs.copyFileSync(await screenshot(page, 'statistics-government-1920'), '/tmp/stats-government-1920.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(300);
    fs.copyFileSync(await screenshot(page, 'statistics-government-1440'), '/tmp/stats-government-1440.png');
  });

  test('the dashboard fits 390 px without sideways scrolling', async () => {
    const phone = await (await newContext(browser, vigil.baseUrl, 390)).newPage();
    await login(phone, 'demogov');
    await phone.getByText('Residents', { exact: true }).first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow} px`);
    fs.copyFileSync(await screenshot(phone, 'statistics-government-390'), '/tmp/stats-government-390.png');
  });

  test('a care home sets the coefficient; after the next refresh the dashboard says its figures are scaled', async () => {
    const page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demotwoa');
    await page.goto('/statistics');
    await page.getByText('Residents', { exact: true }).first().waitFor();
    // Before: real counts, and a home icon back to the care screens.
    assert.equal(await page.getByText('Scaled figures.').count(), 0);
    await page.getByRole('button', { name: 'Home' }).waitFor();

    await page.goto('/settings/statisticsMult');
    await page.getByText('When a change applies').waitFor();
    await page.getByRole('spinbutton', { name: 'Coefficient' }).fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The coefficient must be a number from 0.01 to 100 with at most two decimals.').waitFor();
    await page.getByRole('spinbutton', { name: 'Coefficient' }).fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Saved: ×2 applies from \d{4}-\d{2}-\d{2} 00:00\./).waitFor();
    await page.getByText(/×2 from \d{4}-\d{2}-\d{2} 00:00/).waitFor();
    await assertAccessible(page, 'statistics coefficient');
    fs.copyFileSync(await screenshot(page, 'statistics-mult-1440'), '/tmp/stats-mult-1440.png');
    // Still real counts until the next 00:00.
    await page.goto('/statistics');
    await page.getByText('Residents', { exact: true }).first().waitFor();
    assert.equal(await page.getByText('Scaled figures.').count(), 0);

    // The next 00:00, as the clock would bring it: the change's date arrives, the day's snapshot is due again.
    const [home] = await query<{ id: number }>(vigil, `SELECT id FROM providers WHERE name = 'Sunrise Riverside Home'`);
    const [latest] = await query<{ snapshot_date: string }>(vigil, 'SELECT snapshot_date FROM statistics_snapshots WHERE provider_id = $1 ORDER BY snapshot_date DESC LIMIT 1', [home.id]);
    const [pending] = await query<{ effective_date: string }>(vigil, 'SELECT effective_date FROM statistics_coefficients WHERE provider_id = $1', [home.id]);
    const refreshDay = new Date(Date.parse(`${latest.snapshot_date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    assert.ok(pending.effective_date > refreshDay, 'the change waits for the next 00:00');
    await query(vigil, 'UPDATE statistics_coefficients SET effective_date = $1 WHERE provider_id = $2', [refreshDay, home.id]);
    await query(vigil, 'DELETE FROM statistics_snapshots WHERE provider_id = $1 AND snapshot_date = $2', [home.id, latest.snapshot_date]);
    const refreshed = await apiCall(vigil, 'demosenior', '/bigData/refreshStatistics');
    assert.equal(refreshed.status, 200, refreshed.msg);

    await page.reload();
    await page.getByText('Scaled figures.').waitFor();
    await page.getByText(/Counts on this screen are the real counts × 2/).waitFor();
    await page.locator('canvas').first().waitFor();
    await assertAccessible(page, 'statistics, scaled');
    fs.copyFileSync(await screenshot(page, 'statistics-scaled-1440'), '/tmp/stats-scaled-1440.png');
  });

  test('a vendor administrator chooses the providers a government account sees, in account management', async () => {
    const page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demosenior');
    await page.goto('/permission/accountmanager');
    const search = page.getByRole('searchbox', { name: 'Search accounts' });
    await search.fill('demogov');
    await search.press('Enter');
    const row = page.getByRole('row', { name: /demogov/ });
    await row.getByRole('button', { name: 'Statistics providers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Providers demogov sees in statistics' });
    await dialog.locator('.ant-select-selection-item', { hasText: 'Sunrise Riverside Home' }).waitFor();
    await assertAccessible(page, 'government providers dialog');
    fs.copyFileSync(await screenshot(page, 'accounts-government-providers'), '/tmp/accounts-government-providers.png');
    await dialog.getByLabel('Providers').click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: 'Sunrise Hillside Home' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Statistics providers saved.').waitFor();

    const gov = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(gov, 'demogov');
    await gov.waitForURL((url) => url.pathname === '/statistics');
    await gov.getByText('Residents', { exact: true }).first().waitFor();
    const options = await apiCall(vigil, 'demogov', '/bigData/getProviderOption');
    assert.equal(options.status, 200, options.msg);
    const names = (options.data as { providerName: string }[]).map((entry) => entry.providerName).sort();
    assert.deepEqual(names, ['Sunrise Hillside Home', 'Sunrise Riverside Home']);
  });
});
