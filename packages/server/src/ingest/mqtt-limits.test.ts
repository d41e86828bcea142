import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { after, before, describe, test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { deviceDirectory } from './device-directory.ts';
import { collect, connectDevice, eventually, randomDeviceId, registerDevice } from './ingest-fixtures.ts';

async function metric(server: TestServer, pattern: RegExp): Promise<number> {
  const response = await server.vigil.app.inject({ method: 'GET', url: '/metrics' });
  const line = response.body.split('\n').find((entry) => pattern.test(entry));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const refusedCount = (server: TestServer, reason: string) => metric(server, new RegExp(`^vigil_mqtt_connections_refused_total\\{reason="${reason}"\\}`));

/** A raw TCP connection to the broker and the moment it was closed by the other side (or null while open). */
async function rawSocket(port: number): Promise<{ socket: net.Socket; closed: Promise<number> }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { socket, closed };
}

/** Resolves true when the promise settles within the time, false otherwise. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}

/** MQTT's variable-length "remaining length". */
function remainingLength(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return Buffer.from(bytes);
}

describe('the embedded broker before login', () => {
  let server: TestServer;
  let port: number;
  before(async () => {
    server = await startTestServer({ env: { MQTT_CONNECT_TIMEOUT_MS: '600' } });
    port = server.vigil.mqttPort ?? 0;
  });
  after(() => server.close());

  test('a CONNECT announcing 100 MB is refused from its header: the socket is closed before the body is read', async () => {
    const before = await refusedCount(server, 'tooLarge');
    const { socket, closed } = await rawSocket(port);
    socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(100 * 1024 * 1024)]));
    // The start of a body; the broker must not wait for the rest.
    socket.write(Buffer.alloc(256 * 1024, 0x41));
    assert.ok(await within(closed, 400), 'closed well before the connect timeout');
    assert.equal(await refusedCount(server, 'tooLarge'), before + 1);
    // A CONNECT over 8 KiB (a 60 KB user name) is refused the same way.
    const big = await rawSocket(port);
    const name = Buffer.alloc(60_000, 0x61);
    const body = Buffer.concat([Buffer.from([0, 4]), Buffer.from('MQTT'), Buffer.from([4, 0x82, 0, 30, 0, 1, 0x61, 0xea, 0x60]), name]);
    big.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]));
    assert.ok(await within(big.closed, 400));
  });

  test('a connection that sends nothing, or half a CONNECT, is closed after the connect timeout', async () => {
    const before = await refusedCount(server, 'connectTimeout');
    const started = Date.now();
    const idle = await rawSocket(port);
    const half = await rawSocket(port);
    half.socket.write(Buffer.from([0x10, 40, 0, 4, 0x4d]));
    assert.ok(await within(Promise.all([idle.closed, half.closed]), 3000), 'both closed');
    assert.ok((await idle.closed) - started >= 500, 'not before the timeout');
    assert.equal(await refusedCount(server, 'connectTimeout'), before + 2);
    // Something that is not MQTT at all is closed at once.
    const http = await rawSocket(port);
    http.socket.write('GET / HTTP/1.1\r\n\r\n');
    assert.ok(await within(http.closed, 400));
  });

  test('a connection sending far more packets than a device should is read at a bounded rate (TCP backpressure)', async () => {
    const device = await registerDevice(server.vigil.database.db, { deviceType: 20995 });
    const client = await connectDevice(`mqtt://127.0.0.1:${port}`, device);
    const seen = () => metric(server, /^vigil_device_messages_total\{channel="event",result="flood"\}/);
    const before = await seen();
    const started = Date.now();
    for (let index = 0; index < 10_000; index++) client.publish(deviceTopic(device.deviceId, 'event'), JSON.stringify({ ts: Date.now(), type: 'door', status: index % 2 }), { qos: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const read = (await seen()) - before;
    const elapsed = (Date.now() - started) / 1000;
    // 300 at once, then 100 a second (counted per 64 KB socket read, ~700 of these packets): far from the 10,000 sent.
    assert.ok(read > 100 && read <= 300 + 100 * elapsed + 1500, `${read} read in ${elapsed.toFixed(1)} s`);
    assert.ok(client.connected);
    client.end(true);
  });

  test('a logged-in device is not cut by the connect timeout', async () => {
    const device = await registerDevice(server.vigil.database.db);
    const client = await connectDevice(`mqtt://127.0.0.1:${port}`, device);
    await new Promise((resolve) => setTimeout(resolve, 900));
    assert.ok(client.connected);
    await client.endAsync();
  });

  test('the client ID must be the device ID: another device\'s ID is refused and that device stays connected', async () => {
    const { db } = server.vigil.database;
    const victim = await registerDevice(db);
    const other = await registerDevice(db);
    const statuses = collect(server.vigil.bus, 'device.status');
    const victimClient = await connectDevice(`mqtt://127.0.0.1:${port}`, victim);
    await victimClient.publishAsync(deviceTopic(victim.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1 });
    await eventually(() => statuses.find((entry) => entry.deviceId === victim.deviceId), 'victim online');
    const before = await metric(server, /^vigil_device_messages_dropped_total\{reason="badClientId"\}/);
    const victimClosed = new Promise<void>((resolve) => victimClient.once('close', () => resolve()));
    await assert.rejects(
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: other.deviceId, password: other.key, clientId: victim.deviceId, reconnectPeriod: 0, connectTimeout: 3000 }),
      /Identifier rejected/i,
    );
    await assert.rejects(
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: other.deviceId, password: other.key, clientId: `${other.deviceId}-2`, reconnectPeriod: 0, connectTimeout: 3000 }),
      /Identifier rejected/i,
    );
    assert.equal(await within(victimClosed, 300), false, 'the victim was not kicked off');
    assert.ok(victimClient.connected);
    assert.equal(await metric(server, /^vigil_device_messages_dropped_total\{reason="badClientId"\}/), before + 2);
    assert.ok(!statuses.some((entry) => entry.deviceId === victim.deviceId && !entry.online), 'no offline status for the victim');
    await victimClient.endAsync();
  });

  test('IDs that cannot be device IDs are refused without a lookup; unknown IDs are remembered in a bounded LRU', async () => {
    const { directory } = server.vigil.devices;
    const remembered = directory.unknownCount();
    for (const name of ['x'.repeat(200), 'a/b', 'ünïcode']) {
      await assert.rejects(connectDevice(`mqtt://127.0.0.1:${port}`, { deviceId: name, key: 'k' }), /bad user ?name or password/i);
    }
    assert.equal(directory.unknownCount(), remembered, 'nothing remembered for impossible IDs');
    const unknown = randomDeviceId('NOPE');
    await assert.rejects(connectDevice(`mqtt://127.0.0.1:${port}`, { deviceId: unknown, key: 'k' }));
    assert.equal(directory.unknownCount(), remembered + 1);

    // The cache itself is bounded: the least recently asked-for IDs go first.
    const small = deviceDirectory(server.vigil.database.db, { now: Date.now, deviceKeys: server.vigil.deviceKeys, negativeMax: 5 });
    for (let index = 0; index < 20; index++) assert.equal(await small.lookup(`GONE-${index}`), null);
    assert.equal(small.unknownCount(), 5);
    assert.equal(small.knownUnknown('GONE-19'), true);
    assert.equal(small.knownUnknown('GONE-0'), false);
  });
});

describe('the embedded broker\'s connection cap and per-address rate', () => {
  let server: TestServer;
  let port: number;
  before(async () => {
    server = await startTestServer({ env: { MQTT_MAX_CONNECTIONS: '3', MQTT_CONNECT_BURST: '4', MQTT_CONNECTS_PER_S: '0.01', MQTT_CONNECT_RATE_EXEMPT: 'none' } });
    port = server.vigil.mqttPort ?? 0;
  });
  after(() => server.close());

  test('past the cap new connections are closed at once and counted; past the rate too', async () => {
    const open = await Promise.all([rawSocket(port), rawSocket(port), rawSocket(port)]);
    await eventually(async () => (await metric(server, /^vigil_mqtt_sockets_open /)) === 3, 'three open');
    const fourth = await rawSocket(port);
    assert.ok(await within(fourth.closed, 1000), 'the fourth is closed');
    assert.equal(await refusedCount(server, 'capacity'), 1);
    for (const entry of open) entry.socket.destroy();
    await eventually(async () => (await metric(server, /^vigil_mqtt_sockets_open /)) === 0, 'all closed');
    // Four connections came from this address (the capped one took no token): one token left.
    const fifth = await rawSocket(port);
    assert.equal(await within(fifth.closed, 300), false, 'the fifth is let in');
    const sixth = await rawSocket(port);
    assert.ok(await within(sixth.closed, 1000), 'the sixth is over the rate');
    assert.equal(await refusedCount(server, 'rate'), 1);
    fifth.socket.destroy();
  });
});

/** A self-signed certificate for localhost in a fresh folder (remove the folder after). */
function selfSignedCertificate(): { dir: string; certFile: string; keyFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  return { dir, certFile, keyFile };
}

/** A TLS client to the port: whether its handshake completed, and when it was closed. */
function tlsClient(port: number, certFile: string): { socket: tls.TLSSocket; secured: Promise<boolean>; closed: Promise<void> } {
  const socket = tls.connect({ port, host: '127.0.0.1', ca: fs.readFileSync(certFile), servername: 'localhost' });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const secured = Promise.race([new Promise<boolean>((resolve) => socket.once('secureConnect', () => resolve(true))), closed.then(() => false)]);
  return { socket, secured, closed };
}

describe('the embedded broker over TLS (MQTT_TLS_PORT)', () => {
  test('TLS connections meet the cap and the per-address rate when accepted, before any handshake is made', async () => {
    const { dir, certFile, keyFile } = selfSignedCertificate();
    const server = await startTestServer({
      env: { MQTT_TLS_PORT: '0', MQTT_TLS_CERT: certFile, MQTT_TLS_KEY: keyFile, MQTT_MAX_CONNECTIONS: '3', MQTT_CONNECT_BURST: '4', MQTT_CONNECTS_PER_S: '0.01', MQTT_CONNECT_RATE_EXEMPT: 'none' },
    });
    try {
      const tlsPort = server.vigil.devices.mqttTlsPort ?? 0;
      // Three connections that never start a handshake hold every slot (a handshake flood's first step).
      const open = await Promise.all([rawSocket(tlsPort), rawSocket(tlsPort), rawSocket(tlsPort)]);
      await eventually(async () => (await metric(server, /^vigil_mqtt_sockets_open /)) === 3, 'three TLS connections counted before their handshakes');
      const fourth = tlsClient(tlsPort, certFile);
      assert.equal(await fourth.secured, false, 'past the cap no handshake is made');
      assert.ok(await within(fourth.closed, 1000), 'the fourth is closed at once');
      assert.equal(await refusedCount(server, 'capacity'), 1);
      for (const entry of open) entry.socket.destroy();
      await eventually(async () => (await metric(server, /^vigil_mqtt_sockets_open /)) === 0, 'all closed');
      // Three connections took a token each (the capped one none): the fifth gets the last one and its handshake.
      const fifth = tlsClient(tlsPort, certFile);
      assert.equal(await fifth.secured, true, 'the fifth is let in and handshakes');
      const sixth = tlsClient(tlsPort, certFile);
      assert.equal(await sixth.secured, false, 'over the rate no handshake is made');
      assert.equal(await refusedCount(server, 'rate'), 1);
      fifth.socket.destroy();
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a device logs in and publishes over TLS; the same limits apply there', async () => {
    const { dir, certFile, keyFile } = selfSignedCertificate();
    const server = await startTestServer({ env: { MQTT_TLS_PORT: '0', MQTT_TLS_CERT: certFile, MQTT_TLS_KEY: keyFile, MQTT_CONNECT_TIMEOUT_MS: '600' } });
    try {
      const tlsPort = server.vigil.devices.mqttTlsPort;
      assert.ok(tlsPort && tlsPort > 0);
      const device = await registerDevice(server.vigil.database.db);
      const statuses = collect(server.vigil.bus, 'device.status');
      const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${tlsPort}`, { username: device.deviceId, password: device.key, clientId: device.deviceId, ca: fs.readFileSync(certFile), servername: 'localhost', reconnectPeriod: 0, connectTimeout: 5000 });
      await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true, battery: 42 }), { qos: 1 });
      const status = await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'status over TLS');
      assert.equal(status.status.battery, 42);
      await client.endAsync();
      // An idle TLS connection is closed after the connect timeout like a plain one.
      const idle = tls.connect({ port: tlsPort, host: '127.0.0.1', ca: fs.readFileSync(certFile), servername: 'localhost' });
      idle.on('error', () => {});
      assert.ok(await within(new Promise((resolve) => idle.once('close', resolve)), 3000), 'idle TLS connection closed');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
