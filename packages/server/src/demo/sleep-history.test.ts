import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { localDate, previousDate } from '../modules/reports/zoned-time.ts';
import { reportRepository } from '../modules/reports/report.repository.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { DEMO_HISTORY_NIGHTS, seedSleepHistory } from './sleep-history.ts';

/** Monitored residents kept per care home (the rest are checked out before the history is made). */
const KEPT_PER_HOME = 2;

describe('demo sleep history: 14 simulated nights per monitored resident, made into reports by the analysis', () => {
  let server: TestServer;
  let kept = 0;
  const now = Date.UTC(2026, 10, 23, 12, 0);

  before(async () => {
    server = await startTestServer({ demo: true, demoDevices: true });
    // Two monitored residents per care home: the same code runs for each, and the whole demo's
    // 1,190 nights took 75 s of every test run (docs/sleep-analysis.md has the figures for the
    // demo's full history). The others are checked out, and the history skips checked-out residents.
    const monitored = await reportRepository(server.vigil.database.db).monitoredResidents();
    const perHome = new Map<number, number>();
    const others = monitored.filter(({ providerId }) => {
      perHome.set(providerId, (perHome.get(providerId) ?? 0) + 1);
      return (perHome.get(providerId) ?? 0) > KEPT_PER_HOME;
    });
    assert.ok(others.length > 0 && perHome.size > 1, 'the demo has several care homes with more monitored residents than kept');
    kept = monitored.length - others.length;
    await server.vigil.database.db.updateTable('residents').set({ state: 'checkedOut' }).where('id', 'in', others.map((resident) => resident.residentId)).execute();
  });
  after(() => server.close());

  test('every monitored resident (two per care home here) gets a daily report for each of the last 14 nights and a monthly report', async () => {
    const db = server.vigil.database.db;
    const lines: string[] = [];
    const first = await seedSleepHistory(db, server.vigil.telemetry, now, (line) => lines.push(line));
    const residents = await reportRepository(db).monitoredResidents();
    assert.equal(residents.length, kept, 'the kept residents are the monitored ones');
    const zone = (await db.selectFrom('settings').select('value').where('key', '=', 'timeZone').executeTakeFirst())?.value ?? 'UTC';
    const dates: string[] = [];
    for (let date = localDate(now, zone), index = 0; index < DEMO_HISTORY_NIGHTS; index += 1, date = previousDate(date)) dates.push(date);
    for (const resident of residents) {
      const rows = await db.selectFrom('daily_reports').select(['report_date', 'analysed', 'score']).where('resident_id', '=', resident.residentId).execute();
      const analysed = new Set(rows.filter((row) => row.analysed === 1).map((row) => row.report_date));
      assert.deepEqual(dates.filter((date) => !analysed.has(date)), [], `resident ${resident.residentId} has an analysed report for each of the last 14 nights`);
    }
    const months = await db.selectFrom('monthly_reports').select(['resident_id', 'nights']).where('month', '=', '2026-11').execute();
    assert.equal(months.length, residents.length);
    assert.ok(months.every((month) => month.nights >= 14));
    assert.ok(first.nights >= residents.length * DEMO_HISTORY_NIGHTS, lines.join('\n'));

    const token = (await server.login('demotwoa')).token;
    const list = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 100 }, { token });
    assert.ok(list.data.rows.some((row) => row.latestReport?.analysed), 'the console lists residents with their latest analysed report');

    const again = await seedSleepHistory(db, server.vigil.telemetry, now, () => {});
    assert.equal(again.nights, 0, 'a restarted demo does not make the nights again');
  });
});
