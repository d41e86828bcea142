import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { buildNight } from '../../analysis/sleep/night-builder.ts';
import { buildPlace } from '../../test/care-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createWorkerPool, type WorkerPool } from '../../workers/pool.ts';
import { reportValues } from './daily-reports.ts';
import { addSleepMonitor, memoryTelemetry } from './report-fixtures.ts';
import { parseReanalyseArgs, reanalyseReports } from './reanalyse.ts';
import { reportRepository } from './report.repository.ts';
import { settingsRepository } from '../system/settings.repository.ts';

const MINUTE = 60_000;
/** 07:00 UTC on 2026-11-02 (platform time zone UTC, default schedule 21:00–07:00). */
const WAKE = Date.UTC(2026, 10, 2, 7, 0);

describe('reports:reanalyse: a date range analysed again after an algorithm change', () => {
  let server: TestServer;
  let workers: WorkerPool;
  const telemetry = memoryTelemetry();
  const ids = { resident: 0, providerId: 0, staleId: 0 };

  before(async () => {
    server = await startTestServer({ demo: true });
    const token = (await server.login('demotwoa')).token;
    const place = await buildPlace(server, token, { area: 'Reanalyse Wing', rooms: 'Q1', beds: 'A' });
    ids.resident = (await server.call(api.insertUser, { name: 'Re Analysed', gender: 'male', birthDate: '1941-01-01', bunkId: place.bedIds[0] }, { token })).data.id;
    const db = server.vigil.database.db;
    ids.providerId = (await db.selectFrom('residents').select('provider_id').where('id', '=', ids.resident).executeTakeFirstOrThrow()).provider_id;
    const deviceId = await addSleepMonitor(db, { providerId: ids.providerId, bedId: place.bedIds[0] });
    // In bed 21:00–07:00 with two bed exits.
    telemetry.add(deviceId, buildNight({ start: WAKE - 600 * MINUTE, phases: [
      { kind: 'awake', minutes: 20 }, { kind: 'light', minutes: 100 }, { kind: 'deep', minutes: 60 }, { kind: 'out', minutes: 6 }, { kind: 'light', minutes: 150 },
      { kind: 'out', minutes: 4 }, { kind: 'deep', minutes: 40 }, { kind: 'light', minutes: 210 }, { kind: 'awake', minutes: 10 },
    ] }));
    // The stored report as an older algorithm left it: not analysed.
    const stale = reportValues({ residentId: ids.resident, providerId: ids.providerId, deviceId, settings: '{}' }, { date: '2026-11-02', from: WAKE - 13 * 60 * MINUTE, to: WAKE + 15 * MINUTE, wake: WAKE },
      { analysed: false, window: { from: WAKE - 13 * 60 * MINUTE, to: WAKE + 15 * MINUTE }, reason: 'noData', sleepMinutes: 0 }, WAKE);
    ids.staleId = (await reportRepository(db).insertDaily(stale)) ?? 0;
    workers = createWorkerPool({ size: 1, queueLimit: 64, timeLimitMs: 30_000, resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 }, idleMs: 60_000, warm: 0 });
  });
  after(async () => {
    await workers.close();
    await server.close();
  });

  test('the command line needs two real dates in order and an optional provider id', () => {
    assert.deepEqual(parseReanalyseArgs(['--from', '2026-11-01', '--to', '2026-11-20', '--provider', '3']), { from: '2026-11-01', to: '2026-11-20', providerId: 3 });
    assert.deepEqual(parseReanalyseArgs(['--from', '2026-11-01', '--to', '2026-11-01']), { from: '2026-11-01', to: '2026-11-01', providerId: undefined });
    assert.throws(() => parseReanalyseArgs(['--from', '2026-02-30', '--to', '2026-03-01']), /YYYY-MM-DD/);
    assert.throws(() => parseReanalyseArgs(['--from', '2026-11-20', '--to', '2026-11-01']), /not be after/);
    assert.throws(() => parseReanalyseArgs(['--from', '2026-11-01', '--to', '2026-11-02', '--provider', 'x']), /provider id/);
  });

  test('another provider\'s range leaves the report alone', async () => {
    const db = server.vigil.database.db;
    const result = await reanalyseReports({ reports: reportRepository(db), settings: settingsRepository(db), telemetry, workers, now: WAKE + 60 * MINUTE }, { from: '2026-11-02', to: '2026-11-02', providerId: ids.providerId + 100_000 });
    assert.deepEqual(result, { made: 0, failed: 0 });
    const row = await db.selectFrom('daily_reports').select(['analysed']).where('id', '=', ids.staleId).executeTakeFirstOrThrow();
    assert.equal(row.analysed, 0);
  });

  test('the night is analysed again in place (same report id) and its month remade; nights not over yet are skipped', async () => {
    const db = server.vigil.database.db;
    const result = await reanalyseReports({ reports: reportRepository(db), settings: settingsRepository(db), telemetry, workers, now: WAKE + 60 * MINUTE }, { from: '2026-11-01', to: '2026-11-03', providerId: ids.providerId });
    // 11-01 (no samples: a "no data" report) and 11-02 are done; 11-03 has not ended.
    assert.deepEqual(result, { made: 2, failed: 0 });
    const token = (await server.login('demotwoa')).token;
    const report = await server.call(api.getDailyReport, { id: ids.staleId }, { token });
    assert.equal(report.status, Status.OK, report.msg);
    assert.equal(report.data.analysed, true);
    assert.equal(report.data.date, '2026-11-02');
    assert.equal(report.data.leftBedCount, 2);
    const before = await server.call(api.getDailyReportPageList, { pageNum: 1, pageSize: 10, userId: ids.resident }, { token });
    assert.deepEqual(before.data.rows.map((row) => [row.date, row.analysed]), [['2026-11-02', true], ['2026-11-01', false]]);
    const times = await server.call(api.getMonthReportTimes, { userId: ids.resident }, { token });
    assert.deepEqual(times.data, [{ month: '2026-11', nights: 1, enough: false }]);
    const month = await db.selectFrom('monthly_reports').select(['nights']).where('resident_id', '=', ids.resident).where('month', '=', '2026-11').executeTakeFirstOrThrow();
    assert.equal(month.nights, 1);
  });
});
