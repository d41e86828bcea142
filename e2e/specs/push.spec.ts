import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startSimulation, type SimulationHandle } from '@vigil/simulator';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../packages/server/src/test/push-service.ts';
import { assertAccessible } from '../support/axe.ts';
import { DEMO_PASSWORD, launchBrowser } from '../support/browser.ts';
import { startVigil, type RunningVigil } from '../support/vigil.ts';
import { waitFor } from '../support/wait.ts';
import { registerRadar } from '../support/radar.ts';

/**
 * Web Push in the caregiver app (issue 28, docs/app.md "Push"), a 390 px phone: the caregiver is
 * asked with a sentence why, allows notifications, the app subscribes with the server's VAPID key
 * and the server keeps the subscription; a fall is pushed by the server (VAPID-signed, RFC 8291
 * encrypted) to a push service on loopback that decrypts it; that payload, delivered to the app's
 * service worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`) with no app
 * page open, shows the alarm's notification; the notification's URL opens the alarm's handling
 * sheet; handling it pushes "Handled by …", which replaces the notification.
 *
 * One part is replaced: Chromium registers a push subscription with Google's push service, which
 * this network cannot reach (subscribe() never answers), so `PushManager.subscribe` answers a
 * subscription at the loopback push service instead, with keys the test holds. Everything after
 * it (the app's call, the server's storage, signing, encryption, the service worker) is real.
 */
const PHONE = { width: 390, height: 844 };
const CAREGIVER = '44770090500';

/** The subscription `PushManager.subscribe` answers in the page (see above), recording the key it was asked with. */
function fakeSubscribe(subscription: TestSubscription): string {
  return `(() => {
    const sub = ${JSON.stringify(subscription)};
    let current = null;
    const make = (key) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      getKey: () => null,
      unsubscribe: async () => { current = null; return true; },
    });
    PushManager.prototype.subscribe = async function (options) {
      const key = options.applicationServerKey;
      window.__vigilPushKey = btoa(String.fromCharCode(...new Uint8Array(key.buffer ?? key))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
      current = make(key);
      return current;
    };
    PushManager.prototype.getSubscription = async function () { return current; };
  })();`;
}

describe('web push in the caregiver app at 390 px', () => {
  let vigil: RunningVigil;
  let browser: Browser;
  let service: TestPushService;
  const simulations: SimulationHandle[] = [];

  before(async () => {
    service = await startTestPushService();
    vigil = await startVigil({ env: { VIGIL_PUSH_SERVICE_ORIGINS: service.origin } });
    browser = await launchBrowser();
  });
  after(async () => {
    for (const simulation of simulations) await simulation.stop().catch(() => undefined);
    await browser?.close();
    await vigil?.stop();
    await service?.close();
  });

  test('asked after sign-in, subscribed; a pushed fall shows with the app closed, opens ready to handle, and "handled by" replaces it', async () => {
    const context = await browser.newContext({ baseURL: vigil.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    const phoneSubscription = service.subscribe();
    await context.addInitScript(fakeSubscribe(phoneSubscription));
    let phone: Page = await context.newPage();
    await phone.goto('/app/');
    await phone.getByText('Caregiver', { exact: true }).tap();
    await phone.getByLabel('Account').fill(CAREGIVER);
    await phone.getByLabel('Password').fill(DEMO_PASSWORD);
    await phone.getByRole('button', { name: 'Sign in' }).tap();
    const ask = phone.getByRole('region', { name: 'Alarms on a locked phone' });
    await ask.getByText(/rings this phone even when the app is closed and the screen is locked/).waitFor();
    await phone.screenshot({ path: '/tmp/app-push-ask-390.png', fullPage: true });
    await assertAccessible(phone, 'app push question');
    // The caregiver says yes to the browser's question.
    await context.grantPermissions(['notifications']);
    await ask.getByRole('button', { name: 'Allow alarm notifications' }).tap();
    await ask.waitFor({ state: 'detached' });

    const serverKey = await (await fetch(`${vigil.baseUrl}/api/appPush/key`, { headers: { 's-token': await phone.evaluate(() => JSON.parse(localStorage.getItem('vigil-app-session') ?? '{}').token as string) } })).json() as { data: { publicKey: string } };
    // The card goes as the subscription starts; the key is recorded when subscribe() is called.
    const usedKey = await waitFor(() => phone.evaluate(() => (window as unknown as { __vigilPushKey?: string }).__vigilPushKey), (key) => key !== undefined, 'the app to subscribe');
    assert.equal(usedKey, serverKey.data.publicKey, 'subscribed with the server\'s VAPID key');
    await phone.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // The app is closed: only its service worker is left.
    await phone.close();
    const radar = await registerRadar(vigil);
    const simulation = await startSimulation({ httpBaseUrl: vigil.baseUrl, devices: [{ deviceId: radar.deviceId, deviceType: 21007, key: radar.key }], ambient: false, pollMs: 500 });
    simulations.push(simulation);
    await simulation.ready;
    await simulation.fallNow(radar.deviceId);
    const pushed = await service.waitFor((push) => push.subscription === phoneSubscription.id && push.message.kind === 'alarm', 20_000);
    const alarmId = Number(pushed.message.alarmId);

    const host = await context.newPage();
    const devtools = await context.newCDPSession(host);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    devtools.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await devtools.send('ServiceWorker.enable');
    const registration = await waitFor(async () => registrations.find((entry) => entry.scopeURL.endsWith('/app/') && !entry.isDeleted), Boolean, 'the app\'s service worker registration');
    const deliver = (payload: Record<string, unknown>) =>
      devtools.send('ServiceWorker.deliverPushMessage', { origin: vigil.baseUrl, registrationId: registration!.registrationId, data: JSON.stringify(payload) });
    const worker = () => context.serviceWorkers().find((candidate) => candidate.url().endsWith('/app/sw.js'));
    type Shown = { title: string; body: string; tag: string; requireInteraction: boolean; silent: boolean | null; data: { url: string } };
    // A string: the worker has no DOM types here, and tsx would wrap a function's helpers.
    const notifications = async (): Promise<Shown[]> =>
      ((await worker()?.evaluate(`self.registration.getNotifications().then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, requireInteraction: n.requireInteraction, silent: n.silent, data: n.data })))`)) as Shown[] | undefined) ?? [];

    await deliver(pushed.message);
    const [shown] = await waitFor(notifications, (list) => list.some((n) => n.tag === `alarm-${alarmId}`), 'the pushed fall as a notification');
    assert.equal(shown.title, pushed.message.title);
    assert.equal(shown.body, pushed.message.body);
    assert.match(shown.title, /fall/i);
    assert.equal(shown.requireInteraction, pushed.message.level === 1, 'a red alarm stays until tapped');
    assert.equal(shown.data.url, `/app/?alarm=${alarmId}`);

    // What a tap opens (the service worker opens data.url): the alarm's handling sheet.
    phone = await context.newPage();
    await phone.goto(shown.data.url);
    const sheet = phone.getByRole('dialog', { name: 'Handle alarm' });
    await sheet.waitFor({ timeout: 15_000 });
    assert.equal(new URL(phone.url()).search, '', 'the alarm id is taken off the address');
    // Who opened it: the alarm's notification log (the console's alarm detail) shows the caregiver and when.
    const manager = (await (await fetch(`${vigil.baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'demotwoa', passWord: DEMO_PASSWORD, from: 'PC', rsa: false }) })).json()) as { data: { token: string } };
    type Log = { data: { notifications: { status: string; recipient: string; at: number }[] } };
    const openings = await waitFor(
      async () => ((await (await fetch(`${vigil.baseUrl}/api/alarm/notifications?id=${alarmId}`, { headers: { 's-token': manager.data.token } })).json()) as Log).data.notifications.filter((row) => row.status === 'opened'),
      (rows) => rows.length > 0,
      'the opening on the alarm\'s notification log',
    );
    assert.equal(openings.length, 1);
    assert.ok(openings[0].recipient.length > 0, 'names the caregiver');
    await sheet.getByRole('radio', { name: 'Checked and dealt with (normal)' }).check();
    await sheet.getByRole('button', { name: 'Submit' }).tap();
    await sheet.waitFor({ state: 'detached' });
    await phone.close();

    const handled = await service.waitFor((push) => push.subscription === phoneSubscription.id && push.message.kind === 'handled' && push.message.alarmId === alarmId, 10_000);
    assert.equal(handled.headers.topic, `alarm-${alarmId}`);
    await deliver(handled.message);
    const replaced = await waitFor(notifications, (list) => list.some((n) => n.tag === `alarm-${alarmId}` && /^Handled by /.test(n.body)), '"Handled by …" in place of the alarm');
    assert.equal(replaced.filter((n) => n.tag === `alarm-${alarmId}`).length, 1, 'replaced, not stacked');
    assert.equal(replaced.find((n) => n.tag === `alarm-${alarmId}`)?.silent, true);
    await context.close();
  });
});
