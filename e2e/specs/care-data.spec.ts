import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectCount, expectText, settled } from '../support/wait.ts';

/**
 * The care-data flow of an operator, in order: build a floor with rooms and beds,
 * register residents onto a bed (resolving the conflict prompt), import a spreadsheet
 * with one bad row, check a resident out and in again.
 */
describe('care data, as an operator', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-sheets-'));

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demotwoa');
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function pickBed(area: string, floor: string, room: string, bed: string): Promise<void> {
    await page.getByLabel('Bed', { exact: true }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: area }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${floor}$`) }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: room }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${bed}`) }).click();
  }

  async function fillResident(name: string): Promise<void> {
    await page.goto('/people-manage/userManage');
    await page.getByRole('button', { name: 'Register resident' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Female').check();
    await page.getByLabel('Date of birth').click();
    await page.getByLabel('Date of birth').fill('1940-05-06');
    // Moving on to the next field closes the date picker (Enter would submit the whole form).
    await page.getByLabel('Height').click();
    await page.getByLabel('Height').fill('158');
    await page.getByLabel('Weight').fill('51.5');
  }

  async function searchResident(name: string) {
    await page.goto('/people-manage/userManage');
    await page.getByLabel('Search residents').fill(name);
    await page.keyboard.press('Enter');
    await page.waitForLoadState('networkidle');
    return page.locator('.ant-table-row', { hasText: name });
  }

  test('builds a floor with rooms and beds; a repeated room name is refused and named', async () => {
    await page.goto('/BunkManage/index');
    await page.getByRole('button', { name: 'Add area' }).click();
    await page.getByLabel('Area, building or community name').fill('East Wing');
    await page.keyboard.press('Enter');
    await page.getByText('Area added.').waitFor();
    await page.getByRole('button', { name: 'Add floor' }).first().click();
    await page.getByLabel('Floor or unit name').fill('1F');
    await page.keyboard.press('Enter');
    await page.getByText('Floor added.').waitFor();
    await page.getByRole('button', { name: 'Add rooms' }).first().click();
    await page.getByLabel('Room names').fill('E101, E102, E101');
    await page.keyboard.press('Enter');
    await page.getByText(/E101/).filter({ hasText: /more than once/ }).first().waitFor();
    await page.getByLabel('Room names').fill('E101, E102');
    await page.keyboard.press('Enter');
    await page.getByText('Rooms added: 2.').waitFor();
    await page.getByRole('button', { name: 'Add beds to room E101' }).first().click();
    await page.getByLabel('Bed names').fill('A, B');
    await page.keyboard.press('Enter');
    await page.getByText('Beds added: 2.').waitFor();
    await screenshot(page, 'care-floor-built-1440');
  });

  test('a floor delete asks for its typed name; a floor with rooms cannot be deleted, and the refusal says why', async () => {
    await page.getByRole('button', { name: 'Actions for 1F' }).last().click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    assert.equal(await confirm.isDisabled(), true, 'disabled until the name is typed');
    await dialog.getByLabel('Type 1F to confirm').fill('2F');
    assert.equal(await confirm.isDisabled(), true, 'a wrong name keeps it disabled');
    await dialog.getByLabel('Type 1F to confirm').fill('1F');
    await confirm.click();
    await page.getByText(/still has rooms/).first().waitFor();
    await page.keyboard.press('Escape');
  });

  test('registers a resident onto a bed', async () => {
    await fillResident('Edith Example');
    await pickBed('East Wing', '1F', 'E101', 'A');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/people-manage/userManage');
    const row = await searchResident('Edith Example');
    await expectText(row.first(), /E101/);
  });

  test('a second resident onto the same bed asks first, then moves the bed link', async () => {
    await fillResident('Frank Example');
    await pickBed('East Wing', '1F', 'E101', 'A');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const prompt = page.locator('.ant-modal-confirm');
    await prompt.waitFor();
    await expectText(prompt, /already in use[\s\S]*Edith Example/);
    await screenshot(page, 'care-bed-conflict-1440');
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.waitForURL((url) => url.pathname === '/people-manage/userManage');
    const frank = await searchResident('Frank Example');
    await expectText(frank.first(), /E101/);
    const edith = await searchResident('Edith Example');
    // Edith's row is there, and (once the list has fetched) no longer on E101: the link moved away.
    await expectText(edith.first(), /Edith Example/);
    await expectText(edith.first(), /E101/, { not: true });
  });

  test('imports a spreadsheet with one bad row: the row is named and nothing is imported', async () => {
    await page.goto('/people-manage/userManage');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Template' }).click();
    const template = await download;
    assert.match(template.suggestedFilename(), /\.xlsx?$/);
    const templateFile = path.join(work, template.suggestedFilename());
    await template.saveAs(templateFile);
    const header = XLSX.utils.sheet_to_json<string[]>(XLSX.read(fs.readFileSync(templateFile)).Sheets[XLSX.read(fs.readFileSync(templateFile)).SheetNames[0]], { header: 1 })[0];
    assert.equal(header.length, 14, `template columns: ${header.join(' | ')}`);
    const good = ['王小明', 'Male', '1945-02-03', 170, 65, 'East Wing', '1F', 'E101', 'B', '王芳', '+8613800001111', 'Children', 2, ''];
    const bad = ['Bad Row Person', 'X', '1945/02/03', 160, 60, 'East Wing', '1F', 'E102', 'A', 'Someone', '+441234567', 'Friend', 2, ''];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, good, bad]), 'Residents');
    const file = path.join(work, 'residents.xlsx');
    fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));

    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(file);
    await page.locator('.ant-modal').getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/problems found/).waitFor();
    const report = await expectText(page.locator('.ant-modal'), /Gender must be male or female/);
    assert.match(report, /\b3\b/, 'row 3 is named');
    await screenshot(page, 'care-import-rejected-1440');
    await page.keyboard.press('Escape');
    const imported = await searchResident('王小明');
    // The search has answered (the table shows its empty state) and found nothing: the good row was not imported either.
    await page.locator('.ant-table-placeholder .ant-empty').waitFor();
    await expectCount(imported, 0);
  });

  test('checks a resident in, out and in again', async () => {
    const row = (await searchResident('Frank Example')).first();
    await expectText(row, /Not admitted/);
    await row.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('Frank Example checked in.').waitFor();
    await page.locator('.ant-table-row', { hasText: 'Frank Example' }).first().getByRole('button', { name: 'Check out' }).click();
    // The confirmation zooms in; a click on a loaded machine can land beside its button (failed
    // once in a full SQLite run: the message never came).
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').waitFor();
    await settled(page);
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.getByText('Frank Example checked out.').waitFor();
    // The message comes before the list has fetched again: wait for the row a user would see.
    const again = page.locator('.ant-table-row', { hasText: 'Frank Example' }).first();
    await expectText(again, /Checked out/);
    await again.getByRole('button', { name: 'Check in' }).click();
    await page.locator('.ant-table-row', { hasText: 'Frank Example' }).getByText('Admitted').waitFor();
    await screenshot(page, 'care-checked-in-1440');
  });

  test("a form whose checks cannot load (the connection dropped) says so in the field, and checks after a reload", async () => {
    // A fresh page, so the contract schemas' chunk has not been loaded yet: it fails to arrive.
    const fresh = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(fresh, 'demotwoa');
    const schemasChunk = /\/assets\/contractSchemas-[^/]+\.js$/;
    await fresh.route(schemasChunk, (route) => route.abort('internetdisconnected'));
    await fresh.goto('/nurse-manage/addAndEdit/addAndEditNurse');
    await fresh.getByLabel('Mobile phone').fill('12345abc');
    await fresh.getByText('Mobile phone could not be checked: the connection to the server dropped. Reload the page and try again.').waitFor();
    await settled(fresh);
    await screenshot(fresh, 'care-check-unavailable-1440');
    // The connection is back and the page reloaded (Chromium keeps a failed module import failed
    // for the page's life, so the message asks for a reload): the check answers the contract's message.
    await fresh.unroute(schemasChunk);
    await fresh.reload();
    await fresh.getByLabel('Mobile phone').fill('12345abc');
    await fresh.getByText(/Enter a valid mobile number/).waitFor();
    await fresh.context().close();
  });
});
