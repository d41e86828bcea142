import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { localDate, previousDate } from '../modules/reports/zoned-time.ts';
import { reportRepository } from '../modules/reports/report.repository.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { DEMO_HISTORY_NIGHTS, seedSleepHistory } from './sleep-history.ts';

describe('demo sleep history: 14 simulated nights per monitored resident, made into reports by the analysis', () => {
  let server: TestServer;
  const now = Date.UTC(2026, 10, 23, 12, 0);

  before(async () => {
    server = await startTestServer({ demo: true, demoDevices: true });
  });
  after(() => server.close());

  test('every demo resident with a sleep monitor gets a daily report for each of the last 14 nights and a monthly report', async () => {
    const db = server.vigil.database.db;
    const lines: string[] = [];
    const first = await seedSleepHistory(db, server.vigil.telemetry, now, (line) => lines.push(line));
    const residents = await reportRepository(db).monitoredResidents();
    assert.ok(residents.length > 0, 'the demo has monitored residents');
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
    // Figures for the report: how long the history adds to the demo start.
    console.log(lines.join('\n'));

    const token = (await server.login('demotwoa')).token;
    const list = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 100 }, { token });
    assert.ok(list.data.rows.some((row) => row.latestReport?.analysed), 'the console lists residents with their latest analysed report');

    const again = await seedSleepHistory(db, server.vigil.telemetry, now, () => {});
    assert.equal(again.nights, 0, 'a restarted demo does not make the nights again');
  });
});
