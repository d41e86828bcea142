import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { dayFiguresRepository } from './day-figures.repository.ts';
import { snapshotWriter } from './snapshot-writer.ts';
import { statisticsRepository } from './statistics.repository.ts';

/**
 * Issue 29: a care home's own time zone has a screen and an API; the response-time analytics and
 * the night handover follow it; the statistics job fills in days missed while the server was down.
 */
describe('care home time zone and missed statistics days', () => {
  let server: TestServer;
  let twoA: string;
  let twoB: string;
  let one: string;
  let providerA: number;
  before(async () => {
    server = await startTestServer({ demo: true });
    const a = await server.login('demotwoa');
    twoA = a.token;
    providerA = a.providerId ?? 0;
    twoB = (await server.login('demotwob')).token;
    one = (await server.login('demoone')).token;
  });
  after(() => server.close());

  test('a care home reads and sets its own zone; an unknown zone, another home and other roles are refused', async () => {
    const first = await server.call(api.getCareHomeTimeZone, {}, { token: twoA });
    assert.equal(first.status, Status.OK, first.msg);
    assert.deepEqual({ ...first.data, providerName: '' }, { providerId: providerA, providerName: '', timeZone: null, effective: 'UTC', platformTimeZone: 'UTC' });

    const unknown = await server.call(api.saveCareHomeTimeZone, { timeZone: 'Mars/Olympus' }, { token: twoA });
    assert.equal(unknown.status, Status.BAD_REQUEST);
    assert.match(unknown.msg, /Unknown time zone/);
    assert.equal((await server.call(api.saveCareHomeTimeZone, { providerId: providerA, timeZone: 'Asia/Tokyo' }, { token: twoB })).status, Status.NOT_FOUND, 'another home answers like a missing one');
    const government = await server.login('demogov');
    assert.equal((await server.call(api.saveCareHomeTimeZone, { timeZone: 'Asia/Tokyo' }, { token: government.token })).status, Status.NO_PERMISSION);
    assert.equal((await server.call(api.getCareHomeTimeZone, {}, { token: twoA })).data.timeZone, null, 'refused calls change nothing');

    const saved = await server.call(api.saveCareHomeTimeZone, { timeZone: 'Asia/Tokyo' }, { token: twoA });
    assert.equal(saved.status, Status.OK, saved.msg);
    assert.equal(saved.data.effective, 'Asia/Tokyo');
    // The class I group sets a class II home of its own.
    const byGroup = await server.call(api.getCareHomeTimeZone, { providerId: providerA }, { token: one });
    assert.equal(byGroup.data.timeZone, 'Asia/Tokyo');
  });

  test('response times, analytics settings and the statistics snapshot follow the care home\'s zone', async () => {
    await server.call(api.saveCareHomeTimeZone, { timeZone: 'Asia/Tokyo' }, { token: twoA });
    const today = new Date().toISOString().slice(0, 10);
    const times = await server.call(api.responseTimes, { from: today, to: today }, { token: twoA });
    assert.equal(times.status, Status.OK, times.msg);
    assert.equal(times.data.timeZone, 'Asia/Tokyo');
    assert.equal((await server.call(api.analyticsSettings, {}, { token: twoA })).data.timeZone, 'Asia/Tokyo');
    assert.equal((await server.call(api.responseTimes, { from: today, to: today }, { token: twoB })).data.timeZone, 'UTC', 'another home keeps the platform zone');
    const reset = await server.call(api.saveCareHomeTimeZone, { timeZone: null }, { token: twoA });
    assert.equal(reset.data.effective, 'UTC');
  });

  test('the statistics job fills in the days missed since the newest snapshot, marked as written late', async () => {
    const db = server.vigil.database.db;
    const statistics = statisticsRepository(db);
    const writer = snapshotWriter({ statistics, figures: dayFiguresRepository(db), platformTimeZone: async () => 'UTC' });
    const day = 86_400_000;
    const t0 = Date.parse('2030-01-10T00:30:00Z');
    await writer.writeDue(t0);
    assert.equal(await statistics.latestSnapshotDate(providerA), '2030-01-09');
    // The server was down from the 10th to the 13th: the job of the 13th writes the 10th, 11th and 12th.
    const written = await writer.writeDue(t0 + 3 * day);
    assert.ok(written >= 3, `${written} snapshots written`);
    const rows = await db.selectFrom('statistics_snapshots').select(['snapshot_date', 'figures']).where('provider_id', '=', providerA).where('snapshot_date', '>=', '2030-01-09').orderBy('snapshot_date').execute();
    assert.deepEqual(rows.map((row) => row.snapshot_date), ['2030-01-09', '2030-01-10', '2030-01-11', '2030-01-12']);
    assert.deepEqual(rows.map((row) => (JSON.parse(row.figures) as { backfilled?: boolean }).backfilled ?? false), [false, true, true, false]);
    assert.equal(await writer.writeDue(t0 + 3 * day), 0, 'a second run writes nothing');
  });
});
