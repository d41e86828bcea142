import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

/** Every screen of the console so far, as a role that may open it: [name, login, path, text that must show]. */
const SCREENS: [string, string, string, RegExp][] = [
  ['accounts', 'demotwoa', '/permission/accountmanager', /Add account/],
  ['providers', 'demoone', '/permission/providermanager', /Add provider/],
  ['platform-settings', 'demotwoa', '/settings/platSet', /Platform name/],
  ['addresses', 'demotwoa', '/BunkManage/index', /Add area/],
  ['residents', 'demotwoa', '/people-manage/userManage', /Register resident/],
  ['resident-form', 'demotwoa', '/people-manage/addAndEdit/addAndEditUser', /Emergency contacts/],
  ['caregivers', 'demotwoa', '/nurse-manage/nurseManage', /Add caregiver/],
  ['caregiver-form', 'demotwoa', '/nurse-manage/addAndEdit/addAndEditNurse', /Mobile phone/],
  ['later-release', 'demosenior', '/deviceManage/deviceManage', /later release/],
  ['not-found', 'demotwoa', '/404', /404|not found/i],
  ['no-permission', 'demotwoa', '/noPermission', /permission/i],
];

describe('every screen at 1440 and 390 px', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  async function assertFitsWidth(page: Page, name: string): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${name} scrolls sideways by ${overflow}px`);
  }

  for (const width of [1440, 390]) {
    test(`login page at ${width}`, async () => {
      const context = await newContext(browser, vigil.baseUrl, width);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await assertFitsWidth(page, 'login');
      await screenshot(page, `login-${width}`);
      await context.close();
    });

    for (const [name, userName, path, text] of SCREENS) {
      test(`${name} at ${width}`, async () => {
        const context = await newContext(browser, vigil.baseUrl, width);
        const page = await context.newPage();
        await login(page, userName);
        await page.goto(path);
        await page.getByText(text).first().waitFor();
        await page.waitForLoadState('networkidle');
        await assertFitsWidth(page, name);
        await screenshot(page, `${name}-${width}`);
        await context.close();
      });
    }

    test(`change-password dialog at ${width}`, async () => {
      const context = await newContext(browser, vigil.baseUrl, width);
      const page = await context.newPage();
      await login(page, 'demogov');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await page.getByRole('dialog').getByLabel('Old password').waitFor();
      await screenshot(page, `change-password-${width}`);
      await context.close();
    });
  }
});
