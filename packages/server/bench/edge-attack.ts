/**
 * The attacker side of bench:edge (its own process, so the server's memory is the server's):
 * one load against the embedded broker, health latency sampled over HTTP meanwhile, and a
 * legitimate device publishing a status every 250 ms. Reports to the parent by IPC.
 */
import net from 'node:net';
import { deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';

export interface EdgeJob {
  load: 'refusedConnects' | 'idleSockets' | 'hugeConnects' | 'oneDeviceFlood';
  mqttPort: number;
  httpPort: number;
  legit: { deviceId: string; key: string };
  flooder: { deviceId: string; key: string };
  count: number;
}

export interface EdgeResult {
  healthMs: number[];
  healthFailures: number;
  legitSent: number;
  detail: string;
}

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

/** An MQTT 3.1.1 CONNECT with this user name and password. */
function connectPacket(userName: Buffer, password: string): Buffer {
  const str = (value: Buffer) => Buffer.concat([Buffer.from([value.length >> 8, value.length & 0xff]), value]);
  const variable = Buffer.concat([str(Buffer.from('MQTT')), Buffer.from([4, 0xc2, 0, 30])]);
  const payload = Buffer.concat([str(Buffer.from('x')), str(userName), str(Buffer.from(password))]);
  const body = Buffer.concat([variable, payload]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

const open = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });

const closed = (socket: net.Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

async function refusedConnects(job: EdgeJob): Promise<string> {
  let done = 0;
  let errors = 0;
  const packets = Array.from({ length: 8 }, (_, index) => connectPacket(Buffer.alloc(60_000, 0x61 + index), 'guess'));
  const worker = async () => {
    while (done < job.count) {
      const index = done++;
      try {
        const socket = await open(job.mqttPort);
        socket.on('error', () => {});
        socket.write(packets[index % packets.length] as Buffer);
        await closed(socket);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return `${job.count} CONNECTs with 60 KB user names sent, ${errors} could not connect`;
}

async function idleSockets(job: EdgeJob): Promise<string> {
  const sockets: net.Socket[] = [];
  let failed = 0;
  for (let index = 0; index < job.count; index++) {
    try {
      const socket = await open(job.mqttPort);
      socket.on('error', () => {});
      sockets.push(socket);
    } catch {
      failed++;
    }
  }
  const started = Date.now();
  await Promise.race([Promise.all(sockets.map(closed)), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  const stillOpen = sockets.filter((socket) => !socket.destroyed).length;
  for (const socket of sockets) socket.destroy();
  return `${sockets.length} idle sockets opened (${failed} failed); the server closed ${sockets.length - stillOpen} within ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

async function hugeConnects(job: EdgeJob): Promise<string> {
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  const accepted = await Promise.all(
    Array.from({ length: job.count }, async () => {
      const socket = await open(job.mqttPort);
      socket.on('error', () => {});
      let written = 0;
      socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(100 * 1024 * 1024)]));
      while (!socket.destroyed && written < 100 * 1024 * 1024) {
        const ok = socket.write(chunk);
        written += chunk.length;
        if (!ok) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed(socket)]);
      }
      socket.destroy();
      return written;
    }),
  );
  return `${job.count} × 100 MB CONNECTs: the server closed them after ${accepted.map((bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`).join(', ')} written`;
}

async function oneDeviceFlood(job: EdgeJob): Promise<string> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${job.mqttPort}`, { username: job.flooder.deviceId, password: job.flooder.key, clientId: job.flooder.deviceId, reconnectPeriod: 0 });
  const topic = deviceTopic(job.flooder.deviceId, 'event');
  for (let index = 0; index < job.count; index++) {
    client.publish(topic, JSON.stringify({ ts: Date.now(), type: 'door', status: index % 2 }), { qos: 0 });
    if (index % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await client.endAsync();
  return `${job.count} messages from one device`;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as EdgeJob;
  const healthMs: number[] = [];
  let healthFailures = 0;
  let running = true;
  const health = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`http://127.0.0.1:${job.httpPort}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) healthFailures++;
        await response.arrayBuffer();
        healthMs.push(performance.now() - started);
      } catch {
        healthFailures++;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const legit = await mqtt.connectAsync(`mqtt://127.0.0.1:${job.mqttPort}`, { username: job.legit.deviceId, password: job.legit.key, clientId: job.legit.deviceId, reconnectPeriod: 0 });
  let legitSent = 0;
  const beat = setInterval(() => {
    legitSent++;
    legit.publish(deviceTopic(job.legit.deviceId, 'status'), JSON.stringify({ online: true, battery: legitSent % 100 }), { qos: 1 });
  }, 250);
  const run = { refusedConnects, idleSockets, hugeConnects, oneDeviceFlood }[job.load];
  const detail = await run(job);
  await new Promise((resolve) => setTimeout(resolve, 500));
  clearInterval(beat);
  await legit.endAsync();
  running = false;
  await health;
  process.send?.({ healthMs, healthFailures, legitSent, detail } satisfies EdgeResult);
  process.exit(0);
}

await main();
