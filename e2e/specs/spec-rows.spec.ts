import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { DEMO_PASSWORD, launchBrowser, signedInPage } from '../support/browser.ts';
import { deviceKeysOf } from '../support/device-keys.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { query } from '../support/sql.ts';

/** Calls the API as a demo user; answers the envelope. */
async function apiCall<T = unknown>(vigil: RunningVigil, userName: string, operationPath: string, body: object = {}): Promise<{ status: number; data: T; msg: string }> {
  const login = await fetch(`${vigil.baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, passWord: DEMO_PASSWORD, from: 'PC', rsa: false }) });
  const { data } = (await login.json()) as { data: { token: string } };
  const response = await fetch(`${vigil.baseUrl}/api${operationPath}`, { method: 'POST', headers: { 'content-type': 'application/json', 's-token': data.token }, body: JSON.stringify(body) });
  return (await response.json()) as { status: number; data: T; msg: string };
}

/** No sideways scrolling of the whole page (tables may scroll inside their own box). */
async function assertNoPageOverflow(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${screen}: the page scrolls sideways by ${overflow} px`);
}

/** Issue 29: the spec rows built this session, screen by screen, at 1440 and 390 px, with axe. */
describe('spec rows (issue 29)', () => {
  let vigil: RunningVigil;
  let browser: Browser;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  test('temporary absence: marked away from the resident list (1440 and 390 px), shown on the list and the board, then back', async () => {
    const list = await apiCall<{ rows: { id: number; name: string }[] }>(vigil, 'demotwoa', '/userManagement/userList', { pageNum: 1, pageSize: 1, state: 'admitted' });
    assert.equal(list.status, 200, list.msg);
    const name = list.data.rows[0].name;

    for (const width of [390, 1440]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', width);
      await page.goto('/people-manage/userManage');
      await page.getByRole('searchbox', { name: 'Search residents' }).fill(name);
      await page.getByRole('searchbox', { name: 'Search residents' }).press('Enter');
      const row = page.locator('tr', { hasText: name }).first();
      await row.getByRole('button', { name: /More/ }).click();
      await page.getByRole('menuitem', { name: 'Temporarily away' }).click();
      const dialog = page.getByRole('dialog', { name: `${name} is temporarily away` });
      await dialog.waitFor();
      await assertAccessible(page, `absence dialog, ${width}`);
      await assertNoPageOverflow(page, `absence dialog, ${width}`);
      if (width === 390) {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        continue;
      }
      await dialog.getByLabel('Remark').fill('Hospital check-up');
      await dialog.getByRole('button', { name: 'Mark away' }).click();
      await row.getByText('Away', { exact: true }).waitFor();

      await page.goto('/realMonitor/residentList');
      const card = page.locator('article', { hasText: name }).first();
      await card.getByText('Away (alarms paused)').waitFor();
      await assertAccessible(page, 'board with an away resident, 1440');

      await page.goto('/people-manage/userManage');
      await page.getByRole('searchbox', { name: 'Search residents' }).fill(name);
      await page.getByRole('searchbox', { name: 'Search residents' }).press('Enter');
      await row.getByRole('button', { name: /More/ }).click();
      await page.getByRole('menuitem', { name: 'Back from absence' }).click();
      await row.getByText('Away', { exact: true }).waitFor({ state: 'detached' });
    }
    const back = await apiCall<{ rows: { id: number; away: unknown }[] }>(vigil, 'demotwoa', '/userManagement/userList', { pageNum: 1, pageSize: 1, state: 'admitted' });
    assert.equal(back.data.rows[0].away, null);
  });

  test('statistics: residents by age band and the away figure', async () => {
    for (const width of [1440, 390]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', width);
      await page.goto('/statistics');
      await page.getByText('Residents by age').waitFor();
      await page.getByText('Temporarily away').first().waitFor();
      await assertAccessible(page, `statistics with age bands, ${width}`);
      await assertNoPageOverflow(page, `statistics, ${width}`);
    }
  });

  test('sub-devices show power status and hardware version (02 §3), at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', width);
      await page.goto('/deviceManage/safeDeviceManage');
      await page.getByRole('columnheader', { name: 'Power' }).first().waitFor();
      await page.getByRole('columnheader', { name: 'Hardware version' }).first().waitFor();
      await page.getByRole('heading', { name: 'NB-IoT sensors (through the carrier)' }).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      await assertAccessible(page, `security equipment with power and hardware version, ${width}`);
      await assertNoPageOverflow(page, `security equipment, ${width}`);
    }
  });

  test('Settings > Platform settings: the care home sets its own time zone (1440 and 390 px)', async () => {
    for (const width of [390, 1440]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', width);
      await page.goto('/settings/platSet');
      const picker = page.getByLabel('Time zone of Sunrise Riverside Home');
      await picker.waitFor();
      await assertAccessible(page, `platform settings with the care home zone, ${width}`);
      await assertNoPageOverflow(page, `platform settings, ${width}`);
      if (width === 390) continue;
      await picker.focus();
      await page.keyboard.type('Asia/Tokyo');
      await page.locator('.ant-select-item-option-active', { hasText: 'Asia/Tokyo' }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByText('Care home time zone saved.').waitFor();
      await page.reload();
      await page.getByText('(UTC+09:00) Asia/Tokyo').waitFor();
    }
  });

  test('vendor roles stock every device type on the main device screen (02 §2), at 1440 and 390 px', async () => {
    for (const width of [1440, 390]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demobusiness', width);
      await page.goto('/deviceManage/deviceManage');
      await page.getByRole('button', { name: 'Sync NB-IoT devices with the carrier' }).waitFor();
      await page.getByRole('button', { name: 'Register into stock' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Device type').waitFor();
      // Checked before the type list opens: antd's open option list carries aria-selected on plain divs.
      await assertAccessible(page, `vendor register dialog, ${width}`);
      await assertNoPageOverflow(page, `vendor device screen, ${width}`);
      await dialog.getByLabel('Device type').focus();
      await page.keyboard.press('ArrowDown');
      for (const model of ['SOS-N03', 'SR-N06']) await page.locator('.ant-select-item-option', { hasText: model }).first().waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  test('the fall-monitor screen adds, binds and restarts radars (1440 and 390 px)', async () => {
    for (const width of [390, 1440]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', width);
      await page.goto('/deviceManage/ed719Device');
      await page.locator('.ant-table-row').first().waitFor();
      await page.getByRole('button', { name: 'Add fall monitor' }).click();
      const add = page.getByRole('dialog');
      await add.getByLabel('Device type').waitFor();
      await assertAccessible(page, `add fall monitor, ${width}`);
      await assertNoPageOverflow(page, `fall monitors, ${width}`);
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'hidden' });
      if (width === 390) continue;
      const row = page.locator('.ant-table-row').first();
      await row.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Bind or unbind' }).click();
      const bind = page.getByRole('dialog');
      await bind.getByRole('button', { name: 'Cancel' }).waitFor();
      await assertAccessible(page, 'bind a fall monitor, 1440');
      await bind.getByRole('button', { name: 'Cancel' }).click();
      await row.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Restart' }).click();
      await page.getByRole('dialog', { name: /^Restart / }).waitFor();
      await page.getByRole('dialog', { name: /^Restart / }).getByRole('button', { name: 'Cancel' }).click();
    }
  });

  test('release with a reason from the pending list; the alarm log shows the release source and the reason (1440 and 390 px)', async () => {
    const [radar] = await query<{ device_id: string; device_key: string }>(vigil, `SELECT d.device_id, d.device_key FROM devices d JOIN providers p ON p.id = d.provider_id
      WHERE p.name = 'Sunrise Riverside Home' AND d.device_type IN (21007, 21011) ORDER BY d.id LIMIT 1`);
    assert.ok(radar, 'the demo has a fall radar in Sunrise Riverside Home');
    const sent = await fetch(`${vigil.baseUrl}/api/device/v1/${radar.device_id}/event`, {
      method: 'POST', headers: { authorization: `Bearer ${deviceKeysOf(vigil).open(radar.device_key)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ts: Date.now(), type: 'fall', status: 1 }),
    });
    assert.equal(sent.status, 200, await sent.text());

    const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 1440);
    await page.goto('/alarm-log/alarmIndex');
    const panel = page.locator('section.pending-panel');
    await panel.getByRole('button', { name: /^Release .*fall/i }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Release the alarm' });
    await dialog.getByRole('radio', { name: 'Another reason (write it below)' }).check();
    await dialog.getByRole('button', { name: 'Release' }).click();
    await dialog.getByText('Write the reason.').waitFor();
    await assertAccessible(page, 'release dialog with its messages, 1440');
    await dialog.getByRole('radio', { name: 'False alarm' }).check();
    await dialog.getByLabel('Note').fill('curtain moved');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Released in the console · False alarm: curtain moved').first().waitFor();
    await assertAccessible(page, 'alarm log with a released alarm, 1440');

    const phone = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 390);
    await phone.goto('/alarm-log/alarmIndex');
    await phone.getByText('Released in the console · False alarm: curtain moved').first().waitFor();
    await assertAccessible(phone, 'alarm log with a released alarm, 390');
    await assertNoPageOverflow(phone, 'alarm log, 390');
  });

  test('community settings: schedule and out-of-bed time from the address page (1440 and 390 px)', async () => {
    for (const width of [390, 1440]) {
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', width);
      await page.goto('/BunkManage/index');
      const menu = page.getByRole('button', { name: 'Actions for North Building' }).first();
      await menu.click();
      await page.getByRole('menuitem', { name: 'Community settings' }).click();
      const dialog = page.getByRole('dialog', { name: /^Settings of / });
      await dialog.getByLabel('Bed time (HH:mm)').fill('22:00');
      await dialog.getByLabel('Wake time (HH:mm)').fill('07:15');
      await dialog.getByLabel('Out-of-bed alarm after (minutes)').fill('20');
      await assertAccessible(page, `community settings, ${width}`);
      await assertNoPageOverflow(page, `community settings, ${width}`);
      if (width === 390) {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        continue;
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/^Settings of .* saved\.$/).waitFor();
    }
  });

  test('a domestic fall radar (21011) is configured from the main device screen\'s drawer', async () => {
    const id = `ED719N-${Date.now().toString(36)}`;
    assert.equal((await apiCall(vigil, 'demosenior', '/system/saveConfig', { edition: 'domestic' })).status, 200);
    try {
      assert.equal((await apiCall(vigil, 'demosenior', '/device/registerDevice', { deviceId: id, deviceType: 21011 })).status, 200);
      const added = await apiCall(vigil, 'demotwoa', '/device/insertDevice', { deviceId: id, deviceType: 21011 });
      assert.equal(added.status, 200, added.msg);
      const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 1440);
      await page.goto('/deviceManage/deviceManage');
      // The domestic edition offers Simplified Chinese only (spec 01 §1): the console switches to it.
      await page.getByRole('button', { name: `设备 ${id} 详情` }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^设\s*置$/ }).click();
      await page.getByRole('dialog', { name: `跌倒监测设置 · ${id}` }).waitFor();
      await assertAccessible(page, 'domestic radar settings from the drawer');
    } finally {
      await apiCall(vigil, 'demosenior', '/system/saveConfig', { edition: 'overseas' });
    }
  });
});
