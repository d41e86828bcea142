import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { query } from '../support/sql.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

const RESIDENTS = '/people-manage/userManage';
const ADDRESSES = '/BunkManage/index';
const ALARM_LOG = '/alarm-log/alarmIndex';
/** Marked no-cache in the route table: the edit form opens fresh. */
const RESIDENT_FORM = '/people-manage/addAndEdit/addAndEditUser';

function tabBar(page: Page) {
  return page.getByRole('navigation', { name: 'Open pages' });
}

/** Waits until the console shows `title`'s page: its tab is the current one (the address alone changes before React renders). */
async function shown(page: Page, title: string): Promise<void> {
  await tabBar(page).locator('a[aria-current="page"]', { hasText: title }).waitFor();
}

/** Opens a path through the console's own router, as a menu click does, so the tab bar stays in this page's memory. */
async function open(page: Page, path: string, title: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await shown(page, title);
}

/** The shell's main column, the one scroller the screens share (it has no role of its own). */
function mainColumn(page: Page) {
  return page.locator('.app-layout__main');
}

async function backToTab(page: Page, title: string): Promise<void> {
  await tabBar(page).getByRole('link', { name: title }).click();
  await shown(page, title);
}

describe('tabs kept alive behind the tab bar (spec 01 §2)', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('a filtered list keeps its filter and refreshes on return; a no-cache form, a closed tab and a refreshed tab start fresh', async () => {
    const [resident] = await query<{ id: number; name: string }>(
      vigil,
      `SELECT r.id, r.name FROM residents r JOIN accounts a ON a.provider_id = r.provider_id
       WHERE a.user_name = 'demotwoa' ORDER BY r.id LIMIT 1`,
    );
    assert.ok(resident, 'the demo has residents');
    const context = await newContext(browser, vigil.baseUrl, 1440);
    const page = await context.newPage();
    // Short enough that the address list scrolls.
    await page.setViewportSize({ width: 1440, height: 600 });
    await login(page, 'demotwoa');

    await open(page, RESIDENTS, 'Resident management');
    const search = page.getByRole('searchbox', { name: 'Search residents' });
    await search.fill(resident.name);
    await search.press('Enter');
    await page.getByRole('row', { name: new RegExp(resident.name) }).first().waitFor();

    // Another tab; meanwhile the resident is renamed elsewhere.
    await open(page, ADDRESSES, 'Address management');
    await page.getByRole('button', { name: 'Add area' }).first().waitFor();
    const renamed = `${resident.name} Kept`;
    await query(vigil, 'UPDATE residents SET name = $1, name_key = $2 WHERE id = $3', [renamed, renamed.toLowerCase(), resident.id]);
    // The hidden list is out of the accessibility tree: no search box but the visible screen's.
    assert.equal(await page.getByRole('searchbox', { name: 'Search residents' }).count(), 0);
    await page.waitForLoadState('networkidle');
    const scrolledTo = await mainColumn(page).evaluate((column) => {
      column.scrollTop = column.scrollHeight;
      return column.scrollTop;
    });
    assert.ok(scrolledTo > 0, 'the address list scrolls');
    // The scroll event is dispatched at the next frame: a nurse's next click comes after it, so does this one.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await open(page, ALARM_LOG, 'Alarm records');
    await page.getByRole('searchbox', { name: 'Search alarms' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'kept-tabs-1440');
    await assertAccessible(page, 'alarm log with two screens kept behind it');

    await backToTab(page, 'Resident management');
    assert.equal(await search.inputValue(), resident.name, 'the filter typed before is still there');
    await page.getByRole('row', { name: new RegExp(renamed) }).first().waitFor();
    await assertAccessible(page, 'resident list shown again');
    // The short resident list opened at the top; the address list comes back where it was left.
    assert.equal(await mainColumn(page).evaluate((column) => column.scrollTop), 0);
    await backToTab(page, 'Address management');
    assert.equal(await mainColumn(page).evaluate((column) => column.scrollTop), scrolledTo);

    // No-cache: the form half filled, left and opened again is empty.
    await open(page, RESIDENT_FORM, 'Register or edit resident');
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Half Typed');
    await backToTab(page, 'Resident management');
    await open(page, RESIDENT_FORM, 'Register or edit resident');
    assert.equal(await name.inputValue(), '');

    // Refresh (the tab's right-click menu) remounts the list: its filter is gone.
    await tabBar(page).getByRole('link', { name: 'Resident management' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Refresh' }).click();
    await page.waitForURL((url) => url.pathname === RESIDENTS);
    await shown(page, 'Resident management');
    assert.equal(await search.inputValue(), '');

    // Closed and opened again: fresh.
    await search.fill(resident.name);
    await search.press('Enter');
    await open(page, ADDRESSES, 'Address management');
    await page.getByRole('button', { name: 'Close Resident management' }).click();
    await tabBar(page).getByRole('link', { name: 'Resident management' }).waitFor({ state: 'detached' });
    await open(page, RESIDENTS, 'Resident management');
    await search.waitFor();
    assert.equal(await search.inputValue(), '');
    await context.close();
  });
});
