import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startSimulation, type SimulationHandle } from '@vigil/simulator';
import { z } from 'zod';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectText, settled } from '../support/wait.ts';

const DEMO_PASSWORD = 'Demo#2026care';

/** Calls the API as a demo login (setup the vendor does in its own screens: filling the stock). */
async function apiAs(baseUrl: string, userName: string) {
  const login = await fetch(`${baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false }) });
  const token = z.object({ data: z.object({ token: z.string() }) }).parse(await login.json()).data.token;
  return async (path: string, body: Record<string, unknown>): Promise<unknown> => {
    const response = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 's-token': token }, body: JSON.stringify(body) });
    const envelope = z.object({ status: z.number(), msg: z.string(), data: z.unknown() }).parse(await response.json());
    assert.equal(envelope.status, 200, `${path}: ${envelope.msg}`);
    return envelope.data;
  };
}

/**
 * Overseas device screens of a care home: set up a fall radar with a shielded area, add a
 * gateway host and a door sensor and open the pairing wizard. In the install wizard's test step
 * the radar reports a fall over the HTTP device API, as the device would; the host answering
 * `pair` is the simulated gateway of the next suite.
 */
describe('gateways and fall monitors, as a care home', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;
  const suffix = crypto.randomBytes(3).toString('hex').toUpperCase();
  const ids = { radar: `ED719W-${suffix}`, host: `LHD-${suffix}`, door: `DOOR-${suffix}` };
  let radarKey = '';

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    const vendor = await apiAs(vigil.baseUrl, 'demosenior');
    radarKey = z.object({ deviceKey: z.string() }).parse(await vendor('/device/registerDevice', { deviceId: ids.radar, deviceType: 21007 })).deviceKey;
    await vendor('/device/registerDevice', { deviceId: ids.host, deviceType: 21008 });
    await vendor('/device/registerDevice', { deviceId: ids.door, deviceType: 21009 });
    const home = await apiAs(vigil.baseUrl, 'demotwoa');
    await home('/device/insertDevice', { deviceId: ids.radar, deviceType: 21007, location: 'Room 101 bathroom' });
    page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demotwoa');
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('sets up a fall radar: top mount, a toilet shielded area moved by keyboard, mode change asks first', async () => {
    await page.goto('/deviceManage/ed719Device');
    const row = page.locator('.ant-table-row', { hasText: ids.radar });
    await row.waitFor();
    await assertAccessible(page, 'fall monitors');
    await row.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: /Fall-monitor settings/ });
    await dialog.getByRole('button', { name: 'Add shielded area' }).click();
    const box = dialog.getByRole('button', { name: /^Shielded area 1, Toilet/ });
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    assert.equal(await box.getAttribute('aria-label'), 'Shielded area 1, Toilet, 0.2 m right, 0.1 m forward');
    await dialog.getByLabel('Install height').fill('2.1');
    await expectText(dialog.getByText('Between 2.2 and 3 m'), /Between/);
    assert.ok(await dialog.getByRole('button', { name: 'Save' }).isDisabled(), 'an out-of-range height cannot be saved');
    await dialog.getByLabel('Install height').fill('2.6');
    await screenshot(page, 'gateways-fall-settings-1440');
    await assertAccessible(page, 'fall settings dialog');
    // Changing the mode clears the shielded areas, after a confirmation: cancel keeps them.
    await dialog.getByText('Flush (wall)').click();
    await page.getByRole('dialog', { name: 'Change the install mode?' }).getByRole('button', { name: 'Cancel' }).click();
    await box.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Saved: the device is offline/).waitFor();
    await row.getByText('Waiting for the device').waitFor();
    await expectText(row, /Top \(ceiling\) · 2\.6 m/);
  });

  test('deleting a shielded area asks first; the saved radar reopens with it', async () => {
    await page.goto('/deviceManage/ed719Device');
    await page.locator('.ant-table-row', { hasText: ids.radar }).getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: /Fall-monitor settings/ });
    await dialog.getByRole('button', { name: 'Delete shielded area 1?' }).click();
    await page.getByRole('dialog', { name: 'Delete shielded area 1?' }).getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: /^Shielded area 1, Toilet, 0.2 m right/ }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the six-step install wizard walks location, mode, base, mount (3-minute init), blind zones and a test that receives the radar\'s fall', async () => {
    await page.goto('/deviceManage/ed719Device');
    const row = page.locator('.ant-table-row', { hasText: ids.radar });
    await row.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Install wizard' }).click();
    const wizard = page.getByRole('dialog', { name: /Install fall monitor/ });
    assert.equal(await wizard.getByLabel('Installation location').inputValue(), 'Room 101 bathroom');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(/2\.2–3 m high \(2\.4 m recommended\)/).waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(/Fix the base to the ceiling/).waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(/initialises for 3 minutes/).waitFor();
    await wizard.getByRole('status').getByText('Initialising…').waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: /^Shielded area 1, Toilet/ }).waitFor();
    await screenshot(page, 'gateways-fall-wizard-zones-1440');
    await assertAccessible(page, 'fall install wizard');
    await wizard.getByRole('button', { name: 'Save and test' }).click();
    await wizard.getByText(/stay there at least 15 seconds/).waitFor();
    await wizard.getByText('Waiting for the fall event from the device…').waitFor();
    await screenshot(page, 'gateways-fall-wizard-test-1440');
    // The just-installed radar reports the simulated fall, as the device does: its own event over
    // the HTTP device API with its key (docs/device-protocol.md), through ingest to the wizard.
    const reported = await fetch(`${vigil.baseUrl}/api/device/v1/${ids.radar}/event`, {
      method: 'POST', headers: { authorization: `Bearer ${radarKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), type: 'fall', status: 1 }),
    });
    assert.equal(reported.status, 200, await reported.text());
    await wizard.getByText('Fall detected: the monitor works').waitFor();
    await wizard.getByText(/The device reported the fall at/).waitFor();
    await assertAccessible(page, 'fall install wizard, fall received');
    await screenshot(page, 'gateways-fall-wizard-passed-1440');
    await wizard.locator('.ant-modal-footer').getByRole('button', { name: 'Done' }).click();
  });

  test('adds a gateway host and a door sensor, and the pairing wizard shows the §9 steps', async () => {
    await page.goto('/deviceManage/hostDevice');
    await page.getByRole('button', { name: 'Add gateway host' }).click();
    await page.getByLabel('Gateway host ID').fill(ids.host);
    await page.getByLabel('Installation location').fill('North 1F hall');
    await page.keyboard.press('Enter');
    const hostRow = page.locator('.ant-table-row', { hasText: ids.host });
    await hostRow.waitFor();
    await hostRow.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Add sub-device' }).click();
    await page.getByLabel('Sub-device ID').fill(ids.door);
    await page.getByLabel('Installation location').fill('Room 101 door');
    await page.keyboard.press('Enter');
    await expectText(hostRow, /1 of 49/);
    await hostRow.getByRole('button', { name: 'Expand row' }).click();
    await page.locator('.ant-table-row', { hasText: ids.door }).getByText('To be paired').waitFor();
    await assertAccessible(page, 'gateway hosts');
    await screenshot(page, 'gateways-hosts-1440');
    await hostRow.getByRole('button', { name: 'Pairing wizard' }).click();
    const wizard = page.getByRole('dialog', { name: /Pair sub-devices with/ });
    await wizard.getByText(/power button for 3–5 seconds/).waitFor();
    await wizard.getByText(/about 2 minutes/).waitFor();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(/pairing button for 3 seconds.*level of 2 or higher/).waitFor();
    await wizard.getByText('The host is offline: pairing needs it online.').waitFor();
    await assertAccessible(page, 'pairing wizard');
    await screenshot(page, 'gateways-pairing-wizard-1440');
    await wizard.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });

  test('security equipment lists the door sensor; the screens fit 390 px', async () => {
    await page.goto('/deviceManage/safeDeviceManage');
    const doorRow = page.locator('.ant-table-row', { hasText: ids.door });
    await doorRow.waitFor();
    await assertAccessible(page, 'security equipment');
    await doorRow.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Install wizard' }).click();
    const wizard = page.getByRole('dialog', { name: `Install ${ids.door}` });
    await wizard.getByText(/with a gap under 1 cm/).waitFor();
    await settled(page);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('Open the door, then close it.').waitFor();
    await expectText(wizard.locator('li', { hasText: 'Door opened' }), /Waiting for the device/);
    await assertAccessible(page, 'door install wizard');
    await screenshot(page, 'gateways-door-wizard-1440');
    await wizard.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    const phone = await (await newContext(browser, vigil.baseUrl, 390)).newPage();
    await login(phone, 'demotwoa');
    for (const path of ['/deviceManage/hostDevice', '/deviceManage/ed719Device', '/deviceManage/safeDeviceManage']) {
      await phone.goto(path);
      await phone.locator('.ant-table').first().waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px at 390`);
      await screenshot(phone, `gateways-${path.split('/').pop()}-390`);
    }
    await phone.locator('.ant-table-row', { hasText: ids.door }).getByRole('button', { name: 'Pair' }).waitFor();
    await phone.goto('/deviceManage/ed719Device');
    await phone.locator('.ant-table-row', { hasText: ids.radar }).getByRole('button', { name: 'Settings' }).click();
    const dialog = phone.getByRole('dialog', { name: /Fall-monitor settings/ });
    await dialog.getByRole('button', { name: /^Shielded area 1, Toilet/ }).waitFor();
    const dialogOverflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(dialogOverflow <= 0, `the settings dialog scrolls sideways by ${dialogOverflow}px at 390`);
    await screenshot(phone, 'gateways-fall-settings-390');
    await assertAccessible(phone, 'fall settings dialog at 390');
    await phone.close();
  });

});

/**
 * The pairing wizard driven by real device events: a simulated gateway (named so: the device
 * simulator over Vigil's HTTP device API) answers `pair` with its door sensor joining, and the
 * door opening marks it tested.
 */
describe('pairing a sub-device with the wizard, the gateway simulated', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let simulation: SimulationHandle | undefined;
  const suffix = crypto.randomBytes(3).toString('hex').toUpperCase();
  const ids = { host: `LHDS-${suffix}`, door: `DOORS-${suffix}` };

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    const vendor = await apiAs(vigil.baseUrl, 'demosenior');
    const host = await vendor('/device/registerDevice', { deviceId: ids.host, deviceType: 21008 });
    await vendor('/device/registerDevice', { deviceId: ids.door, deviceType: 21009 });
    const home = await apiAs(vigil.baseUrl, 'demotwoa');
    await home('/he/addHost', { deviceId: ids.host, location: 'North 2F hall' });
    const key = z.object({ deviceKey: z.string() }).parse(host).deviceKey;
    simulation = await startSimulation({
      httpBaseUrl: vigil.baseUrl, pollMs: 500, ambient: false,
      devices: [{ deviceId: ids.host, deviceType: 21008, key, subDevices: [{ deviceId: ids.door, deviceType: 21009 }] }],
    });
    await simulation?.ready;
  });
  after(async () => {
    await simulation?.stop();
    await browser?.close();
    await vigil?.stop();
  });

  test('the door sensor joins while the wizard listens, and opening the door marks it tested', async () => {
    const page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demotwoa');
    await page.goto('/deviceManage/hostDevice');
    const hostRow = page.locator('.ant-table-row', { hasText: ids.host });
    await hostRow.waitFor();
    await hostRow.getByRole('button', { name: 'Pairing wizard' }).click();
    const wizard = page.getByRole('dialog', { name: `Pair sub-devices with ${ids.host}` });
    await expectText(wizard.getByRole('status').first(), /Online/);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Start pairing' }).click();
    await expectText(wizard, new RegExp(`${ids.door}[\\s\\S]*Paired`));
    await screenshot(page, 'gateways-pairing-joined-1440');
    await assertAccessible(page, 'pairing wizard with a joined sub-device');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectText(wizard, /Under test/);
    await simulation?.openDoor(ids.door);
    await expectText(wizard, /Tested/);
    await page.close();
  });
});
