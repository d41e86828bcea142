import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { SocketClient, type SocketClientOptions, type SocketLike, type SocketStatus } from './socket-client.ts';
import { socketFrameCodec, type IncomingFrame } from './frames.ts';

/** A real WebSocket server speaking the login/heartbeat part of the live protocol. */
function startServer(acceptKey: string) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const received: Array<{ path: string; key?: string }> = [];
  const sockets = new Set<WebSocket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (raw) => {
      const frame: { path: string; key?: string } = JSON.parse(String(raw));
      received.push(frame);
      if (frame.path === '/login') socket.send(JSON.stringify({ path: '/login', code: frame.key === acceptKey ? 200 : 401 }));
    });
  });
  const port = (): number => (server.address() as AddressInfo).port;
  return { server, received, sockets, port };
}

function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(tick, 10);
    };
    tick();
  });
}

/** `ws`'s client behind the same small interface the browser's WebSocket is given. */
function nodeSocket(url: string): SocketLike {
  const socket = new WebSocket(url);
  const adapter: SocketLike = {
    get readyState() {
      return socket.readyState;
    },
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
  };
  socket.on('open', () => adapter.onopen?.(null));
  socket.on('message', (data) => adapter.onmessage?.({ data: String(data) }));
  socket.on('close', () => adapter.onclose?.(null));
  socket.on('error', () => adapter.onerror?.(null));
  return adapter;
}

describe('the live socket client (spec 02 §4, §7)', () => {
  let backend: ReturnType<typeof startServer>;
  before(async () => {
    backend = startServer('key-1');
    await new Promise((resolve) => backend.server.once('listening', resolve));
  });
  after(() => {
    for (const socket of backend.sockets) socket.terminate();
    backend.server.close();
  });

  function client(patch: Partial<SocketClientOptions<IncomingFrame>> = {}) {
    const statuses: SocketStatus[] = [];
    let opened = 0;
    const instance = new SocketClient<IncomingFrame>({
      url: () => `ws://127.0.0.1:${backend.port()}/`,
      key: () => 'key-1',
      connect: nodeSocket,
      codec: socketFrameCodec,
      heartbeatMs: 60,
      reconnectMs: 150,
      onStatus: (status) => statuses.push(status),
      onOpen: () => opened++,
      ...patch,
    });
    return { instance, statuses, opens: () => opened };
  }

  it('goes connecting → open after the login reply with code 200, then sends a heartbeat with the key', async () => {
    backend.received.length = 0;
    const { instance, statuses, opens } = client();
    instance.start();
    assert.equal(statuses[0].state, 'connecting');
    await waitFor(() => instance.status.state === 'open', 'open');
    assert.equal(opens(), 1);
    assert.deepEqual(backend.received[0], { path: '/login', key: 'key-1' });
    await waitFor(() => backend.received.some((frame) => frame.path === '/hearBeat'), 'a heartbeat');
    assert.equal(backend.received.find((frame) => frame.path === '/hearBeat')?.key, 'key-1');
    instance.stop();
  });

  it('reconnects after the server drops the connection, and opens again (so the pending list is refetched)', async () => {
    const { instance, statuses, opens } = client();
    instance.start();
    await waitFor(() => instance.status.state === 'open', 'open');
    const droppedAt = Date.now();
    for (const socket of backend.sockets) socket.terminate();
    await waitFor(() => instance.status.state === 'closed', 'closed');
    await waitFor(() => opens() === 2, 'second open');
    assert.ok(Date.now() - droppedAt >= 150, 'waits the reconnect delay');
    assert.deepEqual(
      statuses.map((status) => status.state).filter((state, index, all) => state !== all[index - 1]),
      ['connecting', 'open', 'closed', 'connecting', 'open'],
    );
    instance.stop();
  });

  it('does not reconnect after a deliberate close', async () => {
    const { instance, opens } = client();
    instance.start();
    await waitFor(() => instance.status.state === 'open', 'open');
    instance.stop();
    assert.equal(instance.status.state, 'closed');
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(opens(), 1);
    assert.equal(instance.status.state, 'closed');
  });

  it('keeps retrying while the server is down and opens when it is back', async () => {
    const down = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => down.once('listening', resolve));
    const port = (down.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    const { instance, opens } = client({ url: () => `ws://127.0.0.1:${port}/` });
    instance.start();
    await waitFor(() => instance.status.state === 'closed', 'closed while down');
    const revived = new WebSocketServer({ port, host: '127.0.0.1' });
    revived.on('connection', (socket) => socket.on('message', () => socket.send(JSON.stringify({ path: '/login', code: 200 }))));
    await waitFor(() => opens() === 1, 'open after the server returns');
    instance.stop();
    for (const socket of revived.clients) socket.terminate();
    revived.close();
  });

  it('marks a refused login (live updates off) and logs it', async () => {
    const logged: string[] = [];
    const { instance } = client({ key: () => 'wrong-key', log: (line) => logged.push(line) });
    instance.start();
    await waitFor(() => instance.status.loginFailed, 'login refused');
    assert.notEqual(instance.status.state, 'open');
    assert.ok(logged.some((line) => line.includes('login')));
    instance.stop();
  });

  it('reports a browser without WebSocket support', () => {
    const { instance } = client({ connect: undefined });
    instance.start();
    assert.equal(instance.status.state, 'unsupported');
  });

  it('makes restart() drop the connection and open a new one at once (provider switch)', async () => {
    const { instance, opens } = client({ reconnectMs: 10_000 });
    instance.start();
    await waitFor(() => opens() === 1, 'open');
    instance.restart();
    await waitFor(() => opens() === 2, 'open again without the reconnect delay', 2000);
    instance.stop();
  });
});
