import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { ALL_OPERATIONS, Status, type Operation } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { insertAlarm } from './analytics-fixtures.ts';

/**
 * Tenant scope of every analytics operation: demotwob's token reads none of demotwoa's alarms,
 * caregivers or residents, and changes none of demotwoa's settings.
 */
describe('analytics operations: tenant scope', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  const today = new Date().toISOString().slice(0, 10);

  before(async () => {
    server = await startTestServer({ demo: true });
    const loginA = await server.login('demotwoa');
    tokenA = loginA.token;
    tokenB = (await server.login('demotwob')).token;
    const raised = new Date(Date.now() - 60_000).toISOString();
    await insertAlarm(server.vigil.database.db, {
      providerId: loginA.providerId ?? 0, raised, alertType: 'SOS', level: 1, deviceId: 'SCOPE-AN-1', userName: 'Scope Analytics Resident',
      handled: { seconds: 42, handlerId: 7777, handlerName: 'Scope Analytics Carer', option: 'CHECKED' },
    });
    assert.equal((await server.call(api.saveAnalyticsSettings, { shiftStarts: ['06:30', '18:30'], targetSeconds: 90 }, { token: tokenA })).status, Status.OK);
  });
  after(() => server.close());

  const foreignCalls: [Operation, () => Record<string, unknown>][] = [
    [api.responseTimes, () => ({ from: today, to: today })],
    [api.analyticsSettings, () => ({})],
    [api.saveAnalyticsSettings, () => ({ shiftStarts: ['08:00'], targetSeconds: 300 })],
    [api.handoverSummary, () => ({ fresh: true })],
    [api.handoverPdf, () => ({ fresh: true })],
  ];

  test('walks every analytics operation', () => {
    const walked = new Set(foreignCalls.map(([operation]) => operation.id));
    assert.deepEqual(ALL_OPERATIONS.filter((operation) => operation.tag === 'analytics' && !walked.has(operation.id)).map((operation) => operation.id), []);
  });

  test('a foreign provider reads nothing of A and changes nothing of A', async () => {
    for (const [operation, input] of foreignCalls) {
      if (operation === api.handoverPdf) {
        const file = await server.vigil.app.inject({ method: 'GET', url: '/api/analytics/handoverPdf?fresh=true', headers: { 's-token': tokenB } });
        assert.equal(file.statusCode, 200);
        assert.equal(file.headers['content-type'], 'application/pdf');
        assert.ok(!file.rawPayload.toString('latin1').includes('Scope Analytics'), 'PDF leaked A');
        continue;
      }
      const response = await server.call(operation, input(), { token: tokenB });
      assert.equal(response.status, Status.OK, `${operation.id}: ${response.msg}`);
      const text = JSON.stringify(response.data);
      assert.ok(!text.includes('Scope Analytics'), `${operation.id} leaked A`);
      assert.ok(!text.includes('7777'), `${operation.id} leaked A's caregiver`);
    }
    const mine = await server.call(api.responseTimes, { from: today, to: today }, { token: tokenA });
    assert.equal(mine.data.overall.handled, 1);
    assert.equal((await server.call(api.responseTimes, { from: today, to: today }, { token: tokenB })).data.overall.count, 0);
    const settings = await server.call(api.analyticsSettings, {}, { token: tokenA });
    assert.deepEqual([settings.data.shiftStarts, settings.data.targetSeconds], [['06:30', '18:30'], 90]);
  });
});
