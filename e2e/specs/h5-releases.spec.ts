import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, login, newContext, screenshot } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { expectText } from '../support/wait.ts';
import { buildZip } from '../../packages/server/src/test/zip-builder.ts';

/** An H5 package as a build makes it: a page and its hashed script, which writes the heading. */
function h5Package(version: string): Buffer {
  return buildZip([
    { name: 'index.html', data: Buffer.from(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil H5 ${version}</title><script type="module" src="./assets/app-${version}.js"></script></head><body><main><h1 id="heading">loading</h1></main></body></html>`) },
    { name: `assets/app-${version}.js`, data: Buffer.from(`document.getElementById('heading').textContent = 'H5 package ${version}';`) },
  ]);
}

/** App and H5 releases > H5 versions: publish an uploaded package to /app/, and roll back (issue 29). */
describe('H5 versions, published to /app/', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;

  before(async () => {
    [vigil, browser] = await Promise.all([startVigil(), launchBrowser()]);
    page = await (await newContext(browser, vigil.baseUrl, 1440)).newPage();
    await login(page, 'demosenior');
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  /** What a fresh phone opening /app/ sees (its own context: no service worker from before). */
  async function appTitle(): Promise<string> {
    const context = await newContext(browser, vigil.baseUrl, 390);
    const phone = await context.newPage();
    await phone.goto('/app/');
    const title = await phone.title();
    await context.close();
    return title;
  }

  async function addVersion(version: string, file: { name: string; buffer: Buffer }) {
    await page.getByRole('button', { name: 'Add H5 version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add H5 version' });
    await dialog.getByLabel('Version', { exact: true }).fill(version);
    await dialog.locator('input[type=file]').setInputFiles({ name: file.name, mimeType: 'application/zip', buffer: file.buffer });
    await dialog.getByText(`Uploaded ${file.name} (MD5`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  }

  test('a package is published to /app/ after a confirmation, the screen says which is live, and removing it rolls back', async () => {
    await page.goto('/appReleaseManage/versionDeployment');
    await page.getByText('Served at /app/: the app built with the server (no H5 version is published)').waitFor();
    assert.equal(await appTitle(), 'Vigil', 'the built-in app before anything is published');

    // A package /app/ could not serve is refused, with its reason, and nothing is saved; the right
    // file is then chosen and saved in the same dialog (its Save does not wait for the toast to close).
    const dialog = await addVersion('3.1.0', { name: 'nested.zip', buffer: buildZip([{ name: 'dist/index.html', data: Buffer.from('<!doctype html>') }]) });
    await page.getByText('The H5 package has no index.html at its top level: it cannot be served at /app/.').waitFor();
    await page.getByText('No H5 versions yet').waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'h5-3.1.0.zip', mimeType: 'application/zip', buffer: h5Package('3.1.0') });
    await dialog.getByText('Uploaded h5-3.1.0.zip (MD5', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const first = page.locator('.ant-table-row', { hasText: '3.1.0' });
    await expectText(first, /Saved \(unpublished\)/);
    await first.getByRole('button', { name: 'Publish' }).click();
    const ask = page.getByRole('dialog', { name: 'Publish H5 version 3.1.0? /app/ will serve it instead of the built-in app.' });
    await ask.waitFor();
    await assertAccessible(page, 'publish H5 confirmation');
    await screenshot(page, 'h5-versions-publish-confirm-1440');
    await ask.getByRole('button', { name: 'Publish' }).click();
    await expectText(first, /Published/);
    await expectText(first, /Live at \/app\//);
    await expectText(page.getByRole('alert'), /Served at \/app\/: H5 version 3\.1\.0, published/);
    assert.equal(await appTitle(), 'Vigil H5 3.1.0');

    await addVersion('3.2.0', { name: 'h5-3.2.0.zip', buffer: h5Package('3.2.0') });
    const second = page.locator('.ant-table-row', { hasText: '3.2.0' });
    await second.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish H5 version 3.2.0? /app/ will serve it instead of H5 version 3.1.0.' }).getByRole('button', { name: 'Publish' }).click();
    await expectText(second, /Live at \/app\//);
    await expectText(first, /Live/, { not: true });
    assert.equal(await appTitle(), 'Vigil H5 3.2.0');
    await page.mouse.move(0, 0);
    await assertAccessible(page, 'H5 versions, one live');
    await screenshot(page, 'h5-versions-1440');

    // Removing the live one: /app/ rolls back to the one published before it.
    await second.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove H5 version 3.2.0? /app/ will serve H5 version 3.1.0. A removed version cannot be published again.' }).getByRole('button', { name: 'Remove' }).click();
    await expectText(second, /Removed/);
    await expectText(first, /Live at \/app\//);
    assert.equal(await appTitle(), 'Vigil H5 3.1.0');

    // Unpublishing the last one: the built-in app.
    await first.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('dialog', { name: 'Unpublish H5 version 3.1.0? /app/ will serve the built-in app. It can be published again.' }).getByRole('button', { name: 'Unpublish' }).click();
    await expectText(first, /Saved \(unpublished\)/);
    await page.getByText('Served at /app/: the app built with the server (no H5 version is published)').waitFor();
    assert.equal(await appTitle(), 'Vigil');
  });

  test('the H5 version screen at 390 px: no sideways scrolling, axe clean', async () => {
    const phone = await (await newContext(browser, vigil.baseUrl, 390)).newPage();
    await login(phone, 'demosenior');
    await phone.goto('/appReleaseManage/versionDeployment');
    const row = phone.locator('.ant-table-row', { hasText: '3.1.0' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Publish' }).click();
    await phone.getByRole('dialog', { name: /Publish H5 version 3\.1\.0\?/ }).getByRole('button', { name: 'Publish' }).click();
    await expectText(row, /Live at \/app\//);
    await phone.getByText(/Served at \/app\/: H5 version 3\.1\.0/).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `page scrolls sideways by ${overflow} px`);
    // The pointer rests off the table: a hovered text button's tint is not what the screen shows.
    await phone.mouse.move(0, 0);
    await assertAccessible(phone, 'H5 versions at 390 px');
    await screenshot(phone, 'h5-versions-390');
    await phone.goto('/app/');
    await phone.getByRole('heading', { name: 'H5 package 3.1.0' }).waitFor();
    await screenshot(phone, 'h5-app-served-390');
    await phone.close();
  });
});
