import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/harness.ts';

/** Helmet's headers, computed once at start, are on every answer: API calls, unknown paths, errors. */
describe('security headers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const expected = {
    'content-security-policy':
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'x-xss-protection': '0',
  };

  for (const url of ['/api/health', '/api/no-such-call', '/api/admin/platformInfo']) {
    test(`on ${url}`, async () => {
      const response = await server.vigil.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) assert.equal(response.headers[name], value, name);
      // Plain HTTP on care homes' LANs: no HSTS, no upgrade of requests.
      assert.equal(response.headers['strict-transport-security'], undefined);
      assert.doesNotMatch(String(response.headers['content-security-policy']), /upgrade-insecure-requests/);
    });
  }
});
