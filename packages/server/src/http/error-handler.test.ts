import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Status } from '@vigil/contracts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { makePng } from '../test/png.ts';

function multipart(file: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vigil-limit-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('error handling', () => {
  let server: TestServer;
  let token: string;
  before(async () => {
    server = await startTestServer({ demo: true });
    // A route that fails the way a bug would, to see the 500 path end to end.
    server.vigil.app.get('/api/test/explode', async () => {
      throw new Error('secret detail: connection string postgres://vigil:hunter2@db');
    });
    token = (await server.login('demotwoa')).token;
  });
  after(() => server.close());

  test('an unexpected error answers status 500 with a request id, logs it with that id, and leaks nothing', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/api/test/explode' });
    assert.equal(response.statusCode, 200);
    const body = response.json() as { status: number; msg: string };
    assert.equal(body.status, Status.SERVER_ERROR);
    const requestId = /request ([0-9a-f-]{36})/.exec(body.msg)?.[1];
    assert.ok(requestId, body.msg);
    assert.doesNotMatch(response.body, /hunter2|secret detail/);
    const [logged] = server.expectErrorLogs(/secret detail/);
    assert.ok(logged.line.includes(requestId), 'the log line carries the request id the caller was shown');
  });

  test('a body the server will not read is a transport failure: HTTP 413 with the envelope', async () => {
    const json = await server.vigil.app.inject({ method: 'POST', url: '/api/plate/setting', headers: { 's-token': token, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }) });
    assert.equal(json.statusCode, 413);
    assert.equal(json.json().status, Status.TOO_LARGE);
    const upload = multipart(Buffer.alloc(20 * 1024 * 1024 + 1));
    const file = await server.vigil.app.inject({ method: 'POST', url: '/api/system/upload', payload: upload.payload, headers: { ...upload.headers, 's-token': token } });
    assert.equal(file.statusCode, 413);
    assert.equal(file.json().status, Status.TOO_LARGE);
    assert.match(file.json().msg, /File too large/);
  });

  test('a file over an operation\'s own limit is a domain answer: HTTP 200 with status 413', async () => {
    const upload = multipart(makePng(200, 200, 'noise'));
    const response = await server.vigil.app.inject({ method: 'POST', url: '/api/system/upload', payload: upload.payload, headers: { ...upload.headers, 's-token': token } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().status, Status.TOO_LARGE);
    assert.match(response.json().msg, /100 KB/);
  });

  test('a file download answers the file and logs no error', async () => {
    const response = await server.vigil.app.inject({ method: 'GET', url: '/api/userManage/excelModel', headers: { 's-token': token } });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-disposition']), /^attachment; filename=".+\.xlsx"/);
    assert.equal(response.rawPayload.subarray(0, 2).toString(), 'PK');
    // Give a late rejection (the old "Promise errored, but reply.sent") time to be logged.
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.assertNoUnexpectedErrorLogs();
  });
});
