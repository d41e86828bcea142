import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertAccessible } from '../support/axe.ts';
import { launchBrowser, screenshot, signedInPage } from '../support/browser.ts';
import { registerRadar, reportFall } from '../support/radar.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

/**
 * Escalation chains at 1440 px (issue 28): the care home's screen beside the alarm levels refuses
 * a bad wait and saves nothing, asks before removing a step, saves a chain; a fall then walks it,
 * and the alarm's row in the alarm log shows who was told, by which channel, and that nobody has
 * handled it yet. Every view without critical or serious accessibility findings.
 */
describe('escalation chains in the console', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let page: Page;
  before(async () => {
    // Email on (to a port nothing listens on: nothing here waits for a mail), so the morning summary can be set.
    [vigil, browser] = await Promise.all([startVigil({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } }), launchBrowser()]);
    page = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 1440);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
  });

  const redChain = () => page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Red alarms' }) });

  test('the screen refuses a step without its wait and saves nothing', async () => {
    await page.goto('/alarm-log/escalation');
    await page.getByRole('heading', { name: 'Duty roster' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'escalation-1440');
    await assertAccessible(page, 'escalation at 1440');
    await page.getByRole('button', { name: 'Add a step to the red chain' }).click();
    await redChain().getByLabel('Wait after the alarm').fill('');
    await page.getByRole('button', { name: 'Save escalation' }).click();
    await page.getByText('Enter whole minutes from 0 to 120.').waitFor();
    await assertAccessible(page, 'escalation with a refused wait');
    await page.reload();
    await page.getByRole('heading', { name: 'Duty roster' }).waitFor();
    assert.equal(await redChain().getByText('No steps: every caregiver\'s phone rings at once.').count(), 1, 'nothing was saved');
  });

  test('removing a step asks first; a chain is saved', async () => {
    await page.getByRole('button', { name: 'Add a step to the red chain' }).click();
    const first = redChain().getByRole('group', { name: 'Step 1' });
    await first.getByLabel('Tell').click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: 'Every caregiver' }).click();
    await page.getByRole('button', { name: 'Add a step to the red chain' }).click();
    await redChain().getByRole('button', { name: 'Remove step 2' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Remove this step?' });
    await dialog.waitFor();
    await assertAccessible(page, 'remove-step confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await redChain().getByRole('group', { name: 'Step 2' }).waitFor();
    await redChain().getByRole('button', { name: 'Remove step 2' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Remove this step?' }).getByRole('button', { name: 'Remove' }).click();
    await redChain().getByRole('group', { name: 'Step 2' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save escalation' }).click();
    await page.getByText('Escalation saved.').waitFor();
  });

  test('a fall walks the chain and its row in the alarm log shows who was told', async () => {
    const radar = await registerRadar(vigil);
    await reportFall(vigil, radar);
    await page.goto('/alarm-log/alarmIndex');
    const row = page.getByRole('row').filter({ hasText: radar.room }).filter({ hasText: /Fall/ }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Expand row' }).click();
    const detail = page.getByRole('region', { name: /Who was told of alarm/ });
    await detail.getByText('Not handled yet').waitFor();
    await detail.getByText('App push').first().waitFor({ timeout: 15_000 });
    await detail.getByText('No phone subscribed').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'escalation-detail-1440');
    await assertAccessible(page, 'alarm detail at 1440');
  });

  test('the morning summary email: a bad time is refused and nothing saved; recipients, each one\'s language, and time are saved (1440 and 390 px)', async () => {
    await page.goto('/alarm-log/escalation');
    await page.getByRole('heading', { name: 'Morning summary email' }).waitFor();
    const time = page.getByLabel(/Send at \(HH:MM/);
    await time.fill('25:00');
    await page.getByRole('button', { name: 'Save escalation' }).click();
    await page.getByText('Enter the time as HH:MM, from 00:00 to 23:59.').waitFor();
    await assertAccessible(page, 'morning summary with a refused time');
    await page.reload();
    await page.getByRole('heading', { name: 'Morning summary email' }).waitFor();
    assert.equal(await page.getByLabel(/Send at \(HH:MM/).inputValue(), '08:00', 'nothing was saved');
    await page.getByLabel(/Send at \(HH:MM/).fill('06:45');
    const recipients = page.getByLabel('Send the summary to');
    await recipients.fill('night@home.example.org');
    await recipients.press('Enter');
    // Each recipient's summary in their language: this one reads German.
    await page.getByLabel('Language of the summary to night@home.example.org').click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Save escalation' }).click();
    await page.getByText('Escalation saved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Morning summary email' }).waitFor();
    assert.equal(await page.getByLabel(/Send at \(HH:MM/).inputValue(), '06:45');
    await page.locator('.ant-select-selection-item', { hasText: 'night@home.example.org' }).waitFor();
    await page.locator('.ant-form-item', { hasText: 'Language of the summary to night@home.example.org' }).locator('.ant-select-selection-item', { hasText: 'Deutsch' }).waitFor();
    await page.getByRole('heading', { name: 'Morning summary email' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'escalation-summary-1440');
    await assertAccessible(page, 'morning summary at 1440');
    const phone = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 390);
    await phone.goto('/alarm-log/escalation');
    await phone.getByRole('heading', { name: 'Morning summary email' }).waitFor();
    await phone.locator('.ant-select-selection-item', { hasText: 'night@home.example.org' }).waitFor();
    await phone.waitForLoadState('networkidle');
    await phone.getByLabel(/Send at \(HH:MM/).scrollIntoViewIfNeeded();
    await screenshot(phone, 'escalation-summary-390');
    await assertAccessible(phone, 'escalation with the morning summary at 390');
  });
});
