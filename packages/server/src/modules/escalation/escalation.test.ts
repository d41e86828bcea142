import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status, webhookPayloadSchema, type AlarmRecord } from '@vigil/contracts';
import { SMTPServer } from 'smtp-server';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { eventually, insertDevice } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';

/**
 * Escalation chains (issue 28): an unhandled red alarm walks its care home's chain at the
 * configured times (the resident's caregivers at once, the one on duty after 2 minutes, the
 * senior caregivers and a manager's mailbox after 5), each person told through the step's
 * channels and recorded on the alarm's detail; a handled alarm's chain stops; another care
 * home's alarms and chain are never touched; bad input is refused in the caller's language and
 * changes nothing.
 */
describe('escalation chains', () => {
  let server: TestServer;
  let service: TestPushService;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
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
  let providerA = 0;
  let providerB = 0;
  let residentId = 0;
  let bedId = 0;
  /** The resident's caregiver, the one on the duty roster, a senior one: ids, names and phones. */
  const people = { resident: { id: 0, name: '', phone: {} as TestSubscription }, duty: { id: 0, name: '', phone: {} as TestSubscription }, senior: { id: 0, name: '', phone: {} as TestSubscription } };

  async function raiseSos(providerId: number, placement: { bedId: number | null; residentId: number | null }): Promise<AlarmRecord> {
    const where = { providerId, roomId: null, ...placement };
    const deviceId = await insertDevice(server.vigil.database.db, { deviceType: 20993, ...where });
    const raised = new Promise<AlarmRecord>((resolve) => {
      const off = server.vigil.bus.subscribe('alarm.raised', ({ alarm }) => {
        if (alarm.deviceId !== deviceId) return;
        off();
        resolve(alarm);
      });
    });
    await server.vigil.bus.publish('device.event', { deviceId, deviceType: 20993, receivedAt: Date.now(), ...where, subDevice: null, event: { ts: Date.now(), type: 'sos', status: 1 } });
    return raised;
  }
  const pushesTo = (phone: TestSubscription, alarmId: number) => service.received.filter((push) => push.subscription === phone.id && push.message.alarmId === alarmId);
  const notificationsOf = async (alarmId: number) => {
    const log = await server.call(api.alarmNotifications, { id: alarmId }, { token });
    assert.equal(log.status, Status.OK, log.msg);
    return log.data;
  };
  /** Waits until the alarm's step (default: the red chain's first) is recorded as done. */
  const stepDone = (alarmId: number, key = 100) =>
    eventually(async () => (await server.vigil.database.db.selectFrom('escalation_steps').select('done_at').where('alarm_id', '=', alarmId).where('step_key', '=', key).executeTakeFirst())?.done_at != null, 5000, `step ${key} of alarm ${alarmId} done`);
  const chain = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    red: [
      { afterMinutes: 0, audience: 'residentCaregivers', channels: ['push'] },
      { afterMinutes: 2, audience: 'onDutyCaregivers', channels: ['push', 'webhook'] },
      { afterMinutes: 5, audience: 'seniorCaregivers', channels: ['push', 'email'], emails: ['manager@riverside.example.org'] },
    ],
    orange: [],
    // The same caregiver on every shift: the test does not depend on the hour it runs at.
    roster: [0, 1, 2].map((shift) => ({ shift, caregiverIds: [people.duty.id] })),
    ...overrides,
  });

  before(async () => {
    service = await startTestPushService();
    receiver = await startWebhookReceiver(() => secrets);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    server = await startTestServer({
      demo: true,
      env: { VIGIL_PUSH_SERVICE_ORIGINS: service.origin, VIGIL_WEBHOOK_ALLOWED_ORIGINS: receiver.origin, VIGIL_WEBHOOK_TIMEOUT_MS: '500', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
    const login = await server.login('demotwoa');
    token = login.token;
    providerA = login.providerId ?? 0;
    const loginB = await server.login('demotwob');
    other = loginB.token;
    providerB = loginB.providerId ?? 0;
    const db = server.vigil.database.db;
    // A resident in a bed with a caregiver; someone else on duty; a senior caregiver who is neither.
    const link = await db
      .selectFrom('resident_caregivers as rc')
      .innerJoin('residents as r', 'r.id', 'rc.resident_id')
      .innerJoin('caregivers as c', 'c.id', 'rc.caregiver_id')
      .select(['r.id as residentId', 'r.bed_id as bedId'])
      .where('r.provider_id', '=', providerA)
      .where('r.bed_id', 'is not', null)
      .orderBy('r.id')
      .executeTakeFirstOrThrow();
    residentId = link.residentId;
    bedId = link.bedId ?? 0;
    const ofResident = new Set((await db.selectFrom('resident_caregivers').select('caregiver_id').where('resident_id', '=', residentId).execute()).map((row) => row.caregiver_id));
    const carers = await db
      .selectFrom('caregivers as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select(['c.id', 'c.name', 'c.grade', 'a.user_name'])
      .where('c.provider_id', '=', providerA)
      .orderBy('c.id')
      .execute();
    const residentCarer = carers.find((carer) => ofResident.has(carer.id) && carer.grade !== 'senior')!;
    const dutyCarer = carers.find((carer) => !ofResident.has(carer.id) && carer.grade !== 'senior')!;
    const seniorCarer = carers.find((carer) => !ofResident.has(carer.id) && carer.grade === 'senior')!;
    for (const [key, carer] of [['resident', residentCarer], ['duty', dutyCarer], ['senior', seniorCarer]] as const) {
      const app = await server.call(api.login, { userName: carer.user_name, passWord: DEMO_PASSWORD, from: 'APP_NURSING', rsa: false });
      assert.equal(app.status, Status.OK, app.msg);
      const phone = service.subscribe();
      const subscribed = await server.call(api.pushSubscribe, { endpoint: phone.endpoint, keys: phone.keys, device: `${key} phone` }, { token: app.data.token });
      assert.equal(subscribed.status, Status.OK, subscribed.msg);
      people[key] = { id: carer.id, name: carer.name, phone };
    }
    const hook = await server.call(api.webhookSave, { url: `${receiver.origin}/nurse-call`, events: ['alarm.escalated'], levels: [1, 2], description: 'Nurse call' }, { token });
    assert.equal(hook.status, Status.OK, hook.msg);
    secrets.set('/nurse-call', hook.data.secret);
  });
  after(async () => {
    await server?.close();
    await service?.close();
    await receiver?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('bad chains and rosters are refused in the caller\'s language and nothing is written', async () => {
    const foreignCarer = (await server.vigil.database.db.selectFrom('caregivers').select('id').where('provider_id', '=', providerB).executeTakeFirstOrThrow()).id;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [chain({ red: [{ afterMinutes: 500, audience: 'allCaregivers', channels: ['push'] }] }), /0 bis 120/],
      [chain({ red: [{ afterMinutes: 5, audience: 'allCaregivers', channels: ['push'] }, { afterMinutes: 2, audience: 'allCaregivers', channels: ['push'] }] }), /Wartezeit/],
      [chain({ red: [{ afterMinutes: 0, audience: 'everybody', channels: ['push'] }] }), /wen diese Stufe/],
      [chain({ red: [{ afterMinutes: 0, audience: 'allCaregivers', channels: [] }] }), /mindestens einen Kanal/],
      [chain({ red: [{ afterMinutes: 0, audience: 'allCaregivers', channels: ['email'], emails: [] }] }), /mindestens eine Adresse/],
      [chain({ red: [{ afterMinutes: 0, audience: 'allCaregivers', channels: ['email'], emails: ['not an address'] }] }), /name@example\.org/],
      [chain({ red: Array.from({ length: 7 }, () => ({ afterMinutes: 1, audience: 'allCaregivers', channels: ['push'] })) }), /höchstens 6 Stufen/],
      [chain({ roster: [{ shift: 9, caregiverIds: [people.duty.id] }] }), /Schicht gibt es nicht/],
      [chain({ roster: [{ shift: 0, caregiverIds: [foreignCarer] }] }), /Pflegekräfte dieser Einrichtung/],
    ];
    for (const [input, message] of refusals) {
      const refused = await server.call(api.escalationSave, input, { token, language: 'de' });
      assert.equal(refused.status, Status.BAD_REQUEST, JSON.stringify(input));
      assert.match(refused.msg, message);
    }
    const stored = await server.call(api.escalationGet, {}, { token });
    assert.equal(stored.status, Status.OK, stored.msg);
    assert.deepEqual([stored.data.saved, stored.data.red, stored.data.roster], [false, [], []]);
  });

  test('an unhandled red alarm walks the chain at the configured times, each person told once and recorded', async () => {
    const saved = await server.call(api.escalationSave, chain(), { token });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.equal(saved.data.red.length, 3);
    assert.ok(saved.data.caregivers.some((carer) => carer.id === people.senior.id && carer.senior));
    assert.equal(saved.data.emailAvailable, true);

    const alarm = await raiseSos(providerA, { bedId, residentId });
    assert.equal(alarm.alertLevel, 1);
    // At once: the resident's caregiver, and nobody else (the chain, not the plain push to everyone).
    const residentCarers = (await server.vigil.database.db
      .selectFrom('resident_caregivers as rc')
      .innerJoin('caregivers as c', 'c.id', 'rc.caregiver_id')
      .select(['c.id', 'c.name'])
      .where('rc.resident_id', '=', residentId)
      .orderBy('c.id')
      .execute());
    // Caregivers of the resident without a phone subscribed are recorded as such.
    const residentRows = residentCarers.map((carer) => [0, 'push', carer.name, carer.id === people.resident.id ? 'sent' : 'noDevice']);
    const first = await service.waitFor((push) => push.subscription === people.resident.phone.id && push.message.alarmId === alarm.id);
    assert.equal(first.message.kind, 'alarm');
    await stepDone(alarm.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual([pushesTo(people.duty.phone, alarm.id).length, pushesTo(people.senior.phone, alarm.id).length], [0, 0]);

    const walker = server.vigil.escalation.walker;
    const raisedAt = alarm.raisedAt;
    const stepsTold = async () => [...new Set((await notificationsOf(alarm.id)).notifications.map((row) => row.step))];
    await walker.tick(raisedAt + 60_000);
    assert.deepEqual(await stepsTold(), [0], 'nothing more is due after 1 minute');
    await walker.tick(raisedAt + 2 * 60_000 + 1000);
    assert.deepEqual(await stepsTold(), [0, 1], 'the 2-minute step');
    const duty = await service.waitFor((push) => push.subscription === people.duty.phone.id && push.message.alarmId === alarm.id);
    assert.equal(duty.message.kind, 'escalated');
    assert.match(String(duty.message.body), /Still not handled after 2 min/);
    const hook = await receiver.waitFor((entry) => entry.event === 'alarm.escalated' && (entry.body.alarm as { id: number }).id === alarm.id);
    assert.ok(hook.signatureValid);
    const payload = webhookPayloadSchema.parse(hook.body);
    assert.deepEqual(payload.escalation, { step: 1, afterMinutes: 2, audience: 'onDutyCaregivers', notified: [people.duty.name] });
    await walker.tick(raisedAt + 3 * 60_000);
    assert.equal((await notificationsOf(alarm.id)).notifications.length, residentRows.length + 2, 'a step runs once');
    assert.equal(pushesTo(people.senior.phone, alarm.id).length, 0, 'the senior caregiver is not told before 5 minutes');

    await walker.tick(raisedAt + 5 * 60_000 + 1000);
    assert.deepEqual(await stepsTold(), [0, 1, 2], 'the 5-minute step');
    await service.waitFor((push) => push.subscription === people.senior.phone.id && push.message.alarmId === alarm.id);
    await eventually(() => mails.some((mail) => mail.to.includes('manager@riverside.example.org')), 5000, 'the manager\'s email');
    assert.match(mails.find((mail) => mail.to.includes('manager@riverside.example.org'))!.raw, /still not handled after 5 min/);

    const seniors = await server.vigil.database.db.selectFrom('caregivers').select(['id', 'name']).where('provider_id', '=', providerA).where('grade', '=', 'senior').orderBy('id').execute();
    const seniorRows = seniors.map((carer) => [2, 'push', carer.name, carer.id === people.senior.id ? 'sent' : 'noDevice']);
    const log = await notificationsOf(alarm.id);
    const rows = log.notifications.map((row) => [row.step, row.channel, row.recipient, row.status]);
    assert.deepEqual(rows, [
      ...residentRows,
      [1, 'push', people.duty.name, 'sent'],
      [1, 'webhook', 'Nurse call', 'queued'],
      ...seniorRows,
      [2, 'email', 'manager@riverside.example.org', 'sent'],
    ]);
    assert.ok(log.notifications[1].at >= log.notifications[0].at);
    assert.equal(log.handledBy, null);

    const handled = await server.call(api.alarmDealStatus, { id: alarm.id, dealOption: 'CHECKED' }, { token });
    assert.equal(handled.status, Status.OK, handled.msg);
    const after = await notificationsOf(alarm.id);
    assert.equal(after.dealState, 'processed');
    assert.ok(after.handledBy);
    // The phones the chain rang hear it was handled; the plain push never went to anyone else.
    await service.waitFor((push) => push.subscription === people.duty.phone.id && push.message.alarmId === alarm.id && push.message.kind === 'handled');
  });

  test('a handled alarm\'s chain stops', async () => {
    const alarm = await raiseSos(providerA, { bedId, residentId });
    await service.waitFor((push) => push.subscription === people.resident.phone.id && push.message.alarmId === alarm.id);
    await stepDone(alarm.id);
    const handled = await server.call(api.alarmDealStatus, { id: alarm.id, dealOption: 'CHECKED' }, { token });
    assert.equal(handled.status, Status.OK, handled.msg);
    await server.vigil.escalation.walker.tick(alarm.raisedAt + 10 * 60_000);
    assert.deepEqual([...new Set((await notificationsOf(alarm.id)).notifications.map((row) => row.step))], [0]);
    assert.equal(pushesTo(people.duty.phone, alarm.id).filter((push) => push.message.kind !== 'handled').length, 0);
  });

  test('another care home\'s alarms and chain are never touched, and its token reads none of this one\'s', async () => {
    const foreign = await raiseSos(providerB, { bedId: null, residentId: null });
    await server.vigil.escalation.walker.tick(foreign.raisedAt + 10 * 60_000);
    const steps = await server.vigil.database.db.selectFrom('escalation_steps').select('step_key').where('alarm_id', '=', foreign.id).execute();
    assert.deepEqual(steps, []);
    assert.deepEqual((await server.call(api.alarmNotifications, { id: foreign.id }, { token: other })).data.notifications, []);

    const ownAlarm = (await server.vigil.database.db.selectFrom('alarm_notifications').select('alarm_id').where('provider_id', '=', providerA).executeTakeFirstOrThrow()).alarm_id;
    const read = await server.call(api.alarmNotifications, { id: ownAlarm }, { token: other });
    const missing = await server.call(api.alarmNotifications, { id: 987654321 }, { token: other });
    assert.equal(read.status, Status.NOT_FOUND);
    assert.deepEqual(read, missing);
    const chainB = await server.call(api.escalationGet, {}, { token: other });
    assert.deepEqual([chainB.data.saved, chainB.data.red], [false, []]);
    assert.ok(!chainB.data.caregivers.some((carer) => carer.id === people.duty.id), 'B lists only its own caregivers');
    assert.equal((await server.call(api.escalationSave, chain({ roster: [{ shift: 0, caregiverIds: [people.duty.id] }] }), { token: other })).status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.escalationGet, {}, { token })).data.red.length, 3, 'A\'s chain is unchanged');
  });

  test('an orange alarm turning red is a webhook event of its own', async () => {
    const levels = (await server.call(api.queryAlertLevel, {}, { token })).data;
    const saved = await server.call(api.saveAlertLevel, { ...levels, levels: { ...levels.levels, sos: 2 } }, { token });
    assert.equal(saved.status, Status.OK, saved.msg);
    const alarm = await raiseSos(providerA, { bedId: null, residentId: null });
    assert.equal(alarm.alertLevel, 2);
    assert.equal(await server.vigil.alarms.store.escalate(alarm.raisedAt + (levels.escalationMinutes + 1) * 60_000), 1);
    const hook = await receiver.waitFor((entry) => entry.event === 'alarm.escalated' && (entry.body.alarm as { id: number }).id === alarm.id);
    const payload = webhookPayloadSchema.parse(hook.body);
    assert.deepEqual([payload.alarm.level, payload.escalation], [1, null]);
  });
});
