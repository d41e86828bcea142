import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, Status, type Operation } from '@vigil/contracts';
import { sheetRows } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { eventually } from '../../test/alarm-fixtures.ts';
import { statisticsFixtures } from './statistics-fixtures.ts';

const HOUR = 3600_000;
const MINUTE = 60_000;

/**
 * Issue 13: figures from a hand-counted data set, the coefficient's next-midnight rule in the care
 * home's time zone (across a zone and a daylight-saving boundary) and government scope. One server,
 * one controllable clock; the snapshot job runs through the admin refresh call.
 */
describe('statistics', () => {
  let server: TestServer;
  let clock = Date.parse('2026-03-10T12:00:00Z');
  let homeId = 0;
  let north = { areaId: 0, roomId: 0, bedIds: [] as number[] };
  let south = { areaId: 0, roomId: 0, bedIds: [] as number[] };
  const token = async (user: string) => (await server.login(user)).token;
  const refresh = async () => {
    const answer = await server.call(api.refreshStatistics, {}, { token: await token('demosenior') });
    assert.equal(answer.status, Status.OK, answer.msg);
    return answer.data.written;
  };

  before(async () => {
    server = await startTestServer({ demo: true, now: () => clock });
    const db = server.vigil.database.db;
    const at = (iso: string) => Date.parse(iso);
    const make = statisticsFixtures(db, clock);
    // "Stat Home", Berlin (UTC+1 in March before the 29th). Day under test: 2026-03-10 = [09T23:00Z, 10T23:00Z).
    homeId = await make.provider('Stat Home', 'Europe/Berlin');
    north = await make.place(homeId, 'North', ['N1', 'N2', 'N3']);
    south = await make.place(homeId, 'South', ['S1']);
    const r1 = await make.resident(homeId, { name: 'R1', state: 'admitted', bedId: north.bedIds[0], checkInAt: at('2026-03-10T08:00:00Z') });
    const r2 = await make.resident(homeId, { name: 'R2', state: 'admitted', bedId: north.bedIds[1], checkInAt: at('2026-02-01T08:00:00Z') });
    const r3 = await make.resident(homeId, { name: 'R3', state: 'admitted', checkInAt: at('2026-03-09T22:59:00Z') }); // 23:59 on the 9th, Berlin
    await make.resident(homeId, { name: 'R4', state: 'checkedOut', checkInAt: at('2026-01-01T08:00:00Z'), checkOutAt: at('2026-03-10T22:30:00Z') });
    await make.device(homeId, { deviceType: 49, online: true, bedId: north.bedIds[0] });
    await make.device(homeId, { deviceType: 49, online: false, battery: 80, bedId: south.bedIds[0] });
    await make.device(homeId, { deviceType: 20993, online: true, battery: 10, roomId: south.roomId });
    await make.caregiver(homeId, 'C1', [r1, r2]);
    await make.caregiver(homeId, 'C2', [r1]);
    await make.alarm(homeId, { alertType: 'SOS', level: 1, raisedAt: at('2026-03-10T09:00:00Z'), areaId: north.areaId, dealTime: at('2026-03-10T09:01:00Z'), responseMs: 60_000 });
    await make.alarm(homeId, { alertType: 'LEFT_BED', level: 2, raisedAt: at('2026-03-10T10:00:00Z'), areaId: north.areaId, dealTime: at('2026-03-10T10:02:00Z'), responseMs: 120_000 });
    await make.alarm(homeId, { alertType: 'LEFT_BED', level: 2, raisedAt: at('2026-03-10T22:00:00Z'), areaId: south.areaId });
    // Raised the day before, handled on the day: handled and timed, not raised.
    await make.alarm(homeId, { alertType: 'SOS', level: 1, raisedAt: at('2026-03-09T22:00:00Z'), dealTime: at('2026-03-10T06:00:00Z'), responseMs: 300_000 });
    // 00:15 on the 11th in Berlin: the next day.
    await make.alarm(homeId, { alertType: 'SOS', level: 1, raisedAt: at('2026-03-10T23:15:00Z'), areaId: south.areaId });
    await make.report(homeId, r1, '2026-03-10', { score: 95, ahi: 6, af: 'low' });
    await make.report(homeId, r2, '2026-03-10', { score: 72, ahi: 2, af: 'none' });
    await make.report(homeId, r3, '2026-03-10', { score: 55, ahi: null, af: null });
    const gov = await server.vigil.database.db.selectFrom('accounts').where('user_name', '=', 'demogov').select('id').executeTakeFirstOrThrow();
    const twoA = await server.login('demotwoa');
    const assigned = await server.call(api.assignGovernmentProviders, { accountId: gov.id, providerIds: [twoA.providerId ?? 0, homeId] }, { token: await token('demosenior') });
    assert.equal(assigned.status, Status.OK, assigned.msg);
  });
  after(() => server.close());

  test('the day\'s figures equal the hand-counted ones', async () => {
    clock = Date.parse('2026-03-10T22:55:00Z'); // 23:55 in Berlin: the 10th is not over
    // The orange LEFT_BED raised at 23:00 Berlin and left unhandled turns red on the escalation
    // job's next run (every 2 s, on this clock): wait for it, so the figures below do not depend
    // on whether that run came before the refresh (it raced, and PostgreSQL CI saw it red).
    const db = server.vigil.database.db;
    await eventually(async () => (await db.selectFrom('alarms').where('provider_id', '=', homeId).where('alert_type', '=', 'LEFT_BED').where('alert_level', '=', 1).select('id').execute()).length === 1, 10_000, 'the unhandled orange alarm escalated');
    await refresh();
    assert.equal(await server.vigil.database.db.selectFrom('statistics_snapshots').where('provider_id', '=', homeId).where('snapshot_date', '=', '2026-03-10').select('id').executeTakeFirst(), undefined);
    clock = Date.parse('2026-03-10T23:05:00Z'); // 00:05 on the 11th in Berlin
    assert.ok((await refresh()) >= 1);
    const gov = await token('demogov');
    const input = { providerId: homeId };
    const bunk = (await server.call(api.getUserBunkData, input, { token: gov })).data;
    assert.equal(bunk.date, '2026-03-10');
    assert.equal(bunk.timeZone, 'Europe/Berlin');
    assert.deepEqual({ ...bunk.real, residentTrend: undefined, checkInTrend: undefined }, {
      residents: 3, beds: 4, occupiedBeds: 2, occupancyPercent: 50, checkIns: 1, checkOuts: 1, away: 0,
      ageBands: [{ band: '0-60', residents: 0 }, { band: '61-70', residents: 0 }, { band: '71-80', residents: 0 }, { band: '81-90', residents: 3 }, { band: '91+', residents: 0 }],
      residentTrend: undefined, checkInTrend: undefined,
    });
    assert.deepEqual(bunk.scale, { factor: 1, scaled: false, since: null });
    const devices = (await server.call(api.getDeviceData, input, { token: gov })).data.real;
    assert.deepEqual([devices.total, devices.online, devices.offline, devices.batteryLow], [3, 2, 1, 1]);
    assert.deepEqual(devices.byKind, [
      { kind: 'emergencyCall', total: 1, online: 1, offline: 0, batteryLow: 1 },
      { kind: 'sleepMonitor', total: 2, online: 1, offline: 1, batteryLow: 0 },
    ]);
    const nursing = (await server.call(api.getNursingData, input, { token: gov })).data.real;
    assert.deepEqual({ ...nursing, handledTrend: undefined }, { caregivers: 2, assignedResidents: 2, unassignedResidents: 1, residentsPerCaregiver: 1, busiestCaregiverResidents: 2, alarmsHandled: 3, handledTrend: undefined });
    const alerts = (await server.call(api.getAlertData, input, { token: gov })).data.real;
    assert.deepEqual([alerts.raised, alerts.handled, alerts.pending, alerts.level1, alerts.level2], [3, 3, 1, 2, 1]);
    assert.deepEqual(alerts.byType, [{ alertType: 'LEFT_BED', level1: 1, level2: 1 }, { alertType: 'SOS', level1: 1, level2: 0 }]);
    assert.equal(alerts.responseMedianMs, 120_000);
    assert.equal(alerts.responseP90Ms, 300_000);
    // The refresh at 23:55 wrote the 9th (its SOS at 23:00 Berlin); the one at 00:05 the 10th.
    assert.deepEqual(alerts.dailyByLevel, [{ date: '2026-03-09', level1: 1, level2: 0 }, { date: '2026-03-10', level1: 2, level2: 1 }]);
    const sleep = (await server.call(api.getSleepData, input, { token: gov })).data.real;
    assert.equal(sleep.reports, 3);
    assert.equal(sleep.averageScore, 74);
    assert.deepEqual(sleep.scoreBands.map((band) => band.residents), [1, 0, 1, 0, 1]);
    assert.deepEqual([sleep.ahiRisk, sleep.afRisk], [1, 1]);
    const communities = (await server.call(api.getCommunityData, input, { token: gov })).data.real.communities;
    assert.deepEqual(communities, [
      { areaId: north.areaId, name: 'North', residents: 2, beds: 3, occupiedBeds: 2, devices: 1, devicesOnline: 1, alarms: 2 },
      { areaId: south.areaId, name: 'South', residents: 0, beds: 1, occupiedBeds: 0, devices: 2, devicesOnline: 1, alarms: 1 },
    ]);
  });

  test('the export carries the real and the shown value of each figure', async () => {
    const gov = await token('demogov');
    const file = await server.vigil.app.inject({ method: 'GET', url: `/api/bigData/exportStatistics?providerId=${homeId}`, headers: { 's-token': gov } });
    assert.equal(file.statusCode, 200);
    assert.match(String(file.headers['content-type']), /spreadsheetml/);
    const rows = sheetRows(file.rawPayload);
    assert.deepEqual(rows[0], ['Care home', 'Figure', 'Real value', 'Shown value', 'Coefficient', 'Coefficient since']);
    assert.ok(rows.some((row) => row[1] === 'alarms.raised' && Number(row[2]) === 3 && Number(row[3]) === 3));
  });

  test('a coefficient applies from the next 00:00 in each care home\'s own time zone, across daylight saving', async () => {
    const db = server.vigil.database.db;
    const twoB = await server.login('demotwob');
    const homeB = twoB.providerId ?? 0;
    await db.updateTable('providers').set({ time_zone: 'Europe/Berlin' }).where('id', '=', homeB).execute();
    // 23:30 on the 28th in Berlin (UTC+1), 22:30 in the platform zone (UTC) for demotwoa.
    clock = Date.parse('2026-03-28T22:30:00Z');
    const savedB = await server.call(api.dataRuleSetting, { mult: 2 }, { token: await token('demotwob') });
    assert.equal(savedB.status, Status.OK, savedB.msg);
    assert.deepEqual(savedB.data.pending, { factor: 2, from: '2026-03-29', fromInstant: Date.parse('2026-03-28T23:00:00Z') });
    assert.deepEqual(savedB.data.current, { factor: 1, since: null });
    const savedA = await server.call(api.dataRuleSetting, { mult: 3 }, { token: await token('demotwoa') });
    assert.deepEqual(savedA.data.pending, { factor: 3, from: '2026-03-29', fromInstant: Date.parse('2026-03-29T00:00:00Z') });
    const bad = await server.call(api.dataRuleSetting, { mult: 0 }, { token: await token('demotwoa'), language: 'de' });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.match(bad.msg, /Koeffizient/);

    const scaleOf = async (user: string) => (await server.call(api.getAlertData, {}, { token: await token(user) })).data;
    clock = Date.parse('2026-03-28T22:50:00Z');
    await refresh();
    assert.equal((await scaleOf('demotwob')).scale.scaled, false);
    // 00:01 in Berlin, 23:01 in UTC: B's change is in force, A's is not yet.
    clock = Date.parse('2026-03-28T23:01:00Z');
    await refresh();
    const b = await scaleOf('demotwob');
    assert.deepEqual([b.date, b.scale], ['2026-03-28', { factor: 2, scaled: true, since: '2026-03-29' }]);
    const aBefore = await scaleOf('demotwoa');
    assert.equal(aBefore.scale.scaled, false);
    clock = Date.parse('2026-03-29T00:01:00Z');
    await refresh();
    const a = await scaleOf('demotwoa');
    assert.deepEqual([a.date, a.scale], ['2026-03-28', { factor: 3, scaled: true, since: '2026-03-29' }]);

    // The 29th in Berlin has 23 hours (02:00 → 03:00): its 00:00 after is 22:00 UTC, not 23:00.
    const make = statisticsFixtures(db, clock);
    await make.alarm(homeB, { alertType: 'SOS', level: 1, raisedAt: Date.parse('2026-03-29T21:30:00Z') });
    await make.alarm(homeB, { alertType: 'SOS', level: 1, raisedAt: Date.parse('2026-03-29T22:30:00Z') });
    clock = Date.parse('2026-03-29T21:30:00Z'); // 23:30 CEST
    const summer = await server.call(api.dataRuleSetting, { mult: 4 }, { token: await token('demotwob') });
    assert.deepEqual(summer.data.pending, { factor: 4, from: '2026-03-30', fromInstant: Date.parse('2026-03-29T22:00:00Z') });
    assert.deepEqual(summer.data.current, { factor: 2, since: '2026-03-29' });
    clock = Date.parse('2026-03-29T21:59:00Z');
    await refresh();
    assert.equal((await scaleOf('demotwob')).date, '2026-03-28');
    clock = Date.parse('2026-03-29T22:01:00Z');
    await refresh();
    const d = await scaleOf('demotwob');
    assert.deepEqual([d.date, d.scale.factor, d.real.raised, d.shown.raised], ['2026-03-29', 4, 1, 4]);
    // The 30-day trend shows each day with its own factor.
    assert.deepEqual(d.shown.raisedTrend.daily.slice(-2).map((point) => point.date), ['2026-03-28', '2026-03-29']);
  });

  test('a government account sees only its assigned providers', async () => {
    const gov = await token('demogov');
    const options = await server.call(api.getProviderOption, {}, { token: gov });
    assert.deepEqual(options.data.map((option) => option.providerName).sort(), ['Stat Home', 'Sunrise Riverside Home']);
    const twoB = await server.login('demotwob');
    const foreign = await server.call(api.getUserBunkData, { providerId: twoB.providerId }, { token: gov });
    assert.equal(foreign.status, Status.NOT_FOUND);
    assert.ok(!JSON.stringify(foreign).includes('Hillside'));
    assert.equal((await server.call(api.dataRuleSetting, { mult: 2, providerId: homeId }, { token: gov })).status, Status.NO_PERMISSION);
    // Assignments are checked: only GOVERNMENT accounts, only live providers.
    const senior = await token('demosenior');
    const twoAAccount = await server.vigil.database.db.selectFrom('accounts').where('user_name', '=', 'demotwoa').select('id').executeTakeFirstOrThrow();
    const wrong = await server.call(api.assignGovernmentProviders, { accountId: twoAAccount.id, providerIds: [homeId] }, { token: senior });
    assert.equal(wrong.status, Status.BAD_REQUEST);
    const govAccount = await server.vigil.database.db.selectFrom('accounts').where('user_name', '=', 'demogov').select('id').executeTakeFirstOrThrow();
    const missing = await server.call(api.assignGovernmentProviders, { accountId: govAccount.id, providerIds: [homeId, 987654] }, { token: senior });
    assert.equal(missing.status, Status.BAD_REQUEST);
    assert.equal((await server.call(api.governmentProviders, { accountId: govAccount.id }, { token: senior })).data.length, 2);
  });

  /** Every statistics call, as every console role, asked about a provider outside its reach. */
  test('walks every statistics call for every role: nothing of a foreign provider answers', async () => {
    const walked: [Operation, (foreign: number) => Record<string, unknown>][] = [
      [api.getProviderOption, () => ({})],
      [api.getUserBunkData, (id) => ({ providerId: id })],
      [api.getDeviceData, (id) => ({ providerId: id })],
      [api.getNursingData, (id) => ({ providerId: id })],
      [api.getAlertData, (id) => ({ providerId: id })],
      [api.getSleepData, (id) => ({ providerId: id })],
      [api.getCommunityData, (id) => ({ providerId: id })],
      [api.queryRuleSetting, (id) => ({ providerId: id })],
      [api.dataRuleSetting, (id) => ({ providerId: id, mult: 5 })],
      [api.exportStatistics, (id) => ({ providerId: id })],
      [api.governmentProviders, () => ({ accountId: 1 })],
      [api.assignGovernmentProviders, () => ({ accountId: 1, providerIds: [] })],
      [api.refreshStatistics, () => ({})],
    ];
    const missing = ALL_OPERATIONS.filter((operation) => operation.tag === 'statistics' && !walked.some(([walkedOp]) => walkedOp.id === operation.id)).map((operation) => operation.id);
    assert.deepEqual(missing, []);
    const logins = ['demosenior', 'demosuper', 'demobusiness', 'demoone', 'demotwoa', 'demotwob', 'demogov'];
    for (const user of logins) {
      const login = await server.login(user);
      for (const [operation, input] of walked) {
        // Stat Home belongs to no provider login: for them it is foreign; for demogov it is assigned, so use demotwob's home.
        const foreign = user === 'demogov' ? (await server.login('demotwob')).providerId ?? 0 : homeId;
        const allowed = operation.roles?.includes(login.role) ?? true;
        if (operation === api.exportStatistics) {
          const file = await server.vigil.app.inject({ method: 'GET', url: `/api/bigData/exportStatistics?providerId=${foreign}`, headers: { 's-token': login.token } });
          const body = file.json() as { status: number };
          assert.equal(body.status, allowed ? Status.NOT_FOUND : Status.NO_PERMISSION, `${operation.id} as ${user}`);
          continue;
        }
        const answer = await server.call(operation, input(foreign), { token: login.token });
        const text = JSON.stringify(answer.data);
        if (!allowed) assert.equal(answer.status, Status.NO_PERMISSION, `${operation.id} as ${user}`);
        else if (operation === api.getProviderOption) assert.ok(!text.includes(user === 'demogov' ? 'Hillside' : 'Stat Home'), `${operation.id} as ${user}: ${text}`);
        else if (operation === api.refreshStatistics || operation === api.governmentProviders || operation === api.assignGovernmentProviders) assert.notEqual(answer.status, Status.SERVER_ERROR);
        else assert.equal(answer.status, Status.NOT_FOUND, `${operation.id} as ${user}: ${answer.msg}`);
      }
    }
    // The rejected coefficient changed nothing.
    const db = server.vigil.database.db;
    assert.equal((await db.selectFrom('statistics_coefficients').where('provider_id', '=', homeId).select('factor_centi').execute()).length, 0);
  });

  test('a class I group counts its homes: its residents, beds and devices are theirs (issue 25 item 12)', async () => {
    const db = server.vigil.database.db;
    const make = statisticsFixtures(db, clock);
    const group = await make.provider('Stat Group', 'Europe/Berlin');
    const homes = [await make.provider('Stat Group East', 'Europe/Berlin', group), await make.provider('Stat Group West', 'Europe/Berlin', group)];
    for (const [index, home] of homes.entries()) {
      const place = await make.place(home, `G${index}`, ['1', '2']);
      await make.resident(home, { name: `G${index}a`, state: 'admitted', bedId: place.bedIds[0], checkInAt: Date.parse('2026-03-01T08:00:00Z') });
      await make.device(home, { deviceType: 49, online: true, bedId: place.bedIds[0] });
    }
    clock = Date.parse('2026-03-30T22:05:00Z'); // 00:05 on the 31st in Berlin (CEST)
    await refresh();
    const figuresOf = async (providerId: number) => {
      const row = await db.selectFrom('statistics_snapshots').where('provider_id', '=', providerId).where('snapshot_date', '=', '2026-03-30').select('figures').executeTakeFirstOrThrow();
      return JSON.parse(row.figures) as { residents: { residents: number; beds: number }; devices: { total: number } };
    };
    const [groupFigures, east] = [await figuresOf(group), await figuresOf(homes[0])];
    assert.deepEqual([groupFigures.residents.residents, groupFigures.residents.beds, groupFigures.devices.total], [2, 4, 2], 'the group: both homes');
    assert.deepEqual([east.residents.residents, east.residents.beds, east.devices.total], [1, 2, 1], 'a home: its own');
  });
});
