import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

describe('console shell', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  async function page(width = 1440): Promise<Page> {
    const context = await newContext(browser, vigil.baseUrl, width);
    return context.newPage();
  }

  const landings: [string, string][] = [
    ['demosenior', '/deviceManage/deviceManage'],
    ['demosuper', '/permission/providermanager'],
    ['demobusiness', '/permission/accountmanager'],
    // The care roles' landing is Focus residents; with nobody in focus (the demo's accounts), All households (issue 25 item 9).
    ['demoone', '/realMonitor/residentList'],
    ['demotwoa', '/realMonitor/residentList'],
    ['demotwob', '/realMonitor/residentList'],
    ['demogov', '/statistics'],
  ];
  for (const [userName, path] of landings) {
    test(`${userName} logs in and lands on ${path}`, async () => {
      const tab = await page();
      await login(tab, userName);
      await tab.waitForURL((url) => url.pathname === path);
      assert.equal(new URL(tab.url()).pathname, path);
      await tab.waitForLoadState('networkidle');
      await assertAccessible(tab, `${userName}'s landing page`);
      await tab.context().close();
    });
  }

  test('the installer account is refused on the web console and keeps no session', async () => {
    const tab = await page();
    await tab.goto('/login');
    await tab.getByLabel('Login account').fill('demomaintain');
    await tab.getByLabel('Password').fill('Demo#2026care');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByText(/no access to the console/i).first().waitFor();
    await assertAccessible(tab, 'login page with a refusal');
    assert.equal(new URL(tab.url()).pathname, '/login');
    const cookies = await tab.context().cookies();
    assert.ok(!cookies.some((cookie) => cookie.name === 'Admin-Token'));
    await tab.context().close();
  });

  test('a wrong password shows the server\'s message and stays on /login', async () => {
    const tab = await page();
    await tab.goto('/login');
    await tab.getByLabel('Login account').fill('demotwoa');
    await tab.getByLabel('Password').fill('Wrong#Pass2026');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByText(/Wrong account or password/).first().waitFor();
    assert.equal(new URL(tab.url()).pathname, '/login');
    await tab.context().close();
  });

  test('without a token a page sends the visitor to /login with a redirect back', async () => {
    const tab = await page();
    await tab.goto('/permission/accountmanager');
    await tab.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(tab.url()).searchParams.get('redirect'), '/permission/accountmanager');
    await tab.getByLabel('Login account').fill('demotwoa');
    await tab.getByLabel('Password').fill('Demo#2026care');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL((url) => url.pathname === '/permission/accountmanager');
    await tab.context().close();
  });

  test('a role opening a forbidden route lands on /noPermission', async () => {
    const tab = await page();
    await login(tab, 'demotwoa');
    await tab.goto('/permission/providermanager');
    await tab.waitForURL((url) => url.pathname === '/noPermission');
    await screenshot(tab, 'no-permission-1440');
    await tab.goto('/settings/platSet');
    await tab.waitForURL((url) => url.pathname === '/settings/platSet');
    await tab.context().close();
    const gov = await page();
    await login(gov, 'demogov');
    await gov.goto('/permission/accountmanager');
    await gov.waitForURL((url) => url.pathname === '/noPermission');
    await gov.context().close();
  });

  test('an unknown path goes to / and on to the landing page', async () => {
    const tab = await page();
    await login(tab, 'demobusiness');
    await tab.goto('/this/does/not/exist');
    await tab.waitForURL((url) => url.pathname === '/permission/accountmanager');
    await tab.context().close();
  });

  test('a class I user switches provider', async () => {
    const tab = await page();
    await login(tab, 'demoone');
    await tab.waitForFunction(() => localStorage.getItem('cur_providerName') === 'Sunrise Riverside Home');
    // antd's Select draws the chosen value over its input; open it the way a keyboard user does.
    await tab.getByLabel('Current provider').focus();
    await tab.keyboard.press('ArrowDown');
    await tab.getByRole('option', { name: /Sunrise Hi/ }).click();
    await tab.waitForFunction(() => localStorage.getItem('cur_providerName') === 'Sunrise Hillside Home');
    await tab.waitForURL((url) => url.pathname === '/realMonitor/index');
    // The session's token from the browser's cookie, asked from here: the switch may still be
    // reloading the page, which would destroy a script run inside it.
    const token = (await tab.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')?.value ?? '';
    const response = await fetch(`${vigil.baseUrl}/api/admin/platformInfo`, { headers: { 'S-token': decodeURIComponent(token) } });
    const info = (await response.json()) as { data: { providerName: string } };
    assert.equal(info.data.providerName, 'Sunrise Hillside Home', 'the server switched too');
    await tab.context().close();
  });

  test('the language switch changes the interface and Accept-Language', async () => {
    const tab = await page();
    await login(tab, 'demotwoa');
    await tab.goto('/permission/accountmanager');
    await tab.getByRole('button', { name: 'Language' }).click();
    const offered = await tab.getByRole('menu').filter({ hasText: 'English' }).getByRole('menuitem').allInnerTexts();
    assert.deepEqual(offered, ['简体中文', 'English', 'Čeština', 'Italiano', '한국어'], 'the overseas edition offers five languages (spec 01 §1)');
    await tab.getByRole('menuitem', { name: 'Italiano' }).click();
    await tab.getByRole('button', { name: 'Lingua' }).waitFor();
    const request = tab.waitForRequest((candidate) => candidate.url().includes('/api/account/queryAccountList'));
    await tab.reload();
    assert.equal((await request).headers()['accept-language'], 'it');
    await tab.context().close();
  });

  test('the password change flow signs in again with the new password', async () => {
    const tab = await page();
    await login(tab, 'demobusiness');
    await tab.getByRole('button', { name: 'User menu' }).click();
    await tab.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = tab.getByRole('dialog');
    await dialog.getByLabel('Old password').fill('Demo#2026care');
    await dialog.getByLabel('New password', { exact: true }).fill('Admin@123');
    await dialog.getByLabel('Confirm new password').fill('Admin@123');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await tab.getByText(/security level low/i).first().waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill('Night#Shift2026');
    await dialog.getByLabel('Confirm new password').fill('Night#Shift2026');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await tab.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(tab.url()).searchParams.get('redirect'), '/permission/accountmanager');
    await tab.getByLabel('Login account').fill('demobusiness');
    await tab.getByLabel('Password').fill('Night#Shift2026');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL((url) => url.pathname === '/permission/accountmanager');
    await tab.context().close();
  });
});
