import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../packages/server/src/test/push-service.ts';
import { assertAccessible } from '../support/axe.ts';
import { DEMO_PASSWORD, launchBrowser, newContext, screenshot, signedInPage } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';

/**
 * `PushManager.subscribe` answers a subscription at the loopback push service (Chromium's own
 * push service is out of this network's reach; see push.spec.ts): everything after it is real.
 */
function fakeSubscribe(subscription: TestSubscription): string {
  return `(() => {
    const sub = ${JSON.stringify(subscription)};
    let current = null;
    PushManager.prototype.subscribe = async function (options) {
      current = {
        endpoint: sub.endpoint, expirationTime: null, options: { userVisibleOnly: true, applicationServerKey: options.applicationServerKey },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }), getKey: () => null,
        unsubscribe: async () => { current = null; return true; },
      };
      return current;
    };
    PushManager.prototype.getSubscription = async function () { return current; };
  })();`;
}

/**
 * Relatives in the app at 390 px (issue 28): the demo's family login chooses "Relative" and sees
 * its one resident, where they are and last night in plain words with the disclaimer, without
 * accessibility findings; the console refuses the same login.
 */
describe('relatives in the app', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let service: TestPushService;
  before(async () => {
    service = await startTestPushService();
    [vigil, browser] = await Promise.all([startVigil({ env: { VIGIL_PUSH_SERVICE_ORIGINS: service.origin } }), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await vigil?.stop();
    await service?.close();
  });

  test('a relative signs in to the app and sees their resident', async () => {
    const context = await newContext(browser, vigil.baseUrl, 390);
    const page = await context.newPage();
    await page.goto('/app/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('Relative', { exact: true }).click();
    await page.getByLabel('Account').fill('demorelative');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your family member' }).waitFor();
    await page.getByText(/Monitoring data is for reference only/).waitFor();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Off by default: the care home has not allowed alarm notifications to relatives.
    await page.getByText('Your care home has not turned on alarm notifications for relatives.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('switch').count(), 0);
    await screenshot(page, 'app-family-390');
    await assertAccessible(page, 'family screen at 390');
    await context.close();
  });

  test('the care home allows alarm notifications to relatives; the relative opts in with the switch (390 px, axe)', async () => {
    const console = await signedInPage(browser, vigil.baseUrl, 'demotwoa', 1440);
    await console.goto('/alarm-log/escalation');
    const allow = console.getByRole('switch', { name: 'Relatives may receive alarm notifications' });
    await allow.waitFor();
    assert.equal(await allow.getAttribute('aria-checked'), 'false', 'off by default');
    await allow.click();
    await console.getByRole('button', { name: 'Save escalation' }).click();
    await console.getByText('Escalation saved.').waitFor();
    await console.getByRole('heading', { name: 'Relatives' }).scrollIntoViewIfNeeded();
    await screenshot(console, 'escalation-relatives-1440');
    await assertAccessible(console, 'escalation with the relatives setting');

    const phone = service.subscribe();
    const context = await newContext(browser, vigil.baseUrl, 390);
    await context.addInitScript(fakeSubscribe(phone));
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    await page.goto('/app/');
    await page.getByText('Relative', { exact: true }).click();
    await page.getByLabel('Account').fill('demorelative');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const optIn = page.getByRole('switch', { name: 'Notify me of urgent alarms' });
    await optIn.waitFor();
    assert.equal(await optIn.getAttribute('aria-checked'), 'false');
    await page.getByText(/urgent \(red\) alarm for your family member/).waitFor();
    await assertAccessible(page, 'family alarm-notification switch off at 390');
    await optIn.click();
    await page.locator('[role="switch"][aria-checked="true"]').waitFor();
    await screenshot(page, 'app-family-alerts-on-390');
    await assertAccessible(page, 'family alarm-notification switch on at 390');
    // The server keeps the opt-in and the phone's subscription.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vigil-app-session') ?? '{}').token as string);
    const alerts = (await (await fetch(`${vigil.baseUrl}/api/family/alerts`, { headers: { 's-token': token } })).json()) as { data: { allowed: boolean; optedIn: boolean } };
    assert.deepEqual(alerts.data, { allowed: true, optedIn: true });
    await page.reload();
    await page.locator('[role="switch"][aria-checked="true"]').waitFor();
    await context.close();
  });

  test('the console refuses the family login', async () => {
    const context = await newContext(browser, vigil.baseUrl, 1440);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/account/i).first().fill('demorelative');
    await page.getByLabel(/password/i).first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in|sign ?in/i }).click();
    await page.getByText(/family account/).first().waitFor();
    await context.close();
  });
});
