import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../ingest/ingest-fixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** deploy/: the Prometheus rules pass promtool, and every metric they and the Grafana dashboard name exists. */
const DEPLOY = path.join(import.meta.dirname, '../../../../deploy');
const RULES = path.join(DEPLOY, 'prometheus/vigil-alerts.yml');
const DASHBOARD = path.join(DEPLOY, 'grafana/vigil-dashboard.json');
/** Series only a PostgreSQL Vigil has (SQLite has one embedded connection, no pool). */
const POSTGRES_ONLY = new Set(['vigil_db_pool_connections', 'vigil_db_pool_idle_connections', 'vigil_db_pool_waiting_clients']);

/** Metric names in PromQL text, histogram series (_bucket, _sum, _count) folded to their family. */
function metricNames(promql: string): Set<string> {
  return new Set([...promql.matchAll(/\bvigil_[a-z0-9_]+/g)].map((match) => match[0].replace(/_(bucket|sum|count)$/, '')));
}

function dashboardExpressions(): string[] {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: { type: string; targets?: { expr: string }[] }[] };
  return dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
}

describe('deploy/: dashboard and alerting rules', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true, demoDevices: true });
  });
  after(() => server.close());

  test('promtool accepts the alerting rules', () => {
    // .ci/run installs Debian's prometheus package (promtool) when it is missing.
    const output = execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    assert.match(output, /SUCCESS: \d+ rules found/);
  });

  test('every metric the rules and the dashboard name is in /metrics', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    const exposed = new Set([...response.body.matchAll(/^# TYPE (vigil_[a-z0-9_]+) /gm)].map((match) => match[1]));
    const named = new Set([...metricNames(fs.readFileSync(RULES, 'utf8')), ...dashboardExpressions().flatMap((expr) => [...metricNames(expr)])]);
    assert.ok(named.size > 20, `rules and dashboard name ${named.size} metrics`);
    const missing = [...named].filter((name) => !exposed.has(name) && !(server.dialect === 'sqlite' && POSTGRES_ONLY.has(name)));
    assert.deepEqual(missing, [], `named in deploy/ but not in /metrics: ${missing.join(', ')}`);
  });

  test('the new series carry values: database up, disk, workers, devices per care home', async () => {
    const text = (await server.vigil.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(text, /^vigil_db_up 1$/m);
    assert.match(text, /^vigil_data_disk_free_bytes [1-9]/m);
    assert.match(text, /^vigil_workers_capacity\{pool="uploads"\} [1-9]/m);
    const riverside = /^vigil_devices\{care_home_id="\d+",care_home="Sunrise Riverside Home",state="offline"\} (\d+)$/m.exec(text);
    assert.ok(riverside && Number(riverside[1]) > 0, 'the demo devices of Riverside are counted (offline: nothing simulates them here)');
    assert.match(text, /^vigil_alarm_notify_seconds_count 0$/m);
  });

  test('a raised alarm is timed to its notice', async () => {
    const { db } = server.vigil.database;
    const sos = await db.selectFrom('devices').select(['device_id', 'device_type', 'provider_id', 'room_id']).where('device_type', '=', 20993).where('provider_id', 'is not', null).executeTakeFirstOrThrow();
    await server.vigil.bus.publish('device.event', {
      deviceId: sos.device_id, deviceType: sos.device_type, receivedAt: Date.now(), providerId: sos.provider_id!, bedId: null, roomId: sos.room_id, residentId: null, subDevice: null,
      event: { ts: Date.now(), type: 'sos', status: 1 },
    });
    await eventually(async () => /^vigil_alarm_notify_seconds_count [1-9]/m.test((await server.vigil.app.inject({ method: 'GET', url: '/metrics' })).body), 'the notify latency observed');
  });
});
