import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

/**
 * Deleting a care home is undoable: the console asks for the provider's typed name,
 * the provider disappears and its login is refused, and a vendor role restores it
 * from the "Deleted providers" tab.
 */
describe('provider delete and restore', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demosuper');
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  async function loginStatus(userName: string): Promise<number> {
    const response = await page.request.post('/api/admin/login', { data: { userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false } });
    return ((await response.json()) as { status: number }).status;
  }

  test('the delete button waits for the provider\'s exact name; then the provider is gone and its login refused', async () => {
    await page.goto('/permission/providermanager');
    const row = page.locator('.ant-table-row', { hasText: 'Sunrise Hillside Home' });
    await row.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/restore it within 30 days/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    const input = dialog.getByLabel('Type Sunrise Hillside Home to confirm');
    assert.equal(await confirm.isDisabled(), true);
    await input.fill('Sunrise Hillside');
    assert.equal(await confirm.isDisabled(), true, 'part of the name is not enough');
    await input.fill('Sunrise Hillside Home');
    await screenshot(page, 'provider-delete-typed-name-1440');
    await confirm.click();
    await page.getByText('Provider deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    assert.equal(await loginStatus('demotwob'), 107);
  });

  test('a vendor role restores it from the Deleted providers tab, with the days left shown', async () => {
    await page.getByRole('tab', { name: 'Deleted providers' }).click();
    const row = page.locator('.ant-table-row', { hasText: 'Sunrise Hillside Home' });
    await row.getByText('30 days').waitFor();
    await screenshot(page, 'provider-deleted-list-1440');
    await row.getByRole('button', { name: 'Restore Sunrise Hillside Home' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Provider restored.').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Providers', exact: true }).click();
    await page.locator('.ant-table-row', { hasText: 'Sunrise Hillside Home' }).waitFor();
    assert.equal(await loginStatus('demotwob'), 200);
  });

  test('a class I provider sees its class II homes but no Deleted providers tab (only vendor roles restore)', async () => {
    const tab = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(tab, 'demoone');
    await tab.goto('/permission/providermanager');
    await tab.locator('.ant-table-row', { hasText: 'Sunrise Hillside Home' }).waitFor();
    assert.equal(await tab.getByRole('tab', { name: 'Deleted providers' }).count(), 0);
    await tab.context().close();
  });
});
