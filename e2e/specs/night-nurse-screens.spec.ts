import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { DEMO_PASSWORD, launchBrowser, screenshot, signedInPage } from '../support/browser.ts';
import { deviceKeysOf } from '../support/device-keys.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectCount, expectText, waitFor } from '../support/wait.ts';
import { query } from '../support/sql.ts';

interface SosButton {
  deviceId: string;
  key: string;
  resident: string;
}

/** An SOS button on the bed of an admitted resident of Sunrise Riverside Home (the n-th such bed), as the devices module would write it. */
async function sosButtonOnBed(vigil: RunningVigil, index: number): Promise<SosButton> {
  const beds = await query<{ bed_id: number; room_id: number; provider_id: number; resident: string }>(
    vigil,
    `SELECT b.id AS bed_id, b.room_id, b.provider_id, r.name AS resident FROM beds b
       JOIN residents r ON r.bed_id = b.id AND r.state = 'admitted'
       JOIN providers p ON p.id = b.provider_id
      WHERE p.name = 'Sunrise Riverside Home' ORDER BY b.id`,
  );
  const bed = beds[index];
  assert.ok(bed, 'the demo has admitted residents on beds in Sunrise Riverside Home');
  const deviceId = `NN-${crypto.randomBytes(5).toString('hex')}`;
  const key = crypto.randomBytes(16).toString('hex');
  await query(
    vigil,
    `INSERT INTO devices (device_id, cipher_id, device_type, device_key, provider_id, bed_id, room_id, online, settings, pairing, remark, location, created_at, updated_at)
     VALUES ($1, $2, 20993, $3, $4, $5, $6, 1, '{}', 'none', '', '', $7, $8)`,
    [deviceId, `C${deviceId}`, deviceKeysOf(vigil).seal(key), bed.provider_id, bed.bed_id, bed.room_id, Date.now(), Date.now()],
  );
  return { deviceId, key, resident: bed.resident };
}

/** The button pressed, over the device protocol's HTTP leg; answers when the alarm is stored. */
async function pressSos(vigil: RunningVigil, button: SosButton): Promise<void> {
  const sent = await fetch(`${vigil.baseUrl}/api/device/v1/${button.deviceId}/event`, {
    method: 'POST',
    headers: { authorization: `Bearer ${button.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ts: Date.now(), type: 'sos', status: 1 }),
  });
  assert.equal(sent.status, 200, await sent.text());
  await waitFor(() => query<{ id: number }>(vigil, `SELECT id FROM alarms WHERE device_id = $1`, [button.deviceId]), (rows) => rows.length > 0, `the SOS alarm of ${button.deviceId}`);
}

/** How far a page or an element scrolls sideways (0 when it fits). */
async function sideways(page: Page, selector?: string): Promise<number> {
  return page.evaluate((css) => {
    const element = css ? document.querySelector(css) : document.documentElement;
    return element ? element.scrollWidth - element.clientWidth : 0;
  }, selector);
}

/** Issue 25, the screens a night nurse reads: what counts count, phone widths, names and wording, binding, the app's bulk handling. */
describe('night nurse screens (issue 25 items 12, 14, 17, 18)', { timeout: 300_000 }, () => {
  let vigil: RunningVigil;
  let browser: Browser;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });
  test('each screen with a resident count says what it counts (item 12)', async () => {
    const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa');

    await page.goto('/statistics');
    const residentsFigure = page.locator('.stats-kpi').filter({ has: page.getByText('Residents', { exact: true }) });
    await expectText(residentsFigure, /Admitted residents at the day's end/);
    await expectText(page.locator('.stats-counts-note'), /not yet admitted, checked-out and logged-out residents are not counted/);
    await expectText(page.locator('.stats-counts-note'), /All households .*Sleep reports .*Residents lists every record/);
    await screenshot(page, 'counts-statistics-1440');

    await page.goto('/realMonitor/residentList');
    await expectText(page.getByText(/^Counted: /), /admitted or not yet admitted, as of now/);
    await assertAccessible(page, 'board with its count note, 1440');

    await page.goto('/sleep-report/reportList');
    await expectText(page.getByText(/^Listed: /), /sleep monitor or at least one sleep report, whatever their state/);
    await assertAccessible(page, 'report list with its count note, 1440');

    await page.goto('/people-manage/userManage');
    const summary = page.getByRole('group', { name: 'Resident summary' });
    await expectText(summary, /All residents.*Every record: admitted, not yet admitted, checked out and logged out/s);
    await assertAccessible(page, 'resident management with its count note, 1440');

    await page.goto('/BunkManage/index');
    const beds = page.getByRole('group', { name: 'Bed summary' });
    await expectText(beds, /Occupied.*A resident is linked: admitted, not yet admitted or checked out/s);
    await expectText(beds, /With a device.*A device code is entered for the bed/s);
    await assertAccessible(page, 'address management with its count notes, 1440');
  });

  test('the board says "Out of bed" alone, explains its green top bar; the voice and the handle dialog use one wording (item 18)', async () => {
    const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa');
    await page.goto('/realMonitor/residentList');
    const legend = page.getByRole('list', { name: 'What the card colours mean' });
    await expectText(legend, /Green top bar: online, no alarm open/);
    await expectText(legend, /Light grey top bar: no reading yet/);
    await page.locator('.bed-card').first().waitFor();
    assert.equal(await page.getByText(/Bed vacant|Bed occupied/).count(), 0, 'no "Bed vacant" beside the state');
    await assertAccessible(page, 'board legend, 1440');
    await screenshot(page, 'board-legend-1440');

    // The console's handle dialog offers the catalogue's release wording, the one the app and the export show.
    const button = await sosButtonOnBed(vigil, 0);
    await pressSos(vigil, button);
    await page.goto('/alarm-log/alarmIndex');
    // The alarm log's own Handle (the pending panel's "Handle selected (0)" is disabled, and comes first once it shows).
    await page.locator('#main-content').getByRole('button', { name: 'Handle', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Handle alarm' });
    for (const name of ['Checked and dealt with (normal)', 'False alarm, device normal after recheck', 'Resident helped back into bed']) await dialog.getByRole('radio', { name }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('at 390 px the alarm log shows each alarm\'s time and resident, and the resident and report lists fit the width (item 14)', async () => {
    const button = await sosButtonOnBed(vigil, 1);
    await pressSos(vigil, button);
    const phone = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 390);

    await phone.goto('/alarm-log/alarmIndex');
    const card = phone.getByRole('article', { name: new RegExp(button.resident) }).first();
    await card.waitFor();
    await expectText(card.locator('time'), /\d{1,2}:\d{2}/);
    await expectText(card, new RegExp(button.resident));
    assert.ok((await sideways(phone)) <= 0, 'the alarm log does not scroll sideways');
    await assertAccessible(phone, 'alarm log, 390');
    await screenshot(phone, 'alarm-log-390');

    // The board's colour legend folds into one line on a phone, so the first cards are on the first screen.
    await phone.goto('/realMonitor/residentList');
    const firstCard = phone.locator('.bed-card').first();
    await firstCard.waitFor();
    const legendList = phone.getByRole('list', { name: 'What the card colours mean' });
    assert.equal(await legendList.isVisible(), false, 'the legend is folded at 390 px');
    assert.ok(((await firstCard.boundingBox())?.y ?? Infinity) < 844, 'the first card starts on the first screen');
    await phone.getByText('What the card colours mean').focus();
    await phone.keyboard.press('Enter');
    await expectText(legendList, /Green top bar: online, no alarm open/);
    await assertAccessible(phone, 'board with its legend opened, 390');
    await screenshot(phone, 'board-legend-390');

    await phone.goto('/people-manage/userManage');
    await phone.locator('.ant-table-row').first().waitFor();
    assert.ok((await sideways(phone, '.ant-table-content')) <= 0, 'the resident table does not scroll sideways');
    assert.ok((await sideways(phone)) <= 0, 'the resident page does not scroll sideways');
    await expectText(phone.locator('.ant-table-row').first(), /\/ .+ \/ /);
    await assertAccessible(phone, 'resident list, 390');
    await screenshot(phone, 'residents-390');

    await phone.goto('/sleep-report/reportList');
    await phone.locator('.ant-table-row').first().waitFor();
    assert.ok((await sideways(phone, '.ant-table-content')) <= 0, 'the report table does not scroll sideways');
    await assertAccessible(phone, 'report list, 390');
    await screenshot(phone, 'reports-390');
  });

  test('a device is bound from its row; the bed picker says which beds have devices; a taken bed is named by its place (item 17)', async () => {
    const page = await signedInPage(browser, vigil.baseUrl, 'demotwoa');
    await page.goto('/deviceManage/deviceManage');
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: /^(Bind|Change binding)$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Bind device/ });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Bed' }).check();
    await dialog.locator('.ant-cascader').click();
    for (const label of ['North Building', '1F', 'N101']) {
      await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${label}`) }).first().click();
    }
    // The demo's monitors lie on the occupied beds: the picker says so.
    await expectText(page.locator('.ant-cascader-menu').last(), /A · .+ · (has \S+|this device)/);
    await screenshot(page, 'bind-from-list-1440');
    // antd's open cascader menus carry findings of their own (aria-owns, unfocusable menus): checked closed.
    await dialog.locator('.ant-modal-title').click();
    await expectCount(page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)'), 0);
    await assertAccessible(page, 'binding dialog from the list, 1440');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the caregiver app handles several alarms at once: each recorded as handled by the caregiver, the rest stay (issue 25, bulk in the app)', async () => {
    const buttons = [await sosButtonOnBed(vigil, 2), await sosButtonOnBed(vigil, 3), await sosButtonOnBed(vigil, 4)];
    for (const button of buttons) await pressSos(vigil, button);
    const context = await browser.newContext({ baseURL: vigil.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const phone = await context.newPage();
    await phone.goto('/app/');
    await phone.getByRole('heading', { name: 'Sign in' }).waitFor();
    await phone.getByText('Caregiver', { exact: true }).tap();
    // The first caregiver of Sunrise Riverside Home in the demo (seed-care.ts: phone digits).
    await phone.getByLabel('Account').fill('44770090500');
    await phone.getByLabel('Password').fill(DEMO_PASSWORD);
    await phone.getByRole('button', { name: 'Sign in' }).tap();
    await phone.getByRole('heading', { name: 'Pending alarms' }).waitFor();
    const cardOf = (button: SosButton) => phone.getByRole('listitem').filter({ hasText: button.resident });
    for (const button of buttons) await cardOf(button).first().waitFor();

    await phone.getByRole('button', { name: 'Select several' }).tap();
    for (const button of buttons.slice(0, 2)) await cardOf(button).first().getByRole('checkbox').check();
    await expectText(phone.getByRole('group', { name: 'Selected alarms' }), /2 selected/);
    await assertAccessible(phone, 'app selecting alarms, 390');
    await screenshot(phone, 'app-bulk-select-390');
    await phone.getByRole('button', { name: 'Handle 2 alarms' }).tap();
    const sheet = phone.getByRole('dialog', { name: 'Handle 2 alarms' });
    await sheet.getByRole('radio', { name: 'Checked and dealt with (normal)' }).check();
    await sheet.getByRole('textbox', { name: 'Remark' }).fill('Night round, both settled');
    await assertAccessible(phone, 'app bulk handling sheet, 390');
    await screenshot(phone, 'app-bulk-sheet-390');
    await sheet.getByRole('button', { name: 'Submit for 2 alarms' }).tap();
    await phone.getByRole('status').filter({ hasText: '2 alarms handled.' }).waitFor();
    for (const button of buttons.slice(0, 2)) await expectCount(cardOf(button), 0);
    await cardOf(buttons[2]).first().waitFor();

    const rows = await query<{ deal_state: string; handler_name: string | null; remark: string | null }>(
      vigil,
      `SELECT deal_state, handler_name, remark FROM alarms WHERE device_id IN ($1, $2, $3) ORDER BY id`,
      buttons.map((button) => button.deviceId),
    );
    assert.deepEqual(rows.map((row) => row.deal_state), ['processed', 'processed', 'unDeal']);
    assert.ok(rows.slice(0, 2).every((row) => row.handler_name && row.remark === 'Night round, both settled'), JSON.stringify(rows));
    await context.close();
  });
});
