import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status, webhookPayloadSchema, type AlarmRecord } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';
import { SMTPServer } from 'smtp-server';

/**
 * Outbound webhooks (issue 28, docs/webhooks.md): a receiver on loopback checks the signature of
 * each POST; an alarm, its handling and its relief are delivered once each; a 500 and a timeout
 * are retried with backoff; after 24 h a delivery is given up; "send again" sends it again; another
 * care home sees none of it.
 */
describe('webhooks', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  /** An in-process SMTP server: the mails Vigil sends, raw. */
  const mails: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  const secrets = new Map<string, string>();
  let token = '';
  let other = '';
  let providerId = 0;
  let bedId = 0;
  const hooks = new Map<string, number>();

  async function raiseSos(): Promise<AlarmRecord> {
    const placement = { providerId, bedId, roomId: null, residentId: null };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...placement });
    const raised = new Promise<AlarmRecord>((resolve) => {
      const off = server.vigil.bus.subscribe('alarm.raised', ({ alarm }) => {
        if (alarm.deviceId !== deviceId) return;
        off();
        resolve(alarm);
      });
    });
    await server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), ...placement, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    return raised;
  }
  async function register(path: string, levels: (1 | 2)[] = [1, 2]) {
    const saved = await server.call(api.webhookSave, { url: `${receiver.origin}${path}`, events: ['alarm.raised', 'alarm.handled', 'alarm.relieved'], levels, description: path }, { token });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.match(saved.data.secret, /^whsec_/);
    secrets.set(path, saved.data.secret);
    hooks.set(path, saved.data.id);
    return saved.data;
  }
  const deliveriesOf = async (webhookId: number) => (await server.call(api.webhookDeliveries, { webhookId, pageSize: 100 }, { token })).data.rows;

  before(async () => {
    receiver = await startWebhookReceiver(() => secrets);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    server = await startTestServer({ demo: true, env: { VIGIL_WEBHOOK_ALLOWED_ORIGINS: receiver.origin, VIGIL_WEBHOOK_TIMEOUT_MS: '300', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: 'Vigil <vigil@home.example.org>' } });
    const login = await server.login('demotwoa');
    token = login.token;
    providerId = login.providerId ?? 0;
    other = (await server.login('demotwob')).token;
    bedId = (await server.call(api.getAdminBunkList, {}, { token })).data[0].id;
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('docs/webhooks.md carries the payload\'s JSON Schema as the contract makes it', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/webhooks.md'), 'utf8');
    const block = /## Payload \(JSON Schema\)[\s\S]*?```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    assert.ok(block, 'the schema block');
    assert.deepEqual(JSON.parse(block), z.toJSONSchema(webhookPayloadSchema));
  });

  test('endpoints must be HTTPS and not this machine; refusals are in the caller\'s language and store nothing', async () => {
    for (const url of ['http://nurse-call.example.org/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest', 'https://localhost/x', 'https://user:pw@example.org/x', 'not a url']) {
      const refused = await server.call(api.webhookSave, { url, events: ['alarm.raised'], levels: [1] }, { token, language: 'de' });
      assert.equal(refused.status, Status.BAD_REQUEST, url);
      assert.match(refused.msg, /https:\/\//, url);
    }
    const noEvents = await server.call(api.webhookSave, { url: 'https://example.org/x', events: [], levels: [1] }, { token });
    assert.equal(noEvents.status, Status.BAD_REQUEST);
    assert.deepEqual((await server.call(api.webhookList, {}, { token })).data, []);
  });

  test('an alarm and its handling reach the endpoint once each, signed, in the documented shape', async () => {
    const hook = await register('/ok');
    const alarm = await raiseSos();
    const raised = await receiver.waitFor((entry) => entry.path === '/ok' && entry.event === 'alarm.raised' && (entry.body.alarm as { id: number }).id === alarm.id);
    assert.ok(raised.signatureValid);
    const payload = webhookPayloadSchema.parse(raised.body);
    assert.equal(payload.id, raised.delivery);
    assert.equal(payload.careHome.id, providerId);
    assert.equal(payload.alarm.alertType, 'SOS');
    assert.equal(payload.alarm.state, 'pending');
    // The Redis bus gives every process the event: a second hearing makes no second delivery.
    await server.vigil.bus.publish('alarm.raised', { providerId, alarm, kind: 'new' });
    // Deliveries are written 50 ms after the event.
    await new Promise((resolve) => setTimeout(resolve, 120));
    await server.vigil.webhooks.idle();

    const handled = await server.call(api.alarmDealStatus, { id: alarm.id, dealOption: 'CHECKED' }, { token });
    assert.equal(handled.status, Status.OK, handled.msg);
    const handledHook = await receiver.waitFor((entry) => entry.path === '/ok' && entry.event === 'alarm.handled' && (entry.body.alarm as { id: number }).id === alarm.id);
    const handledPayload = webhookPayloadSchema.parse(handledHook.body);
    assert.equal(handledPayload.alarm.state, 'handled');
    assert.ok(handledPayload.alarm.handledBy);
    await server.vigil.webhooks.idle();
    assert.equal(receiver.received.filter((entry) => entry.path === '/ok' && (entry.body.alarm as { id: number }).id === alarm.id).length, 2);
    const log = (await deliveriesOf(hook.id)).filter((row) => row.alarmId === alarm.id);
    assert.deepEqual(log.map((row) => [row.event, row.state, row.attempts, row.lastStatus]).sort(), [['alarm.handled', 'delivered', 1, 200], ['alarm.raised', 'delivered', 1, 200]]);
    // Another care home sees neither the webhook nor its deliveries.
    assert.deepEqual((await server.call(api.webhookList, {}, { token: other })).data, []);
    assert.equal((await server.call(api.webhookDeliveries, { webhookId: hook.id }, { token: other })).data.total, 0);
    assert.equal((await server.call(api.webhookResend, { id: log[0].id }, { token: other })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.webhookDelete, { id: hook.id }, { token: other })).status, Status.NOT_FOUND);
    assert.equal((await server.call(api.webhookDelete, { id: hook.id }, { token })).status, Status.OK);
  });

  test('a 500 is retried after the backoff and then delivered; "send again" sends the same delivery again', async () => {
    const hook = await register('/flaky', [1]);
    const alarm = await raiseSos();
    await receiver.waitFor((entry) => entry.path === '/flaky' && (entry.body.alarm as { id: number }).id === alarm.id);
    await server.vigil.webhooks.idle();
    let [row] = await deliveriesOf(hook.id);
    assert.deepEqual([row.state, row.attempts, row.lastStatus, row.lastError], ['pending', 1, 500, 'HTTP 500']);
    assert.ok(row.nextAt! - Date.now() > 5_000, 'retried after the backoff, not at once');
    assert.equal(await server.vigil.webhooks.dispatch(Date.now()), 0, 'not due yet');
    assert.equal(await server.vigil.webhooks.dispatch(row.nextAt! + 1), 1);
    [row] = await deliveriesOf(hook.id);
    assert.deepEqual([row.state, row.attempts, row.lastStatus], ['delivered', 2, 200]);
    const resent = await server.call(api.webhookResend, { id: row.id }, { token });
    assert.equal(resent.status, Status.OK, resent.msg);
    await receiver.waitFor((entry) => entry.path === '/flaky' && entry.delivery === row.id && receiver.received.filter((other) => other.delivery === row.id).length === 3);
    assert.ok(receiver.received.filter((entry) => entry.delivery === row.id).every((entry) => entry.signatureValid));
    await server.call(api.webhookDelete, { id: hook.id }, { token });
  });

  test('an endpoint that never answers times out, is retried, and is given up after 24 h', async () => {
    const hook = await register('/hang', [1]);
    const started = Date.now();
    const alarm = await raiseSos();
    assert.ok(Date.now() - started < 1000, 'the alarm did not wait for the endpoint');
    const pending = await server.call(api.alarmLogUnDeal, {}, { token });
    assert.ok(pending.data.rows.some((row) => row.id === alarm.id), 'the alarm is committed and listed while the endpoint hangs');
    await new Promise((resolve) => setTimeout(resolve, 450));
    await server.vigil.webhooks.idle();
    let [row] = await deliveriesOf(hook.id);
    assert.equal(row.state, 'pending');
    assert.equal(row.attempts, 1);
    assert.match(row.lastError ?? '', /no answer within 300 ms/);
    await server.vigil.webhooks.dispatch(row.createdAt + 25 * 3600_000);
    [row] = await deliveriesOf(hook.id);
    assert.deepEqual([row.state, row.attempts, row.nextAt], ['failed', 2, null]);
  });

  test('email: a mailto: integration mails the alarm through SMTP, once, with the delivery id', async () => {
    const refused = await server.call(api.webhookSave, { url: 'mailto:a@example.org,b@example.org', events: ['alarm.raised'], levels: [1] }, { token });
    assert.equal(refused.status, Status.BAD_REQUEST);
    const saved = await server.call(api.webhookSave, { url: 'mailto:night-nurse@home.example.org', events: ['alarm.raised'], levels: [1, 2], description: 'night nurse' }, { token });
    assert.equal(saved.status, Status.OK, saved.msg);
    const alarm = await raiseSos();
    const mail = await waitForMail((entry) => entry.raw.includes(`Alarm ${alarm.id},`));
    assert.deepEqual(mail.to, ['night-nurse@home.example.org']);
    assert.match(mail.raw, /^From: Vigil <vigil@home\.example\.org>/m);
    // Encoded per RFC 2047 when the resident's name is not ASCII.
    assert.match(mail.raw, /^Subject: (\[Vigil\] Emergency call raised|=\?UTF-8\?Q\?=5BVigil=5D_Emergency_call_raised)/m);
    await server.vigil.webhooks.idle();
    const [row] = await waitForRows(saved.data.id, (rows) => rows[0]?.state === 'delivered');
    assert.deepEqual([row.state, row.attempts, row.lastStatus], ['delivered', 1, 250]);
    assert.match(mail.raw, new RegExp(`^X-Vigil-Delivery: ${row.id}`, 'm'));
    assert.equal(mails.filter((entry) => entry.raw.includes(`Alarm ${alarm.id},`)).length, 1);
  });

  async function waitForRows(webhookId: number, accept: (rows: Awaited<ReturnType<typeof deliveriesOf>>) => boolean) {
    const until = Date.now() + 5000;
    for (;;) {
      const rows = await deliveriesOf(webhookId);
      if (accept(rows)) return rows;
      if (Date.now() > until) throw new Error(`deliveries not as expected: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function waitForMail(match: (mail: { to: string[]; raw: string }) => boolean) {
    const until = Date.now() + 5000;
    for (;;) {
      const found = mails.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching mail (got ${mails.length})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
