import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status, type ResponseStats } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { settingsRepository } from '../system/settings.repository.ts';
import { insertAlarm, type AlarmSpec } from './analytics-fixtures.ts';
import { analyticsRepository } from './analytics.repository.ts';
import { analyticsService } from './analytics.service.ts';
import { handoverSummaries } from './handover.ts';
import { percentileOf } from './percentile.ts';
import { lastEndedNight, nightWindow, shiftWindows } from './shifts.ts';

/** The test clock runs from 2026-04-01 10:00 UTC, so March's alarms are inside the 31-day retention. */
const CLOCK_START = Date.parse('2026-04-01T10:00:00Z');
const realStart = Date.now();
const clock = () => CLOCK_START + (Date.now() - realStart);

const ANNA = { handlerId: 9001, handlerName: 'Anna' };
const BEN = { handlerId: 9002, handlerName: 'Ben' };
const handled = (who: typeof ANNA, seconds: number, option = 'CHECKED') => ({ ...who, seconds, option });

/**
 * The hand-counted data set (Europe/Berlin, default shifts 07–15, 15–23, 23–07, target 180 s).
 * Daylight saving starts on 2026-03-29 at 02:00 (01:00 UTC): before it Berlin is UTC+1, after UTC+2,
 * so the night 28→29 March lasts 7 hours (22:00Z–05:00Z). Times below are UTC, worked out by hand.
 */
function dataSet(providerId: number): AlarmSpec[] {
  const a = (n: number, raised: string, alertType: string, level: 1 | 2, end: Pick<AlarmSpec, 'handled' | 'relievedAfter'>): AlarmSpec => ({ providerId, raised, alertType, level, deviceId: `AN-${providerId}-${n}`, ...end });
  return [
    // Day shift 28 March (07:00–15:00 = 06:00Z–14:00Z)
    a(1, '2026-03-28T07:00:00Z', 'SOS', 1, { handled: handled(ANNA, 60) }),
    a(2, '2026-03-28T08:00:00Z', 'SOS', 1, { handled: handled(ANNA, 120) }),
    a(3, '2026-03-28T09:00:00Z', 'SOS', 1, { handled: handled(BEN, 300, 'MISTAKE_RECHECK') }),
    a(4, '2026-03-28T13:59:00Z', 'LEFT_BED', 1, { handled: handled(BEN, 30) }),
    // Evening 28 March (15:00–23:00 = 14:00Z–22:00Z): 15:00 sharp is the evening's.
    a(5, '2026-03-28T14:00:00Z', 'LEFT_BED', 1, { handled: handled(BEN, 200, 'MISTAKE_ABNORMAL') }),
    a(6, '2026-03-28T19:00:00Z', 'BODY_MOVE', 2, { relievedAfter: 40 }),
    // Night 28→29 (23:00 CET = 22:00Z to 07:00 CEST = 05:00Z): across midnight and the clock change.
    a(7, '2026-03-28T22:30:00Z', 'SOS', 1, { handled: handled(ANNA, 90) }),
    a(8, '2026-03-29T00:30:00Z', 'SOS', 1, { handled: handled(ANNA, 150) }),
    a(9, '2026-03-29T01:30:00Z', 'SOS', 1, { handled: handled(ANNA, 400, 'TEST') }),
    a(10, '2026-03-29T04:30:00Z', 'LEFT_BED', 1, { handled: handled(BEN, 100) }),
    a(11, '2026-03-29T04:50:00Z', 'BODY_MOVE', 2, {}),
    // 07:10 CEST: the day shift (with a fixed UTC+1 it would read 06:10, the night).
    a(12, '2026-03-29T05:10:00Z', 'SOS', 1, { handled: handled(BEN, 45) }),
    // 28 March 00:30 local: the night shift that began on the 27th, cut at the range's first midnight.
    a(14, '2026-03-27T23:30:00Z', 'SOS', 1, { handled: handled(ANNA, 240) }),
    // Outside 28–29 March (local): 27 March 22:00 and 30 March 01:00.
    a(13, '2026-03-27T21:00:00Z', 'SOS', 1, { handled: handled(ANNA, 10) }),
    a(15, '2026-03-29T23:00:00Z', 'SOS', 1, { handled: handled(ANNA, 10) }),
  ];
}

const stats = (count: number, handledCount: number, relieved: number, pending: number, median: number | null, p90: number | null, within: number | null, falseShare: number | null): ResponseStats => ({
  count, handled: handledCount, relieved, pending, medianSeconds: median, p90Seconds: p90, withinTargetShare: within, falseAlarmShare: falseShare,
});
const pick = ({ count, handled: h, relieved, pending, medianSeconds, p90Seconds, withinTargetShare, falseAlarmShare }: ResponseStats): ResponseStats =>
  ({ count, handled: h, relieved, pending, medianSeconds, p90Seconds, withinTargetShare, falseAlarmShare });

describe('response-time analytics and the night handover', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  let providerA = 0;
  let providerB = 0;

  before(async () => {
    server = await startTestServer({ demo: true, now: clock });
    const loginA = await server.login('demotwoa');
    tokenA = loginA.token;
    const loginB = await server.login('demotwob');
    tokenB = loginB.token;
    providerA = loginA.providerId ?? 0;
    providerB = loginB.providerId ?? 0;
    await settingsRepository(server.vigil.database.db).set('timeZone', 'Europe/Berlin');
    for (const spec of dataSet(providerA)) await insertAlarm(server.vigil.database.db, spec);
    // Another care home's alarm in the same hours counts nowhere in A's figures.
    await insertAlarm(server.vigil.database.db, { providerId: providerB, raised: '2026-03-28T22:40:00Z', alertType: 'SOS', level: 1, deviceId: 'AN-B-1', userName: 'Foreign Resident', handled: handled({ handlerId: 9100, handlerName: 'Foreign Carer' }, 5) });
  });
  after(() => server.close());

  test('shift windows follow the wall clock across midnight and the daylight-saving change', () => {
    const windows = shiftWindows('2026-03-28', '2026-03-29', ['07:00', '15:00', '23:00'], 'Europe/Berlin');
    const night = windows.find((window) => window.from === Date.parse('2026-03-28T22:00:00Z'));
    assert.ok(night);
    assert.equal(night.shift, 2);
    assert.equal(night.to, Date.parse('2026-03-29T05:00:00Z'));
    // The first window is the night of the 27th, cut at the range's first local midnight (23:00Z).
    assert.deepEqual(windows[0], { shift: 2, from: Date.parse('2026-03-27T23:00:00Z'), to: Date.parse('2026-03-28T06:00:00Z') });
    assert.equal(windows.at(-1)?.to, Date.parse('2026-03-29T22:00:00Z'));
    assert.deepEqual(nightWindow('2026-03-29', ['07:00', '15:00', '23:00'], 'Europe/Berlin'), { shift: 2, from: Date.parse('2026-03-28T22:00:00Z'), to: Date.parse('2026-03-29T05:00:00Z') });
    // A night shift starting after midnight belongs to the same morning.
    assert.deepEqual(nightWindow('2026-03-31', ['01:00', '09:00', '17:00'], 'UTC'), { shift: 0, from: Date.parse('2026-03-31T01:00:00Z'), to: Date.parse('2026-03-31T09:00:00Z') });
    assert.equal(lastEndedNight(Date.parse('2026-03-29T04:59:00Z'), ['07:00', '15:00', '23:00'], 'Europe/Berlin'), '2026-03-28');
    assert.equal(lastEndedNight(Date.parse('2026-03-29T05:00:00Z'), ['07:00', '15:00', '23:00'], 'Europe/Berlin'), '2026-03-29');
  });

  test('percentiles interpolate between ranks', () => {
    assert.equal(percentileOf([30, 45, 60, 120, 300], 9, 10), 228);
    assert.equal(percentileOf([45, 60, 90, 120, 150, 240, 300, 400], 1, 2), 135);
    assert.equal(percentileOf([200], 9, 10), 200);
    assert.equal(percentileOf([], 1, 2), null);
  });

  test('figures per type and level, shift and caregiver equal the hand count', async () => {
    const response = await server.call(api.responseTimes, { from: '2026-03-28', to: '2026-03-29' }, { token: tokenA });
    assert.equal(response.status, Status.OK, response.msg);
    const figures = response.data;
    assert.equal(figures.timeZone, 'Europe/Berlin');
    assert.equal(figures.targetSeconds, 180);
    assert.deepEqual(figures.shifts.map((shift) => shift.label), ['07:00–15:00', '15:00–23:00', '23:00–07:00']);
    // 13 alarms: 11 handled (30 45 60 90 100 120 150 200 240 300 400 s), one relieved, one pending.
    assert.deepEqual(pick(figures.overall), stats(13, 11, 1, 1, 120, 300, 7 / 11, 2 / 11));

    const shift = (index: number) => figures.byShift.find((row) => row.shift === index);
    assert.deepEqual(pick(shift(0) ?? figures.overall), stats(5, 5, 0, 0, 60, 228, 4 / 5, 1 / 5));
    assert.deepEqual(pick(shift(1) ?? figures.overall), stats(2, 1, 1, 0, 200, 200, 0, 1));
    assert.deepEqual(pick(shift(2) ?? figures.overall), stats(6, 5, 0, 1, 150, 336, 3 / 5, 0));

    const type = (alertType: string, level: number) => figures.byType.find((row) => row.alertType === alertType && row.alertLevel === level);
    assert.deepEqual(pick(type('SOS', 1) ?? figures.overall), stats(8, 8, 0, 0, 135, 330, 5 / 8, 1 / 8));
    assert.deepEqual(pick(type('LEFT_BED', 1) ?? figures.overall), stats(3, 3, 0, 0, 100, 180, 2 / 3, 1 / 3));
    assert.deepEqual(pick(type('BODY_MOVE', 2) ?? figures.overall), stats(2, 0, 1, 1, null, null, null, null));

    const carer = (name: string) => figures.byCaregiver.find((row) => row.handlerName === name);
    assert.deepEqual(pick(carer('Anna') ?? figures.overall), stats(6, 6, 0, 0, 135, 320, 4 / 6, 0));
    assert.deepEqual(pick(carer('Ben') ?? figures.overall), stats(5, 5, 0, 0, 100, 260, 3 / 5, 2 / 5));
    assert.equal(carer('Ben')?.handlerId, 9002);
    assert.equal(figures.byCaregiver.length, 2, 'no foreign caregiver');

    const detail = (alertType: string, shiftIndex: number, name: string) => figures.detail.find((row) => row.alertType === alertType && row.shift === shiftIndex && row.handlerName === name);
    assert.deepEqual(pick(detail('SOS', 2, 'Anna') ?? figures.overall), stats(4, 4, 0, 0, 195, 352, 2 / 4, 0));
    assert.deepEqual(pick(detail('SOS', 0, 'Ben') ?? figures.overall), stats(2, 2, 0, 0, 172.5, 274.5, 1 / 2, 1 / 2));
    assert.equal(figures.detail.reduce((sum, row) => sum + row.handled, 0), 11);
  });

  test('a changed target and shifts apply to the next reading', async () => {
    const saved = await server.call(api.saveAnalyticsSettings, { shiftStarts: ['22:00', '06:00', '14:00'], targetSeconds: 100 }, { token: tokenA });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.deepEqual(saved.data.shiftStarts, ['06:00', '14:00', '22:00']);
    assert.equal(saved.data.shifts.find((shift) => shift.night)?.label, '22:00–06:00');
    const figures = (await server.call(api.responseTimes, { from: '2026-03-28', to: '2026-03-29' }, { token: tokenA })).data;
    // Within 100 s: 30 45 60 90 100.
    assert.equal(figures.overall.withinTargetShare, 5 / 11);
    // 06:00–14:00: on the 28th (05:00Z–13:00Z) alarms 1, 2, 3 (the 14:59 one is now the afternoon's); on the 29th,
    // after the clock change (04:00Z–12:00Z), alarms 10, 11, 12.
    assert.equal(figures.byShift.find((row) => row.shift === 0)?.count, 6);
    const restored = await server.call(api.saveAnalyticsSettings, { shiftStarts: ['07:00', '15:00', '23:00'], targetSeconds: 180 }, { token: tokenA });
    assert.equal(restored.status, Status.OK);
  });

  test('bad settings and ranges are refused with a localized message and change nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ shiftStarts: ['25:00'], targetSeconds: 180 }, /HH:mm/],
      [{ shiftStarts: ['07:00', '07:00'], targetSeconds: 180 }, /gleichen Zeit|selben Zeit/],
      [{ shiftStarts: [], targetSeconds: 180 }, /1 bis 6/],
      [{ shiftStarts: ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00'], targetSeconds: 180 }, /1 bis 6/],
      [{ shiftStarts: ['07:00'], targetSeconds: 5 }, /10~3600/],
      [{ shiftStarts: ['07:00'], targetSeconds: 'soon' }, /10~3600/],
    ];
    for (const [input, message] of cases) {
      const response = await server.call(api.saveAnalyticsSettings, input, { token: tokenA, language: 'de' });
      assert.equal(response.status, Status.BAD_REQUEST, JSON.stringify(input));
      assert.match(response.msg, message);
    }
    const range = await server.call(api.responseTimes, { from: '2026-03-01', to: '2026-04-01' }, { token: tokenA, language: 'de' });
    assert.equal(range.status, Status.BAD_REQUEST);
    assert.match(range.msg, /31 Tage/);
    const backwards = await server.call(api.responseTimes, { from: '2026-03-29', to: '2026-03-28' }, { token: tokenA });
    assert.equal(backwards.status, Status.BAD_REQUEST);
    const future = await server.call(api.handoverSummary, { date: '2026-06-01' }, { token: tokenA, language: 'it' });
    assert.equal(future.status, Status.BAD_REQUEST);
    assert.match(future.msg, /notte/);
    const current = await server.call(api.analyticsSettings, {}, { token: tokenA });
    assert.deepEqual(current.data.shiftStarts, ['07:00', '15:00', '23:00']);
    assert.equal(current.data.targetSeconds, 180);
  });

  describe('the night handover', () => {
    const ids = { r1: 0, r2: 0, r3: 0 };

    before(async () => {
      const db = server.vigil.database.db;
      const place = await buildPlace(server, tokenA, { area: 'Handover Wing', rooms: 'H1,H2,H3', beds: 'A' });
      const resident = async (name: string, bedId: number) => (await server.call(api.insertUser, { name, gender: 'female', birthDate: '1940-02-02', bunkId: bedId }, { token: tokenA })).data.id;
      ids.r1 = await resident('Hanna Poor', place.bedIds[0]);
      ids.r2 = await resident('Rita Pauses', place.bedIds[1]);
      ids.r3 = await resident('Sofia Sound', place.bedIds[2]);
      // Night 30→31 March, CEST (23:00 = 21:00Z to 07:00 = 05:00Z).
      const alarm = (raised: string, alertType: string, level: 1 | 2, deviceId: string, end: Pick<AlarmSpec, 'handled' | 'relievedAfter'>, residentId: number | null = null, userName = '') =>
        insertAlarm(db, { providerId: providerA, raised, alertType, level, deviceId, residentId, userName, room: residentId ? 'H' : '', ...end });
      await alarm('2026-03-30T21:10:00Z', 'SOS', 1, 'HO-SOS', { handled: handled(ANNA, 120) }, ids.r1, 'Hanna Poor');
      await alarm('2026-03-31T00:00:00Z', 'BREATH_STOP', 1, 'HO-BED2', { relievedAfter: 30 }, ids.r2, 'Rita Pauses');
      await alarm('2026-03-31T01:00:00Z', 'CONNECTION', 2, 'HO-OFF', { relievedAfter: 600 });
      await alarm('2026-03-31T02:00:00Z', 'LOW_POWER', 2, 'HO-BAT', {});
      await alarm('2026-03-31T04:55:00Z', 'LEFT_BED', 1, 'HO-BED1', {}, ids.r1, 'Hanna Poor');
      // After the night: in neither the night's alarms nor its pending list.
      await alarm('2026-03-31T05:05:00Z', 'LEFT_BED', 1, 'HO-BED3', {}, ids.r3, 'Sofia Sound');
      const device = (deviceId: string, fields: { online: 0 | 1; battery: number | null; changedAt?: string }) =>
        insertDevice(db, { deviceId, deviceType: 20993, providerId: providerA, bedId: null, roomId: null, residentId: null }).then(() =>
          db.updateTable('devices').set({ online: fields.online, battery: fields.battery, online_changed_at: fields.changedAt ? Date.parse(fields.changedAt) : null }).where('device_id', '=', deviceId).execute());
      await device('HO-OFF', { online: 1, battery: 80 });
      await device('HO-BAT', { online: 1, battery: 15 });
      await device('HO-LOW2', { online: 1, battery: 10 });
      await device('HO-GONE', { online: 0, battery: 70, changedAt: '2026-03-31T01:30:00Z' });
      await device('HO-FINE', { online: 1, battery: 90 });
      const report = (residentId: number, score: number, ahi: number) =>
        db.insertInto('daily_reports').values({
          provider_id: providerA, resident_id: residentId, device_id: 'HO-BED', report_date: '2026-03-31', window_from: 0, window_to: 1, analysed: 1, reason: null,
          score, sleep_minutes: 400, wake_ups: 2, ahi, apnea_grade: ahi >= 5 ? 'low' : 'none', analysis: '{}', created_at: 1,
        }).execute();
      await report(ids.r1, 55, 2);
      await report(ids.r2, 80, 12);
      await report(ids.r3, 85, 1);
    });

    test('the summary of a constructed night holds its alarms, pending ones, bad sleepers and devices', async () => {
      const response = await server.call(api.handoverSummary, { date: '2026-03-31', fresh: true }, { token: tokenA });
      assert.equal(response.status, Status.OK, response.msg);
      const summary = response.data;
      assert.equal(summary.from, Date.parse('2026-03-30T21:00:00Z'));
      assert.equal(summary.to, Date.parse('2026-03-31T05:00:00Z'));
      assert.equal(summary.shiftLabel, '23:00–07:00');
      assert.equal(summary.stored, false);
      assert.equal(summary.alarms.itemsTotal, 5);
      assert.deepEqual(summary.alarms.items.map((item) => [item.alertType, item.state]), [
        ['LEFT_BED', 'pending'], ['LOW_POWER', 'pending'], ['CONNECTION', 'relieved'], ['BREATH_STOP', 'relieved'], ['SOS', 'handled'],
      ]);
      assert.equal(summary.alarms.items.at(-1)?.handlerName, 'Anna');
      assert.equal(summary.alarms.items.at(-1)?.responseSeconds, 120);
      assert.deepEqual(pick(summary.alarms.stats), stats(5, 1, 2, 2, 120, 120, 1, 0));
      assert.deepEqual(summary.alarms.byType.find((row) => row.alertType === 'LEFT_BED'), { alertType: 'LEFT_BED', alertLevel: 1, count: 1, handled: 0, relieved: 0, pending: 1 });
      // Pending at the end of the night: the two of this night and the BODY_MOVE of the 29th; not the 07:05 one.
      assert.deepEqual(summary.pending.map((item) => item.alertType), ['LEFT_BED', 'LOW_POWER', 'BODY_MOVE']);
      assert.equal(summary.sleep.reports, 3);
      assert.deepEqual(summary.sleep.residents.map((row) => [row.name, row.reasons, row.breathStopAlarms]), [
        ['Hanna Poor', ['poorSleep'], 0],
        ['Rita Pauses', ['breathingPauses'], 1],
      ]);
      assert.match(summary.sleep.residents[0].place, /Handover Wing \/ 1F \/ H1 \/ A/);
      assert.deepEqual(summary.devices.offline.map((row) => [row.deviceId, row.online]), [['HO-OFF', true], ['HO-GONE', false]]);
      assert.deepEqual(summary.devices.lowBattery.map((row) => [row.deviceId, row.battery]), [['HO-LOW2', 10], ['HO-BAT', 15]]);
    });

    test('the nightly job stores each care home\'s summary once, after the night shift ends', async () => {
      const repository = analyticsRepository(server.vigil.database.db);
      const timeZone = async () => 'Europe/Berlin';
      const analytics = analyticsService({ repository, timeZone, now: clock });
      const job = handoverSummaries({ repository, analytics, timeZone, now: clock });
      // 04:59Z: the night is still on, the last ended night (the 30th) is older than 12 hours.
      assert.equal(await job.storeDue(Date.parse('2026-03-31T04:59:00Z')), 0);
      assert.equal(await repository.findSummary(providerA, '2026-03-31'), undefined);
      const made = await job.storeDue(Date.parse('2026-03-31T05:03:00Z'));
      assert.ok(made >= 2, `one per care home, got ${made}`);
      assert.equal(await job.storeDue(Date.parse('2026-03-31T05:08:00Z')), 0, 'never twice');
      const stored = await server.call(api.handoverSummary, { date: '2026-03-31' }, { token: tokenA });
      assert.equal(stored.data.stored, true);
      assert.equal(stored.data.generatedAt, Date.parse('2026-03-31T05:03:00Z'));
      assert.equal(stored.data.alarms.itemsTotal, 5);
      const foreign = await server.call(api.handoverSummary, { date: '2026-03-31' }, { token: tokenB });
      assert.equal(foreign.data.stored, true);
      assert.equal(foreign.data.alarms.itemsTotal, 0);
      assert.ok(!JSON.stringify(foreign.data).includes('Hanna'), 'no foreign resident');
    });
  });

  test('a read-only sub-account reads the figures but cannot change the settings', async () => {
    const created = await server.call(api.insertAccount, { userName: 'analyticsreader', passWord: 'Reader#2026x', nickName: 'Reader', role: 'SUB_ROLE', dataPermission: 2 }, { token: tokenA });
    assert.equal(created.status, Status.OK, created.msg);
    const reader = await server.login('analyticsreader', 'Reader#2026x');
    assert.equal((await server.call(api.responseTimes, { from: '2026-03-28', to: '2026-03-29' }, { token: reader.token })).data.overall.count, 13);
    assert.equal((await server.call(api.saveAnalyticsSettings, { shiftStarts: ['08:00'], targetSeconds: 60 }, { token: reader.token })).status, Status.NO_PERMISSION);
  });
});
