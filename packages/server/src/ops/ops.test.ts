import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('readiness and metrics', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('readiness answers HTTP 200 with the database state beside health', async () => {
    const ready = await server.vigil.app.inject({ method: 'GET', url: '/api/ready' });
    assert.equal(ready.statusCode, 200);
    const body = ready.json() as { ready: boolean; database: { dialect: string; ok: boolean; pool?: { total: number; idle: number; waiting: number } } };
    assert.equal(body.ready, true);
    assert.deepEqual({ dialect: body.database.dialect, ok: body.database.ok }, { dialect: server.dialect, ok: true });
    if (server.dialect === 'postgres') assert.ok(body.database.pool && body.database.pool.total >= 1, 'the pool is shown on PostgreSQL');
    else assert.equal(body.database.pool, undefined);
    assert.equal((await server.vigil.app.inject({ method: 'GET', url: '/api/health' })).json().data.ok, true);
  });

  test('metrics count requests by route pattern and status, with latency, event-loop delay and process figures', async () => {
    await server.vigil.app.inject({ method: 'GET', url: '/api/files/logo-0123456789abcdef0123456789abcdef.png' });
    await server.vigil.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    const response = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = response.body;
    assert.match(text, /vigil_http_requests_total\{method="GET",route="\/api\/files\/:name",status_code="200"\} 1/);
    assert.match(text, /vigil_http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1/);
    assert.doesNotMatch(text, /logo-0123456789abcdef|no\/such\/thing/, 'raw URLs never become labels');
    assert.match(text, /vigil_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/files\/:name",status_code="200"\}/);
    assert.match(text, /^vigil_nodejs_eventloop_lag_p99_seconds \d/m);
    assert.match(text, /^vigil_process_resident_memory_bytes \d/m);
    assert.match(text, /^vigil_db_connections_lost_total 0/m);
    if (server.dialect === 'postgres') {
      assert.match(text, /^vigil_db_pool_connections [1-9]/m);
      assert.match(text, /^vigil_db_pool_idle_connections \d/m);
      assert.match(text, /^vigil_db_pool_waiting_clients 0/m);
    }
  });

  test('metrics are not public: only this machine, directly, without a token configured', async () => {
    const remote = await server.vigil.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    assert.equal(remote.statusCode, 403);
    assert.doesNotMatch(remote.body, /vigil_/);
    const proxied = await server.vigil.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    assert.equal(proxied.statusCode, 403, 'a reverse proxy on this machine does not publish them');
    const spoofed = await server.vigil.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } });
    assert.equal(spoofed.statusCode, 403, 'X-Forwarded-For cannot claim loopback');
    const ipv6 = await server.vigil.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    assert.equal(ipv6.statusCode, 200);
  });

  test('a custom counter from the registry module shows up in the scrape; names are checked', async () => {
    const metrics = createMetrics();
    const dropped = metrics.counter({ name: 'vigil_test_dropped_total', help: 'test counter', labelNames: ['reason'] });
    dropped.inc({ reason: 'malformed' }, 2);
    assert.match(await metrics.render(), /vigil_test_dropped_total\{reason="malformed"\} 2/);
    assert.throws(() => metrics.counter({ name: 'dropped_total', help: 'x' }), /start with vigil_/);
    assert.throws(() => metrics.gauge({ name: 'vigil_Bad-Name', help: 'x' }), /snake_case/);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => server.close());

  test('the bearer token is needed from anywhere, loopback included', async () => {
    const none = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(none.statusCode, 401);
    assert.equal(none.headers['www-authenticate'], 'Bearer');
    const wrong = await server.vigil.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    assert.equal(wrong.statusCode, 401);
    const right = await server.vigil.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(right.statusCode, 200);
    assert.match(right.body, /vigil_http_requests_total/);
  });
});

describe('readiness when the database is gone', () => {
  test('answers HTTP 503 and says the database is down', async () => {
    const server = await startTestServer();
    try {
      // The scheduler stops first, as on a real shutdown: its lease needs the database.
      await server.vigil.scheduler.stop();
      await server.vigil.database.close();
      const response = await server.vigil.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json().database.ok, false);
      assert.equal(response.json().ready, false);
    } finally {
      await server.close();
    }
  });
});
