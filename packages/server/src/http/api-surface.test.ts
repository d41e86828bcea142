import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALL_OPERATIONS, ROLES, Status } from '@vigil/contracts';
import { login as loginOperation } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../demo/seed.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

describe('API surface', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('every contract operation is served under /api', () => {
    for (const operation of ALL_OPERATIONS) {
      assert.ok(server.vigil.app.hasRoute({ method: operation.method, url: `/api${operation.path}` }), `${operation.method} ${operation.path}`);
    }
  });

  test('the OpenAPI document lists every operation with request and response schemas', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, unknown> }>> };
    assert.equal(document.openapi, '3.1.0');
    for (const operation of ALL_OPERATIONS) {
      const entry = document.paths[`/api${operation.path}`]?.[operation.method.toLowerCase()];
      assert.ok(entry, `${operation.id} is documented`);
      assert.ok(entry.responses['200'], `${operation.id} has a response schema`);
      if (operation.encoding !== 'query') assert.ok(entry.requestBody, `${operation.id} has a request body schema`);
    }
    const page = await server.vigil.app.inject({ method: 'GET', url: '/api/docs' });
    assert.ok([200, 302].includes(page.statusCode));
  });

  test('every secured operation answers 100 without a token and 101 with a revoked one', async () => {
    const { token } = await server.login('demosenior');
    await server.vigil.app.inject({ method: 'GET', url: '/api/admin/logout', headers: { 's-token': token } });
    for (const operation of ALL_OPERATIONS.filter((op) => op.auth === 'session')) {
      const response = await server.vigil.app.inject({ method: operation.method, url: `/api${operation.path}`, payload: operation.method === 'POST' ? {} : undefined });
      assert.equal(response.json().status, Status.TOKEN_MISSING, `${operation.id} without token`);
      const revoked = await server.vigil.app.inject({ method: operation.method, url: `/api${operation.path}`, headers: { 's-token': token }, payload: operation.method === 'POST' ? {} : undefined });
      assert.equal(revoked.json().status, Status.TOKEN_EXPIRED, `${operation.id} with a revoked token`);
    }
  });

  test('every role-gated operation refuses the roles it does not list, before reading input', async () => {
    const tokens = new Map<string, string>();
    for (const [userName, role] of [['demosenior', 'SENIOR_ROLE'], ['demosuper', 'SUPER_ROLE'], ['demobusiness', 'BUSINESS_ROLE'], ['demoone', 'ONE_ROLE'], ['demotwoa', 'TWO_ROLE'], ['demogov', 'GOVERNMENT']] as const) {
      tokens.set(role, (await server.login(userName)).token);
    }
    for (const operation of ALL_OPERATIONS.filter((op) => op.roles)) {
      for (const [role, token] of tokens) {
        if (operation.roles?.some((allowed) => allowed === role)) continue;
        const response = await server.vigil.app.inject({ method: operation.method, url: `/api${operation.path}`, headers: { 's-token': token }, payload: operation.method === 'POST' ? {} : undefined });
        assert.equal(response.json().status, Status.NO_PERMISSION, `${operation.id} as ${role}`);
      }
    }
    assert.ok(ROLES.length > 0);
  });

  test('malformed input never answers 500: every operation, as a role it allows', async () => {
    const byRole = new Map<string, string>();
    for (const [userName, role] of [['demosenior', 'SENIOR_ROLE'], ['demosuper', 'SUPER_ROLE'], ['demobusiness', 'BUSINESS_ROLE'], ['demoone', 'ONE_ROLE'], ['demotwoa', 'TWO_ROLE'], ['demogov', 'GOVERNMENT']] as const) {
      byRole.set(role, (await server.login(userName)).token);
    }
    // App-only roles (the installer app's update check) sign in from an app.
    const appLogin = await server.call(loginOperation, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'APP', rsa: false });
    byRole.set('MAINTAIN', appLogin.data.token);
    const garbage: Record<string, unknown>[] = [
      {},
      { id: 'x', name: 12, pageNum: -1, pageSize: 'all', keyWord: { $ne: null }, userName: ['a'], enabled: 'maybe' },
      { id: 2 ** 31, areaId: 2 ** 31, roomId: 2 ** 40, parentId: 2 ** 31, providerId: 2 ** 31 },
      { id: 2 ** 53, name: '\u0000'.repeat(3), pageNum: 1e9, confirm: 'yes', names: ',,,', bunkId: -1, residentIds: 'all' },
      { id: 1, deviceId: { $ne: 1 }, deviceType: 'NaN', cipherId: 'V1.%%%.x', interval: 1e300, target: 'moon', binding: 'bed', isUploadData: 'maybe', sensitivity: 1, screen: 'x' },
      { id: 1, userId: -3, userIds: 'all', dealOption: 'NOPE', followUp: 7, levels: [], alertTypeL1: '{bad', settings: 'x', startTime: 'yesterday', alertType: ['X'], type: 5, order: 'up' },
      { id: 1, platform: 'symbian', buildNumber: 1e30, versionName: { a: 1 }, updateLog: ['x'], storeUrl: 'javascript:1', fileId: '../../etc/passwd', appVersionId: 'x', h5VersionId: -1, status: 'gone', forceUpgrade: 'sometimes' },
    ];
    for (const operation of ALL_OPERATIONS) {
      if (operation.id === 'admin.logout' || operation.encoding === 'multipart') continue;
      const role = operation.roles?.find((allowed) => byRole.has(allowed)) ?? 'TWO_ROLE';
      const token = byRole.get(role) ?? byRole.get('TWO_ROLE');
      for (const input of garbage) {
        const query = operation.method === 'POST' ? '' : `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()}`;
        const response = await server.vigil.app.inject({
          method: operation.method,
          url: `/api${operation.path}${query}`,
          headers: { 's-token': token ?? '' },
          payload: operation.method === 'POST' ? input : undefined,
        });
        assert.ok(response.statusCode < 500, `${operation.id} answered HTTP ${response.statusCode}`);
        if (!String(response.headers['content-type']).includes('application/json')) continue; // a file download
        const body = response.json() as { status: number; msg: string };
        assert.notEqual(body.status, Status.SERVER_ERROR, `${operation.id} with ${JSON.stringify(input)}: ${body.msg}`);
      }
    }
  });

  test('an unknown API path is a 404 envelope, never the console page', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().status, Status.NOT_FOUND);
  });
});
