import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Spec 01 §3/§6: SENIOR_ROLE renames the platform for everyone; a provider's own name
 * (and logo), where it saved one, wins for that provider's users — in the setting the
 * console reads and in platform info alike.
 */
describe('platform name for everyone, provider branding for its users', () => {
  let server: TestServer;
  let senior: string;
  let twoA: string;
  let twoB: string;
  let gov: string;

  before(async () => {
    server = await startTestServer({ demo: true });
    [senior, twoA, twoB, gov] = await Promise.all(['demosenior', 'demotwoa', 'demotwob', 'demogov'].map(async (name) => (await server.login(name)).token));
  });
  after(() => server.close());

  const seen = async (token?: string) => ({
    setting: (await server.call(api.platformSettingGet, {}, token ? { token } : {})).data.name,
    info: token ? (await server.call(api.platformInfo, {}, { token })).data.platformName : null,
    public: (await server.call(api.platformNameGet, {})).data.platformName,
  });

  test('a SENIOR rename reaches every role, the login page and platform info', async () => {
    assert.equal((await server.call(api.platformNamePost, { platformName: 'Night Watch' }, { token: senior })).status, Status.OK);
    for (const token of [senior, twoA, twoB, gov]) assert.deepEqual(await seen(token), { setting: 'Night Watch', info: 'Night Watch', public: 'Night Watch' });
    assert.deepEqual(await seen(), { setting: 'Night Watch', info: null, public: 'Night Watch' });
  });

  test('a provider\'s own name wins for its users only, and survives a later platform rename', async () => {
    assert.equal((await server.call(api.platformSettingSave, { name: 'Riverside Watch', logoUrl: '' }, { token: twoA })).status, Status.OK);
    assert.equal((await server.call(api.platformNamePost, { platformName: 'Evening Watch' }, { token: senior })).status, Status.OK);
    assert.deepEqual(await seen(twoA), { setting: 'Riverside Watch', info: 'Riverside Watch', public: 'Evening Watch' });
    assert.deepEqual(await seen(twoB), { setting: 'Evening Watch', info: 'Evening Watch', public: 'Evening Watch' });
    assert.deepEqual(await seen(gov), { setting: 'Evening Watch', info: 'Evening Watch', public: 'Evening Watch' });
  });

  test('only SENIOR_ROLE renames the platform', async () => {
    for (const token of [twoA, gov]) assert.equal((await server.call(api.platformNamePost, { platformName: 'Hijack' }, { token })).status, Status.NO_PERMISSION);
    assert.equal((await seen()).public, 'Evening Watch');
  });
});
