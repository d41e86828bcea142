import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALL_OPERATIONS, login, Status, type Role } from '@vigil/contracts';
import { DEMO_PASSWORD } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Releases are vendor data, owned by no care home: instead of a tenant walk, every release
 * operation is walked with every role and must be open to exactly the roles it lists
 * (management of app, H5 and firmware packages: SUPER and SENIOR; the app update check:
 * caregiver and installer sessions; a device's firmware question: its device key only).
 */
const RELEASE_TAGS = ['releases', 'firmware'];

describe('release operations are open to exactly their callers', () => {
  let server: TestServer;
  const tokens = new Map<Role, string>();
  before(async () => {
    server = await startTestServer({ demo: true });
    for (const [userName, role] of [['demosenior', 'SENIOR_ROLE'], ['demosuper', 'SUPER_ROLE'], ['demobusiness', 'BUSINESS_ROLE'], ['demoone', 'ONE_ROLE'], ['demotwoa', 'TWO_ROLE'], ['demogov', 'GOVERNMENT']] as const) {
      tokens.set(role, (await server.login(userName)).token);
    }
    const installer = await server.call(login, { userName: 'demomaintain', passWord: DEMO_PASSWORD, from: 'APP', rsa: false });
    assert.equal(installer.status, Status.OK, installer.msg);
    tokens.set('MAINTAIN', installer.data.token);
  });
  after(() => server.close());

  test('management calls: SUPER and SENIOR only; update check: NURSING and MAINTAIN only', () => {
    const releases = ALL_OPERATIONS.filter((operation) => RELEASE_TAGS.includes(operation.tag));
    assert.ok(releases.length >= 21);
    for (const operation of releases) {
      const expected = operation.id === 'version.checkUpdate' ? ['MAINTAIN', 'NURSING'] : ['SENIOR_ROLE', 'SUPER_ROLE'];
      assert.deepEqual([...(operation.roles ?? [])].sort(), expected, operation.id);
      assert.equal(operation.auth, 'session', operation.id);
    }
  });

  test('devices ask for firmware without a session, only with their device key', async () => {
    const lastVersion = ALL_OPERATIONS.find((operation) => operation.id === 'firmware.getLastVersion');
    assert.equal(lastVersion?.auth, 'public');
    for (const headers of [{}, { authorization: 'Bearer nope' }, { 's-token': tokens.get('SENIOR_ROLE') ?? '' }]) {
      const response = await server.vigil.app.inject({ method: 'GET', url: '/api/fireWare/getLastVersion?deviceId=ABC-1', headers });
      assert.equal((response.json() as { status: number }).status, Status.NO_PERMISSION);
    }
    const download = await server.vigil.app.inject({ method: 'GET', url: '/api/hardSoft/download?token=x', headers: { 's-token': tokens.get('SENIOR_ROLE') ?? '' } });
    assert.equal((download.json() as { status: number }).status, Status.NO_PERMISSION);
  });

  test('every release call refuses every other role and lets its own roles through', async () => {
    for (const operation of ALL_OPERATIONS.filter((op) => RELEASE_TAGS.includes(op.tag))) {
      for (const [role, token] of tokens) {
        const response = await server.vigil.app.inject({ method: operation.method, url: `/api${operation.path}`, headers: { 's-token': token }, payload: operation.method === 'POST' ? {} : undefined });
        const status = (response.json() as { status: number }).status;
        if (operation.roles?.includes(role)) assert.notEqual(status, Status.NO_PERMISSION, `${operation.id} as ${role}`);
        else assert.equal(status, Status.NO_PERMISSION, `${operation.id} as ${role}`);
      }
    }
  });
});
