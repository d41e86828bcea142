import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectText } from '../support/wait.ts';

/**
 * A device's way in, as the people who handle it see it: the vendor registers it into
 * stock, a care home adds it by its ID and binds it to a bed (a second device on the same
 * bed asks first), the device reports over the device protocol and shows online with its
 * battery, the home changes its settings, and the vendor reads and deletes what it sent.
 */
describe('devices: stock, care home, bed, online', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let vendor: Page;
  let home: Page;
  // Random IDs: the local broker is shared by every engineer's tests.
  const suffix = crypto.randomBytes(3).toString('hex').toUpperCase();
  const first = `E2E-${suffix}-1`;
  const second = `E2E-${suffix}-2`;
  let firstKey = '';

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    vendor = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    home = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await Promise.all([login(vendor, 'demosenior'), login(home, 'demotwoa')]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  const drawer = (page: Page) => page.locator('.ant-drawer-content');
  const dialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('form') }).last();

  async function register(deviceId: string): Promise<void> {
    await vendor.getByRole('button', { name: /Register into stock/ }).click();
    const form = dialog(vendor);
    await form.getByLabel('Device ID').fill(deviceId);
    await form.getByLabel('Device type').click();
    await vendor.locator('.ant-select-item-option', { hasText: 'BM8701-2' }).click();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await vendor.getByText(`Device ${deviceId} registered into stock.`).waitFor();
    await drawer(vendor).getByText(`Device ${deviceId}`).waitFor();
  }

  test('[vendor] registers two devices into stock; the detail shows the key only when asked', async () => {
    await vendor.goto('/deviceManage/deviceManage');
    await vendor.getByText('All devices').waitFor();
    await assertAccessible(vendor, 'device management (vendor)');
    await register(first);
    const keyBox = drawer(vendor).locator('.ant-descriptions-item', { hasText: 'Device key' });
    await keyBox.getByText('Hidden').waitFor();
    await screenshot(vendor, 'devices-vendor-detail-1440');
    await assertAccessible(vendor, 'device detail (vendor)');
    await keyBox.getByRole('button', { name: 'Show the device key' }).click();
    firstKey = (await keyBox.locator('code').innerText()).trim();
    assert.match(firstKey, /^\S{16,}$/, 'a revealed key is shown in full');
    await drawer(vendor).getByRole('button', { name: 'Close' }).click();
    await register(second);
    await drawer(vendor).getByRole('button', { name: 'Close' }).click();
    await expectText(vendor.locator('.ant-table-tbody'), new RegExp(`${second}[\\s\\S]*${first}`));
    await screenshot(vendor, 'devices-vendor-list-1440');
  });

  test('[care home] an unknown ID is refused with the server\'s reason on the field; a stock device is added', async () => {
    await home.goto('/deviceManage/deviceManage');
    await home.getByText('Devices of this home').waitFor();
    await assertAccessible(home, 'device management (care home)');
    await home.getByRole('button', { name: /Add device/ }).click();
    const form = dialog(home);
    await form.getByLabel('Device ID').fill(`NOPE-${suffix}`);
    await form.getByLabel('Device type').click();
    await home.locator('.ant-select-item-option', { hasText: 'BM8701-2' }).click();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByText(/not registered/).waitFor();
    await screenshot(home, 'devices-add-refused-1440');
    await assertAccessible(home, 'add device with a refusal');
    await form.getByLabel('Device ID').fill(first);
    await form.locator('button[type=submit]').click();
    await home.getByText(`Device ${first} added.`).waitFor();
    await drawer(home).getByText(`Device ${first}`).waitFor();
  });

  async function bindToBed(page: Page, bed: string[]): Promise<void> {
    await drawer(page).getByRole('button', { name: /^(Bind|Change binding)$/ }).click();
    const form = dialog(page);
    await form.getByRole('combobox', { name: /Bed/ }).click();
    for (const [index, label] of bed.entries()) {
      await page.locator('.ant-cascader-menu').nth(index).locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${label}`) }).first().click();
    }
    await form.getByRole('button', { name: 'Save' }).click();
  }

  const BED = ['North Building', '1F', 'N101', 'A'];

  test('[care home] binds the device to a bed', async () => {
    await bindToBed(home, BED);
    // The demo's simulated monitors sit on the occupied beds: if this bed has one, the move is confirmed.
    const bound = home.getByText(`Device ${first} bound.`);
    const prompt = home.locator('.ant-modal-confirm-title', { hasText: 'Replace the binding?' });
    await bound.or(prompt).first().waitFor();
    if (await prompt.isVisible()) await home.locator('.ant-modal-confirm').getByRole('button', { name: 'Bind here' }).click();
    await bound.waitFor();
    await expectText(drawer(home).locator('section', { hasText: 'Bound to' }), /North Building \/ 1F \/ N101 \/ A/);
    await screenshot(home, 'devices-bound-1440');
    await assertAccessible(home, 'device detail (care home)');
  });

  test('[care home] a second device on the same bed asks first, then moves the bed to it', async () => {
    await drawer(home).getByRole('button', { name: 'Close' }).click();
    await home.getByRole('button', { name: /Add device/ }).click();
    const form = dialog(home);
    await form.getByLabel('Device ID').fill(second);
    await form.getByLabel('Device type').click();
    await home.locator('.ant-select-item-option', { hasText: 'BM8701-2' }).click();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await drawer(home).getByText(`Device ${second}`).waitFor();
    await bindToBed(home, BED);
    const prompt = home.locator('.ant-modal-confirm');
    await prompt.locator('.ant-modal-confirm-title', { hasText: 'Replace the binding?' }).waitFor();
    await screenshot(home, 'devices-bind-conflict-1440');
    await assertAccessible(home, 'bed conflict confirmation');
    await prompt.getByRole('button', { name: 'Bind here' }).click();
    await home.getByText(`Device ${second} bound.`).waitFor();
    await expectText(drawer(home).locator('section', { hasText: 'Bound to' }), /N101 \/ A/);
  });

  test('[care home] the device comes online when it reports over the device protocol', async (t) => {
    await home.goto('/deviceManage/deviceManage');
    await home.locator('.ant-table-row', { hasText: first }).getByRole('button', { name: `Details of device ${first}` }).click();
    await drawer(home).getByText('Offline').first().waitFor();
    // The device's own HTTP channel of protocol v1 (docs/device-protocol.md), as a real device or the simulator sends it.
    const response = await fetch(`${vigil.baseUrl}/api/device/v1/${first}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${firstKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), online: true, battery: 87, signal: 4, power: true, firmware: '2.4.1' }),
    });
    if (response.status === 404) {
      t.skip('device ingest (POST /api/device/v1/{id}/status) is not on this branch yet');
      return;
    }
    assert.ok(response.ok, `status post answered HTTP ${response.status}: ${await response.text()}`);
    const status = drawer(home).locator('section', { hasText: 'Live status' });
    await expectText(status, /Online[\s\S]*87%[\s\S]*2\.4\.1/, { timeoutMs: 15_000 });
    await screenshot(home, 'devices-online-1440');
    await drawer(home).getByRole('button', { name: 'Close' }).click();
    await expectText(home.locator('.ant-table-row', { hasText: first }), /Online/, { timeoutMs: 15_000 });
    // The list is live from the socket (/deviceData): a later report shows without waiting for a poll
    // (the list polls only every 2 minutes while live).
    const later = await fetch(`${vigil.baseUrl}/api/device/v1/${first}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${firstKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), online: true, battery: 55 }),
    });
    assert.ok(later.ok, `status post answered HTTP ${later.status}`);
    await expectText(home.locator('.ant-table-row', { hasText: first }), /55%/, { timeoutMs: 6_000 });
  });

  test('[care home] the settings form refuses an interval out of range as it is typed, and the save is sent to the device', async () => {
    await home.goto('/deviceManage/deviceManage');
    await home.locator('.ant-table-row', { hasText: first }).getByRole('button', { name: `Details of device ${first}` }).click();
    await drawer(home).getByRole('button', { name: 'Settings' }).click();
    const form = dialog(home);
    const interval = form.getByLabel('Real-time report interval');
    await interval.fill('0');
    await form.getByText(/from 1 to 254/).first().waitFor();
    await screenshot(home, 'devices-settings-invalid-1440');
    await assertAccessible(home, 'sleep monitor settings');
    await interval.fill('30');
    await form.getByRole('button', { name: 'Save' }).click();
    await home.getByText('Settings saved and sent to the device.').waitFor();
    await form.getByText(/Waiting for the device|Acknowledged by the device|The device refused|No answer from the device/).waitFor();
    await form.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });

  test('[vendor] reads what the device sent and deletes it all after typing its ID', async (t) => {
    const probe = await vendor.request.get('/api/originData/deleteAll');
    if (probe.status() === 404) {
      t.skip('original data (/api/originData/*) is not on this branch yet');
      return;
    }
    await vendor.goto('/deviceManage/historyData');
    await vendor.getByText('Choose a device and a time range').waitFor();
    await assertAccessible(vendor, 'original data');
    await vendor.getByLabel('Device', { exact: true }).fill(first);
    await vendor.locator('.ant-select-item-option', { hasText: first }).click();
    await vendor.locator('label', { hasText: 'Messages' }).click();
    await vendor.getByRole('button', { name: /(^|\s)Show$/ }).click();
    // The status message the device sent above is one of its rows.
    await expectText(vendor.locator('.ant-table-tbody'), /status[\s\S]*87/);
    await vendor.waitForLoadState('networkidle');
    await screenshot(vendor, 'devices-original-data-1440');
    await assertAccessible(vendor, 'original data with rows');
    await vendor.getByRole('button', { name: 'Delete all data of this device' }).click();
    const confirm = vendor.getByRole('dialog').filter({ hasText: 'Type' });
    const ok = confirm.getByRole('button', { name: 'Delete all data of this device' });
    assert.equal(await ok.isDisabled(), true, 'disabled until the ID is typed');
    await confirm.getByLabel(`Type ${first} to confirm`).fill(first);
    await ok.click();
    await vendor.getByText(/Deleted: \d+ samples, \d+ messages/).waitFor();
  });

  test('both screens fit a phone (390 px) without sideways scrolling', async () => {
    for (const [userName, path, name] of [['demotwoa', '/deviceManage/deviceManage', 'devices-home-390'], ['demosenior', '/deviceManage/historyData', 'devices-original-data-390']] as const) {
      const context = await newContext(browser, vigil.baseUrl, 390);
      const page = await context.newPage();
      await login(page, userName);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${path} scrolls sideways by ${overflow}px`);
      await screenshot(page, name);
      await assertAccessible(page, `${path} at 390`);
      await context.close();
    }
  });
});
