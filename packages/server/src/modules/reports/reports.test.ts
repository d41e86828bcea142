import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildNight, type Phase } from '../../analysis/sleep/night-builder.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createWorkerPool, type WorkerPool } from '../../workers/pool.ts';
import { settingsRepository } from '../system/settings.repository.ts';
import { dailyReportMaker, type DailyReportMaker } from './daily-reports.ts';
import { addSleepMonitor, memoryTelemetry } from './report-fixtures.ts';
import { reportRepository } from './report.repository.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 06:30 in Shanghai (UTC+8) on 2026-03-10 is 22:30 UTC on 03-09. */
const FIRST_WAKE = Date.UTC(2026, 2, 9, 22, 30);

/** A night in bed 22:00–06:30 local with two bed exits; starts 21:45 local (out of bed). */
function nightBefore(wake: number) {
  const phases: Phase[] = [
    { kind: 'out', minutes: 15 }, { kind: 'awake', minutes: 15 }, { kind: 'light', minutes: 60 }, { kind: 'deep', minutes: 40 }, { kind: 'light', minutes: 60 },
    { kind: 'out', minutes: 5 }, { kind: 'light', minutes: 90 }, { kind: 'deep', minutes: 30 }, { kind: 'light', minutes: 60 }, { kind: 'out', minutes: 3 },
    { kind: 'light', minutes: 137 }, { kind: 'awake', minutes: 10 }, { kind: 'out', minutes: 15 },
  ];
  return buildNight({ start: wake - 525 * MINUTE, phases });
}

describe('sleep reports: the nightly job and the report calls', () => {
  let server: TestServer;
  let token: string;
  let workers: WorkerPool;
  let maker: DailyReportMaker;
  const telemetry = memoryTelemetry();
  const ids = { resident: 0, quiet: 0, unmonitored: 0 };
  let deviceId = '';

  before(async () => {
    server = await startTestServer({ demo: true });
    token = (await server.login('demotwoa')).token;
    const senior = (await server.login('demosenior')).token;
    assert.equal((await server.call(api.saveSystemConfig, { timeZone: 'Asia/Shanghai' }, { token: senior })).status, Status.OK);
    const place = await buildPlace(server, token, { area: 'Report Wing', rooms: 'R1', beds: 'A,B,C' });
    const resident = async (name: string, bunkId: number) => (await server.call(api.insertUser, { name, gender: 'female', birthDate: '1940-02-02', bunkId }, { token })).data.id;
    ids.resident = await resident('Night Owl', place.bedIds[0]);
    ids.quiet = await resident('Empty Bed', place.bedIds[1]);
    ids.unmonitored = await resident('No Monitor', place.bedIds[2]);
    const db = server.vigil.database.db;
    const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', ids.resident).executeTakeFirstOrThrow()).provider_id;
    // One monitor bound to the bed, one to the resident; both are the resident's monitor.
    deviceId = await addSleepMonitor(db, { providerId, bedId: place.bedIds[0], settings: { sleepSchedule: { bedTime: '22:00', wakeTime: '06:30' }, leaveBedMode: 'balanced' } });
    await addSleepMonitor(db, { providerId, residentId: ids.quiet, settings: { sleepSchedule: { bedTime: '22:00', wakeTime: '06:30' } } });
    workers = createWorkerPool({ size: 1, queueLimit: 16, timeLimitMs: 30_000, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 60_000, warm: 0 });
    maker = dailyReportMaker({ reports: reportRepository(db), settings: settingsRepository(db), telemetry, workers });
  });
  after(async () => {
    await workers.close();
    await server.close();
  });

  test('the report is made within 15 minutes after the wake time (platform time zone), once', async () => {
    telemetry.add(deviceId, nightBefore(FIRST_WAKE));
    assert.deepEqual(await maker.makeDailyReports(FIRST_WAKE - 30 * MINUTE), { made: 0, failed: 0 });
    assert.deepEqual(await maker.makeDailyReports(FIRST_WAKE + 5 * MINUTE), { made: 0, failed: 0 });
    // Both monitored residents get a report (the empty bed's says why it was not analysed).
    assert.deepEqual(await maker.makeDailyReports(FIRST_WAKE + 11 * MINUTE), { made: 2, failed: 0 });
    assert.deepEqual(await maker.makeDailyReports(FIRST_WAKE + 14 * MINUTE), { made: 0, failed: 0 }, 'never twice');

    const page = await server.call(api.getDailyReportPageList, { pageNum: 1, pageSize: 10, keyWord: 'night owl' }, { token });
    assert.equal(page.status, Status.OK, page.msg);
    assert.equal(page.data.total, 1);
    const report = page.data.rows[0];
    assert.equal(report.date, '2026-03-10', 'the local date of the morning, not the UTC date');
    assert.equal(report.analysed, true);
    assert.equal(report.status, 'normal');
    assert.equal(report.leftBedCount, 2);
    assert.equal(report.bedTime, FIRST_WAKE - 510 * MINUTE);
    assert.ok(report.score !== null && report.score > 60, `score ${report.score}`);
    assert.equal(report.room, 'R1');
    assert.equal(report.bunk, 'A');
    assert.equal(report.windowTo, FIRST_WAKE + 11 * MINUTE);

    const empty = await server.call(api.getDailyReport, { userId: ids.quiet, date: '2026-03-10' }, { token });
    assert.equal(empty.status, Status.OK, empty.msg);
    assert.deepEqual([empty.data.analysed, empty.data.reason, empty.data.score], [false, 'noData', null]);
    assert.equal(empty.data.disclaimerDate, '2023-11-24');
  });

  test('a missed report is still made later that day, but not after 12 hours', async () => {
    const wake = FIRST_WAKE + DAY;
    telemetry.add(deviceId, nightBefore(wake));
    assert.deepEqual(await maker.makeDailyReports(wake + 13 * 60 * MINUTE), { made: 0, failed: 0 });
    // Three hours late: made then (any other monitored resident due by now gets theirs too).
    const late = await maker.makeDailyReports(wake + 3 * 60 * MINUTE);
    assert.ok(late.made >= 2 && late.failed === 0, JSON.stringify(late));
    const report = await server.call(api.getDailyReport, { userId: ids.resident, date: '2026-03-11' }, { token });
    assert.deepEqual([report.status, report.data.analysed, report.data.windowTo], [Status.OK, true, wake + 15 * MINUTE]);
  });

  test('the daily report data holds the whole analysis: hypnogram, rates, risks, score parts', async () => {
    const header = await server.call(api.getDailyReport, { userId: ids.resident, date: '2026-03-10' }, { token });
    const data = await server.call(api.getDailyReportData, { id: header.data.id }, { token });
    assert.equal(data.status, Status.OK, data.msg);
    const analysis = data.data.analysis;
    assert.ok(analysis.analysed);
    assert.deepEqual(analysis.leftBed.exits.map((exit) => (exit.to - exit.from) / MINUTE), [5, 3]);
    assert.ok(analysis.hypnogram.some((segment) => segment.stage === 'deep'));
    assert.equal(analysis.apnea.assessable && analysis.apnea.grade, 'none');
    assert.equal((await server.call(api.getDailyReport, { id: header.data.id }, { token })).data.residentName, 'Night Owl');
  });

  test('the time period is the monitor\'s sleep schedule in the platform time zone; defaults without a monitor', async () => {
    const period = await server.call(api.getTimePeriod, { userId: ids.resident }, { token });
    assert.deepEqual(period.data, { deviceId, bedTime: '22:00', wakeTime: '06:30', reportBy: '06:45', timeZone: 'Asia/Shanghai' });
    const none = await server.call(api.getTimePeriod, { userId: ids.unmonitored }, { token });
    assert.deepEqual(none.data, { deviceId: null, bedTime: '21:00', wakeTime: '07:00', reportBy: '07:15', timeZone: 'Asia/Shanghai' });
  });

  test('the monthly report says "not enough nights" under 7 analysed nights, and analyses 7', async () => {
    const early = await server.call(api.getMonthReport, { userId: ids.resident, month: '2026-03' }, { token });
    assert.equal(early.status, Status.OK, early.msg);
    assert.deepEqual(early.data.analysis, { enough: false, nights: 2, required: 7 });
    for (let day = 2; day < 7; day += 1) {
      const wake = FIRST_WAKE + day * DAY;
      telemetry.add(deviceId, nightBefore(wake));
      assert.equal((await maker.makeDailyReports(wake + 12 * MINUTE)).made, 2);
    }
    const month = await server.call(api.getMonthReport, { userId: ids.resident, month: '2026-03' }, { token });
    assert.ok(month.data.analysis.enough, JSON.stringify(month.data.analysis));
    assert.equal(month.data.analysis.nights, 7);
    assert.equal(month.data.analysis.averages.leftBedCount, 2);
    assert.equal(month.data.analysis.series.length, 7);
    const empty = await server.call(api.getMonthReport, { userId: ids.quiet, month: '2026-03' }, { token });
    assert.deepEqual(empty.data.analysis, { enough: false, nights: 0, required: 7 });
    const times = await server.call(api.getMonthReportTimes, { userId: ids.resident }, { token });
    assert.deepEqual(times.data, [{ month: '2026-03', nights: 7, enough: true }]);
  });

  test('the report screen\'s resident list: residents with a monitor or a report, with their latest report', async () => {
    // A resident admitted today with a monitor and no report yet: newest, yet listed after those with reports.
    const db = server.vigil.database.db;
    const bed = await buildPlace(server, token, { area: 'Report Annex', rooms: 'R9', beds: 'N' });
    const newcomer = (await server.call(api.insertUser, { name: 'Newcomer', gender: 'male', birthDate: '1944-04-04', bunkId: bed.bedIds[0] }, { token })).data.id;
    const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', newcomer).executeTakeFirstOrThrow()).provider_id;
    await addSleepMonitor(db, { providerId, residentId: newcomer, settings: {} });
    const list = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 50 }, { token });
    assert.equal(list.status, Status.OK, list.msg);
    const names = list.data.rows.map((row) => row.name);
    assert.ok(names.includes('Night Owl') && names.includes('Empty Bed') && !names.includes('No Monitor'), names.join());
    // Residents with a report come first (issue 25 item 20).
    const firstWithout = list.data.rows.findIndex((row) => row.latestReport === null);
    assert.ok(firstWithout === -1 || list.data.rows.slice(firstWithout).every((row) => row.latestReport === null), names.join());
    assert.ok(list.data.rows.some((row) => row.latestReport === null), 'a monitored resident without a report is listed (the newcomer)');
    const owl = list.data.rows.find((row) => row.name === 'Night Owl');
    assert.equal(owl?.deviceId, deviceId);
    assert.equal(owl?.latestReport?.date, '2026-03-16');
    // The list's flags are the latest night's, as its daily report states them.
    const latest = await server.call(api.getDailyReport, { id: owl?.latestReport?.id ?? 0 }, { token });
    assert.equal(owl?.latestReport?.apneaGrade, latest.data.apneaGrade);
    assert.equal(owl?.latestReport?.afGrade, latest.data.afGrade);
    const filtered = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 50, keyWord: 'empty' }, { token });
    assert.deepEqual(filtered.data.rows.map((row) => row.name), ['Empty Bed']);
    await db.deleteFrom('devices').where('resident_id', '=', newcomer).execute();
    await db.deleteFrom('residents').where('id', '=', newcomer).execute();
  });

  test('the resident list narrows to flagged latest nights or no report on the server, total included', async () => {
    const db = server.vigil.database.db;
    const owl = (await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 50, keyWord: 'night owl' }, { token })).data.rows[0];
    assert.ok(owl?.latestReport);
    const latestId = owl.latestReport.id;
    const saved = await db.selectFrom('daily_reports').select(['id', 'apnea_grade', 'af_grade']).where('resident_id', '=', owl.residentId).execute();
    // A resident whose monitor has not made a report yet.
    const spare = await buildPlace(server, token, { area: 'Spare Wing', rooms: 'S1', beds: 'A' });
    const fresh = (await server.call(api.insertUser, { name: 'Fresh Monitor', gender: 'male', birthDate: '1941-03-03', bunkId: spare.bedIds[0] }, { token })).data.id;
    const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', fresh).executeTakeFirstOrThrow()).provider_id;
    const freshMonitor = await addSleepMonitor(db, { providerId, residentId: fresh });
    const names = async (flags: 'flagged' | 'noReport') => {
      const page = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 1, flags }, { token });
      assert.equal(page.status, Status.OK, page.msg);
      const all = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 50, flags }, { token });
      assert.equal(page.data.total, all.data.rows.length, 'the total counts the filtered residents, not the page');
      return all.data.rows.map((row) => row.name);
    };
    try {
      const noReport = await names('noReport');
      assert.deepEqual(noReport, ['Fresh Monitor']);

      // Only the latest night counts: an older flagged night does not flag the resident.
      await db.updateTable('daily_reports').set({ apnea_grade: 'none', af_grade: 'none' }).where('resident_id', '=', owl.residentId).execute();
      await db.updateTable('daily_reports').set({ apnea_grade: 'high' }).where('resident_id', '=', owl.residentId).where('id', '!=', latestId).execute();
      const olderOnly = await names('flagged');
      assert.ok(!olderOnly.includes('Night Owl'), `an older night flagged the resident: ${olderOnly.join()}`);
      await db.updateTable('daily_reports').set({ af_grade: 'moderate' }).where('id', '=', latestId).execute();
      const flagged = await names('flagged');
      assert.ok(flagged.includes('Night Owl') && !flagged.includes('Empty Bed'), flagged.join());
    } finally {
      for (const row of saved) await db.updateTable('daily_reports').set({ apnea_grade: row.apnea_grade, af_grade: row.af_grade }).where('id', '=', row.id).execute();
      await db.deleteFrom('devices').where('device_id', '=', freshMonitor).execute();
    }

    const bad = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 10, flags: 'red' as 'flagged' }, { token, language: 'de' });
    assert.equal(bad.status, Status.BAD_REQUEST);
    assert.doesNotMatch(bad.msg, /flagged|noReport|enum/i);
  });

  test('the list filters by resident and date range; bad dates and months answer a localized 400', async () => {
    const range = await server.call(api.getDailyReportPageList, { pageNum: 1, pageSize: 50, userId: ids.resident, startDate: '2026-03-12', endDate: '2026-03-14' }, { token });
    assert.deepEqual(range.data.rows.map((row) => row.date), ['2026-03-14', '2026-03-13', '2026-03-12']);
    const backwards = await server.call(api.getDailyReportPageList, { pageNum: 1, pageSize: 50, startDate: '2026-03-14', endDate: '2026-03-12' }, { token });
    assert.equal(backwards.status, Status.BAD_REQUEST);
    assert.match(backwards.msg, /start date/);
    const badDate = await server.call(api.getDailyReport, { userId: ids.resident, date: '2026-02-30' }, { token, language: 'de' });
    assert.equal(badDate.status, Status.BAD_REQUEST);
    assert.match(badDate.msg, /JJJJ-MM-TT/);
    const badMonth = await server.call(api.getMonthReport, { userId: ids.resident, month: '2026-13' }, { token });
    assert.equal(badMonth.status, Status.BAD_REQUEST);
    const missing = await server.call(api.getDailyReportData, { id: 999_999 }, { token, language: 'zh-cn' });
    assert.deepEqual([missing.status, missing.msg], [Status.NOT_FOUND, '睡眠报告不存在。']);
  });

  test('a deregistered resident\'s reports read "logged off"', async () => {
    const done = await server.call(api.getUserCheckIn, { id: ids.quiet, action: 'deregister' }, { token });
    assert.equal(done.status, Status.OK, done.msg);
    const report = await server.call(api.getDailyReport, { userId: ids.quiet, date: '2026-03-10' }, { token });
    assert.equal(report.data.status, 'loggedOff');
  });
});

describe('sleep reports: the scheduled job in a running server', () => {
  test('the scheduler\'s sleep-daily-reports job makes the report of a resident whose monitor is bound to their bed', async () => {
    const telemetry = memoryTelemetry();
    // Noon in Shanghai: nothing is due when the job first runs at start.
    let clock = FIRST_WAKE + 5 * 60 * MINUTE;
    const server = await startTestServer({ demo: true, now: () => clock, telemetry });
    try {
      const token = (await server.login('demotwoa')).token;
      const senior = (await server.login('demosenior')).token;
      await server.call(api.saveSystemConfig, { timeZone: 'Asia/Shanghai' }, { token: senior });
      const place = await buildPlace(server, token, { area: 'Job Wing', rooms: 'J1', beds: 'A' });
      const residentId = (await server.call(api.insertUser, { name: 'Job Sleeper', gender: 'male', birthDate: '1938-08-08', bunkId: place.bedIds[0] }, { token })).data.id;
      const db = server.vigil.database.db;
      const providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', residentId).executeTakeFirstOrThrow()).provider_id;
      const deviceId = await addSleepMonitor(db, { providerId, bedId: place.bedIds[0], settings: { sleepSchedule: { bedTime: '22:00', wakeTime: '06:30' } } });
      telemetry.add(deviceId, nightBefore(FIRST_WAKE + DAY));
      clock = FIRST_WAKE + DAY + 12 * MINUTE;
      assert.equal(await server.vigil.scheduler.runNow('sleep-daily-reports'), true);
      // A day later the first session has expired: log in again.
      const fresh = (await server.login('demotwoa')).token;
      const report = await server.call(api.getDailyReport, { userId: residentId, date: '2026-03-11' }, { token: fresh });
      assert.equal(report.status, Status.OK, report.msg);
      assert.deepEqual([report.data.analysed, report.data.leftBedCount, report.data.createdAt], [true, 2, clock]);
    } finally {
      await server.close();
    }
  });
});
