import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, SOCKET_LOGIN_REFUSED, Status, type Operation } from '@vigil/contracts';
import { analyseNight } from '../../analysis/sleep/index.ts';
import { tenHourNight } from '../../analysis/sleep/night-builder.ts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { openSocket } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { reportValues } from '../reports/daily-reports.ts';
import { reportRepository } from '../reports/report.repository.ts';

/**
 * Relatives in the caregiver app (issue 28): the demo's family login signs in to the app (never
 * the console) and sees only its own resident: where they are now and last night in plain
 * figures with the disclaimer. Every call a relative's session can make is walked: the family
 * call answers only its own resident, the few calls of any session reveal nothing of others,
 * every other operation and the live socket refuse it.
 */
describe('relatives in the app', () => {
  let server: TestServer;
  let token = '';
  let ownResident = { id: 0, name: '' };
  let otherResident = { id: 0, name: '' };

  const appLogin = (userName: string) => server.call(api.login, { userName, passWord: DEMO_PASSWORD, from: 'APP_RELATIVES', rsa: false });

  async function storeNight(residentId: number, date: string): Promise<void> {
    const db = server.vigil.database.db;
    const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', residentId).executeTakeFirstOrThrow()).provider_id;
    const start = Date.parse(`${date}T00:00:00Z`) - 4 * 3600_000;
    const night = { date, from: start, to: start + 36_000_000, wake: start + 36_000_000 };
    await reportRepository(db).insertDaily(reportValues({ residentId, providerId, deviceId: `FAM-${residentId}`, settings: '{}' }, night, analyseNight(tenHourNight(start)), Date.now()));
  }

  before(async () => {
    server = await startTestServer({ demo: true });
    const login = await appLogin('demorelative');
    assert.equal(login.status, Status.OK, login.msg);
    assert.equal(login.data.role, 'RELATIVES');
    token = login.data.token;
    const db = server.vigil.database.db;
    const account = await db.selectFrom('accounts').select(['id', 'provider_id']).where('user_name', '=', 'demorelative').executeTakeFirstOrThrow();
    const own = await db.selectFrom('resident_contacts as c').innerJoin('residents as r', 'r.id', 'c.resident_id').select(['r.id', 'r.name']).where('c.account_id', '=', account.id).executeTakeFirstOrThrow();
    ownResident = own;
    otherResident = await db.selectFrom('residents').select(['id', 'name']).where('provider_id', '=', account.provider_id!).where('id', '!=', own.id).orderBy('id').executeTakeFirstOrThrow();
    await storeNight(ownResident.id, '2026-03-10');
    await storeNight(otherResident.id, '2026-03-11');
  });
  after(() => server.close());

  test('the console refuses the family login; the app takes it', async () => {
    const console = await server.call(api.login, { userName: 'demorelative', passWord: DEMO_PASSWORD, from: 'PC', rsa: false }, { language: 'de' });
    assert.equal(console.status, Status.WEB_LOGIN_FORBIDDEN);
    assert.ok(console.msg.length > 10);
    const caregiverApp = await server.call(api.login, { userName: 'demorelative', passWord: DEMO_PASSWORD, from: 'APP_NURSING', rsa: false });
    assert.equal(caregiverApp.status, Status.OK, 'the app tells a wrong role choice itself');
  });

  test('a relative sees their own resident only: last night in figures, the disclaimer, and no vital signs', async () => {
    const answer = await server.call(api.familyResidents, {}, { token });
    assert.equal(answer.status, Status.OK, answer.msg);
    assert.deepEqual(answer.data.map((resident) => resident.residentId), [ownResident.id]);
    const [resident] = answer.data;
    assert.equal(resident.name, ownResident.name);
    assert.equal(resident.disclaimerDate, '2023-11-24');
    assert.ok(resident.lastNight, 'last night');
    assert.equal(resident.lastNight.date, '2026-03-10');
    assert.ok(resident.lastNight.sleepMinutes > 0);
    assert.ok(resident.lastNight.score === null || (resident.lastNight.score >= 0 && resident.lastNight.score <= 100));
    assert.deepEqual(Object.keys(resident).sort(), ['disclaimerDate', 'lastNight', 'name', 'presence', 'presenceAt', 'residentId']);
    assert.ok(!JSON.stringify(answer.data).includes(otherResident.name));
  });

  test('another care home\'s relative sees only their own resident there', async () => {
    const hillside = (await server.login('demotwob')).token;
    const db = server.vigil.database.db;
    const contact = await db
      .selectFrom('resident_contacts as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select(['c.id', 'c.resident_id'])
      .where('a.role', '=', 'RELATIVES')
      .where('c.provider_id', '=', (await db.selectFrom('accounts').select('provider_id').where('user_name', '=', 'demotwob').executeTakeFirstOrThrow()).provider_id!)
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const reset = await server.call(api.resetRelativePassword, { id: contact.id }, { token: hillside });
    assert.equal(reset.status, Status.OK, reset.msg);
    const login = await server.call(api.login, { userName: reset.data.userName, passWord: reset.data.password, from: 'APP_RELATIVES', rsa: false });
    assert.equal(login.status, Status.OK, login.msg);
    const theirs = await server.call(api.familyResidents, {}, { token: login.data.token });
    const expected = (await db.selectFrom('resident_contacts').select('resident_id').distinct().where('account_id', '=', (await db.selectFrom('accounts').select('id').where('user_name', '=', reset.data.userName).executeTakeFirstOrThrow()).id).orderBy('resident_id').execute()).map((row) => row.resident_id);
    assert.deepEqual(theirs.data.map((resident) => resident.residentId), expected);
    assert.ok(!theirs.data.some((resident) => resident.residentId === ownResident.id));
  });

  test('away from the care home reads as away', async () => {
    const manager = (await server.login('demotwoa')).token;
    const away = await server.call(api.transientPost, { userId: ownResident.id, reason: 'family', until: null, remark: '' }, { token: manager });
    assert.equal(away.status, Status.OK, away.msg);
    assert.equal((await server.call(api.familyResidents, {}, { token })).data[0].presence, 'away');
    assert.equal((await server.call(api.transientDelete, { userId: ownResident.id }, { token: manager })).status, Status.OK);
    assert.notEqual((await server.call(api.familyResidents, {}, { token })).data[0].presence, 'away');
  });

  test('every call a relative can make is walked: the family call, any session\'s own calls, and a refusal from every other operation', async () => {
    const allowed: Record<string, (result: { status: number; data: unknown }) => void> = {
      'family.residents': (result) => assert.equal(result.status, Status.OK),
      // The relative's own alarm-notification choice (off: the care home has not allowed it).
      'family.alerts': (result) => assert.deepEqual(result, { ...result, status: Status.OK, data: { allowed: false, optedIn: false } }),
      // Without a choice: refused as bad input, nothing changed.
      'family.setAlerts': (result) => assert.equal(result.status, Status.BAD_REQUEST),
      // The phone's push subscription (for their resident's red alarms, when opted in).
      'appPush.key': (result) => assert.equal(result.status, Status.OK),
      'appPush.subscribe': (result) => assert.equal(result.status, Status.BAD_REQUEST),
      'appPush.unsubscribe': (result) => assert.equal(result.status, Status.BAD_REQUEST),
      'admin.platformInfo': (result) => assert.equal(result.status, Status.OK),
      // Without its fields: refused as bad input, nothing changed.
      'admin.updatePassword': (result) => assert.equal(result.status, Status.BAD_REQUEST),
    };
    const walked: string[] = [];
    for (const operation of ALL_OPERATIONS as readonly Operation[]) {
      if (operation.auth !== 'session' || operation.id === 'admin.logout') continue;
      walked.push(operation.id);
      const result = await server.call(operation, {}, { token });
      const text = JSON.stringify(result.data ?? null);
      assert.ok(!text.includes(otherResident.name), `${operation.id} shows another resident`);
      const check = allowed[operation.id];
      if (check) check(result);
      else assert.equal(result.status, Status.NO_PERMISSION, `${operation.id} answers a relative ${result.status}`);
    }
    assert.ok(walked.includes(api.familyResidents.id) && walked.includes(api.familySetAlerts.id) && walked.length > 200, `walked ${walked.length} operations`);
    assert.deepEqual((await server.call(api.familyAlerts, {}, { token })).data, { allowed: false, optedIn: false }, 'the walk changed nothing');
    assert.ok(!JSON.stringify((await server.call(api.platformInfo, {}, { token })).data).includes(otherResident.name));
  });

  test('the live socket (every alarm of the care home) refuses a relative', async () => {
    const login = await appLogin('demorelative');
    await server.vigil.app.listen({ port: 0, host: '127.0.0.1' });
    await assert.rejects(openSocket(`http://127.0.0.1:${(server.vigil.app.server.address() as AddressInfo).port}`, { key: login.data.key }), new RegExp(`refused: ${SOCKET_LOGIN_REFUSED}`));
  });

  test('signing out ends the session', async () => {
    const login = await appLogin('demorelative');
    assert.equal((await server.call(api.logout, {}, { token: login.data.token })).status, Status.OK);
    assert.notEqual((await server.call(api.familyResidents, {}, { token: login.data.token })).status, Status.OK);
  });
});
