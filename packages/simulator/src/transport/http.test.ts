import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { UPLINK_SCHEMAS } from '@vigil/contracts';
import { startSimulation, type SimulationHandle } from '../simulation.ts';

/** A small receiver speaking the HTTP side of the protocol (what Vigil's ingest answers), recording what arrives. */
describe('simulated devices over HTTP', () => {
  const received: { deviceId: string; channel: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
  const commands: object[] = [{ id: 'cmd-1', cmd: 'configure', args: { reportInterval: 3 } }];
  let server: http.Server;
  let simulation: SimulationHandle;

  before(async () => {
    server = http.createServer((request, response) => {
      const match = /^\/api\/device\/v1\/([A-Za-z0-9-]+)\/(status|telemetry|event|ack|cmd)$/.exec(request.url ?? '');
      if (!match) return void response.writeHead(404).end();
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify({ status: 200, data: commands.splice(0), msg: 'ok' }));
      }
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        received.push({ deviceId: match[1], channel: match[2], authorization: request.headers.authorization, body: JSON.parse(text) });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 200, data: null, msg: 'ok' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    simulation = await startSimulation({
      httpBaseUrl: `http://127.0.0.1:${port}`,
      pollMs: 100,
      tickMs: 100,
      speed: 30,
      ambient: false,
      devices: [{ deviceId: 'HTTP-SM-1', deviceType: 59, key: 'secret-key-1', reportInterval: 1 }],
    });
    await simulation.ready;
  });
  after(async () => {
    await simulation?.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function waitFor(predicate: (entry: (typeof received)[number]) => boolean, what: string) {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const found = received.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('posts status and telemetry with the device key as bearer token, and acknowledges polled commands', async () => {
    const status = await waitFor((entry) => entry.channel === 'status', 'status');
    assert.equal(status.authorization, 'Bearer secret-key-1');
    assert.equal(status.body.online, true);
    await waitFor((entry) => entry.channel === 'telemetry', 'telemetry');
    const ack = await waitFor((entry) => entry.channel === 'ack', 'ack');
    assert.deepEqual([ack.body.id, ack.body.ok], ['cmd-1', true]);
    await simulation.stop();
    const last = received.filter((entry) => entry.channel === 'status').at(-1);
    assert.equal(last?.body.online, false, 'a device stopped on purpose says it goes offline');
    for (const entry of received) {
      const channel = entry.channel;
      if (channel === 'status' || channel === 'telemetry' || channel === 'event' || channel === 'ack') assert.ok(UPLINK_SCHEMAS[channel].safeParse(entry.body).success, JSON.stringify(entry.body));
    }
  });
});
