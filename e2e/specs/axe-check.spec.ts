import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible, axeFindings } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * The accessibility check itself: what a page really shows fails it, a toast that fades while axe
 * runs does not (assertAccessible counts only findings seen on two runs). No server needed.
 */
describe('assertAccessible', () => {
  let browser: Browser;
  let page: Page;
  before(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  after(() => browser?.close());

  const body = (inner: string) => `<!doctype html><html lang="en"><head><title>axe check</title></head><body><main><h1>Check</h1>${inner}</main></body></html>`;

  test('fails on text that stays unreadable, naming the rule and the element', async () => {
    await page.setContent(body('<p id="faint" style="color:#8a8a8a;background:#969696">Barely there</p>'));
    await assert.rejects(assertAccessible(page, 'faint text'), /faint text: 1 critical or serious.*color-contrast.*#faint/s);
  });

  test('passes a page whose only finding disappears before axe runs again', async () => {
    // The faint notice is removed as soon as axe has looked once, as a toast's time runs out.
    await page.setContent(body('<p>Readable</p><p id="toast" style="color:#8a8a8a;background:#969696">Fading</p>'));
    // Loads axe into the page (and shows the notice is a finding while it is there).
    assert.deepEqual((await axeFindings(page)).map((finding) => finding.targets), [['#toast']]);
    await page.evaluate(() => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
      const run = axe.run.bind(axe);
      axe.run = async (...args: unknown[]) => {
        const result = await run(...args);
        document.getElementById('toast')?.remove();
        return result;
      };
    });
    await assertAccessible(page, 'fading toast');
  });
});
