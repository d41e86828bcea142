import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { localDate, previousDate } from '../modules/reports/zoned-time.ts';
import { reportRepository } from '../modules/reports/report.repository.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { DEMO_FIRST_NIGHTS, DEMO_HISTORY_NIGHTS, seedSleepHistory } from './sleep-history.ts';

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

  /** The dates with an analysed daily report, per monitored resident. */
  async function analysedDates(): Promise<Map<number, Set<string>>> {
    const db = server.vigil.database.db;
    const byResident = new Map<number, Set<string>>();
    for (const resident of await reportRepository(db).monitoredResidents()) {
      const rows = await db.selectFrom('daily_reports').select(['report_date', 'analysed']).where('resident_id', '=', resident.residentId).execute();
      byResident.set(resident.residentId, new Set(rows.filter((row) => row.analysed === 1).map((row) => row.report_date)));
    }
    return byResident;
  }

  test('every monitored resident (two per care home here) gets a daily report for each of the last 14 nights and a monthly report, the last two nights first', async () => {
    const db = server.vigil.database.db;
    const lines: string[] = [];
    const zone = (await db.selectFrom('settings').select('value').where('key', '=', 'timeZone').executeTakeFirst())?.value ?? 'UTC';
    const dates: string[] = [];
    for (let date = localDate(now, zone), index = 0; index < DEMO_HISTORY_NIGHTS; index += 1, date = previousDate(date)) dates.push(date);
    // VIGIL_DEMO_HISTORY_NIGHTS=1: only the last night.
    const lastNightOnly = await seedSleepHistory(db, server.vigil.telemetry, now, () => {}, { nights: 1 });
    assert.equal(lastNightOnly.nights, kept);
    for (const [residentId, analysed] of await analysedDates()) assert.deepEqual([...analysed], [dates[0]], `resident ${residentId}: the last night only`);

    const seen: { atFirstNights: Map<number, Set<string>> | null } = { atFirstNights: null };
    const first = await seedSleepHistory(db, server.vigil.telemetry, now, (line) => lines.push(line), {
      onFirstNights: async () => {
        seen.atFirstNights = await analysedDates();
      },
    });
    // When the first nights were announced, each resident had the last two nights' reports and none older yet.
    assert.ok(seen.atFirstNights, 'the first nights were announced before the older ones were made');
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.match(lines[0], /the last 2 nights of \d+ residents are ready .*; the 12 nights before follow/);
    for (const [residentId, analysed] of seen.atFirstNights) {
      assert.deepEqual([...analysed].sort(), dates.slice(0, DEMO_FIRST_NIGHTS).sort(), `resident ${residentId}: the last two nights first, then the others`);
    }
    const residents = await reportRepository(db).monitoredResidents();
    assert.equal(residents.length, kept, 'the kept residents are the monitored ones');
    for (const [residentId, analysed] of await analysedDates()) {
      assert.deepEqual(dates.filter((date) => !analysed.has(date)), [], `resident ${residentId} has an analysed report for each of the last 14 nights`);
    }
    const months = await db.selectFrom('monthly_reports').select(['resident_id', 'nights']).where('month', '=', '2026-11').execute();
    assert.equal(months.length, residents.length);
    assert.ok(months.every((month) => month.nights >= 14));
    assert.equal(first.nights, residents.length * (DEMO_HISTORY_NIGHTS - 1), 'the other 13 nights of each resident (the last one was there)');
    assert.match(lines[1], new RegExp(`Demo sleep history: ${first.nights} simulated nights of ${residents.length} residents stored`));

    const token = (await server.login('demotwoa')).token;
    const list = await server.call(api.sleepReportUserList, { pageNum: 1, pageSize: 100 }, { token });
    assert.ok(list.data.rows.some((row) => row.latestReport?.analysed), 'the console lists residents with their latest analysed report');

    const again = await seedSleepHistory(db, server.vigil.telemetry, now, () => {});
    assert.equal(again.nights, 0, 'a restarted demo does not make the nights again');
  });
});
