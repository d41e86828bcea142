import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectText } from '../support/wait.ts';
import { buildZip } from '../../packages/server/src/test/zip-builder.ts';

const DEMO_PASSWORD = 'Demo#2026care';

async function registerDevice(baseUrl: string, deviceId: string, deviceType: number) {
  const login = await fetch(`${baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'demosenior', passWord: DEMO_PASSWORD, from: 'PC', rsa: false }) });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${baseUrl}/api/device/registerDevice`, { method: 'POST', headers: { 'content-type': 'application/json', 's-token': data.token }, body: JSON.stringify({ deviceId, deviceType }) });
  assert.equal(((await response.json()) as { status: number }).status, 200);
}

/** App versions and firmware packages, as the vendor (SENIOR_ROLE). */
describe('releases, as the vendor', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;
  const suffix = crypto.randomBytes(3).toString('hex').toUpperCase();

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demosenior');
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('adds an app version: a wrong version name shows the message as typed, fixed, saved and published', async () => {
    await page.goto('/appReleaseManage/appVersionDeployment');
    await page.getByText('No app versions yet').waitFor();
    await assertAccessible(page, 'app versions');
    await page.getByRole('button', { name: 'Add app version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add app version' });
    await dialog.getByLabel('Version name').fill('1.7-beta');
    await dialog.getByText('The version name must be at most 20 characters, digits and dots only.').waitFor();
    await dialog.getByLabel('Version name').fill('1.7.2');
    await dialog.getByLabel('Build number').fill('172');
    await dialog.getByLabel('Update log').fill('Night alarms open faster.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the store URL or upload the package.').waitFor();
    await dialog.getByLabel('Store URL').fill(`https://apps.example.org/vigil-${suffix}`);
    await screenshot(page, 'releases-app-version-dialog-1440');
    await assertAccessible(page, 'add app version dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('.ant-table-row', { hasText: '1.7.2' });
    await row.waitFor();
    await expectText(row, /Saved \(unpublished\)/);
    await row.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: /Publish version 1\.7\.2 \(172\)/ }).getByRole('button', { name: 'Publish' }).click();
    await expectText(row, /Published/);
    await screenshot(page, 'releases-app-versions-1440');
  });

  test('the app version screen fits 390 px without sideways scrolling', async () => {
    const phone = await (await newContext(browser, vigil.baseUrl, 390)).newPage();
    await login(phone, 'demosenior');
    await phone.goto('/appReleaseManage/appVersionDeployment');
    await phone.locator('.ant-table-row').first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow} px`);
    await screenshot(phone, 'releases-app-versions-390');
    await phone.close();
  });

  test('uploads a firmware package with MD5 and type checks, adds a gray device and releases it', async () => {
    const deviceId = `NBR3-${suffix}`;
    await registerDevice(vigil.baseUrl, deviceId, 21012);
    const zip = buildZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ deviceType: 21012, version: '4.2.0' })) }, { name: 'fw.bin', data: crypto.randomBytes(50_000) }]);
    const md5 = crypto.createHash('md5').update(zip).digest('hex');
    await page.goto('/deviceManage/hardSoftUpload');
    await page.getByText('No firmware packages yet').waitFor();
    await page.getByRole('button', { name: 'Upload firmware' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
    await dialog.getByLabel('Device type').fill('NB-R3');
    await page.locator('.ant-select-item-option', { hasText: 'NB-R3 (21012)' }).click();
    await dialog.getByLabel('MD5').fill('123');
    await dialog.getByText('Enter the MD5 as 32 hexadecimal characters.').waitFor();
    await dialog.getByLabel('MD5').fill('0'.repeat(32));
    await dialog.locator('input[type=file]').setInputFiles({ name: 'nbr3-4.2.0.zip', mimeType: 'application/zip', buffer: zip });
    await dialog.getByRole('button', { name: 'Upload firmware' }).click();
    await dialog.getByText('Upload failed: wrong MD5.').waitFor();
    await dialog.getByLabel('MD5').fill(md5);
    await dialog.getByRole('button', { name: 'Upload firmware' }).click();
    const row = page.locator('.ant-table-row', { hasText: '4.2.0' });
    await row.waitFor();
    await expectText(row, /Unpublished/);
    await assertAccessible(page, 'firmware packages');

    await row.getByRole('button', { name: /Gray devices/ }).click();
    const gray = page.getByRole('dialog', { name: /Gray devices · NB-R3 4\.2\.0/ });
    await gray.getByRole('textbox').fill(deviceId);
    await gray.getByRole('button', { name: 'Add' }).click();
    await gray.getByText(deviceId).waitFor();
    await gray.getByRole('button', { name: 'Close' }).first().click();
    await row.getByRole('button', { name: 'Gray release' }).click();
    await page.getByRole('dialog', { name: /Release version 4\.2\.0 to the 1 gray devices/ }).getByRole('button', { name: 'Gray release' }).click();
    await expectText(row, /Grayscale release/);
    await row.getByRole('button', { name: 'Device states' }).click();
    const states = page.getByRole('dialog', { name: /Device states/ });
    await states.getByText(deviceId).waitFor();
    await expectText(states, /Pending/);
    await screenshot(page, 'releases-firmware-states-1440');
    await states.getByRole('button', { name: 'Close' }).first().click();
    await screenshot(page, 'releases-firmware-1440');
  });
});
