/**
 * Load of bench:soak, in its own process (its CPU and memory are not Vigil's): telemetry from
 * simulated devices over real MQTT at a steady rate (one message a tick per device, QoS 1), and
 * live sockets logged in and listening. Reports every 10 s on stdout as one JSON line:
 * `{"published", "failed", "frames", "socketsOpen"}`. Stops on SIGTERM.
 */
import fs from 'node:fs';
import mqtt from 'mqtt';
import { SOCKET_PATH } from '@vigil/contracts';
import WebSocket from 'ws';

export interface SoakLoadJob {
  mqttUrl: string;
  httpUrl: string;
  devices: { deviceId: string; key: string }[];
  /** Telemetry messages per second across all devices. */
  rate: number;
  sockets: number;
  /** Socket keys to log in with (used round-robin). */
  socketKeys: string[];
}

const TICK_MS = 100;

async function main(job: SoakLoadJob): Promise<void> {
  let published = 0;
  let failed = 0;
  let frames = 0;
  let socketsOpen = 0;
  const clients: mqtt.MqttClient[] = [];
  for (let start = 0; start < job.devices.length; start += 50) {
    clients.push(
      ...(await Promise.all(
        job.devices.slice(start, start + 50).map((device) =>
          mqtt.connectAsync(job.mqttUrl, { clientId: device.deviceId, username: device.deviceId, password: device.key, reconnectPeriod: 1000, protocolVersion: 4 }),
        ),
      )),
    );
  }
  const sockets: WebSocket[] = [];
  for (let index = 0; index < job.sockets; index += 1) {
    const ws = new WebSocket(`${job.httpUrl.replace(/^http/, 'ws')}${SOCKET_PATH}`);
    ws.on('open', () => {
      socketsOpen += 1;
      ws.send(JSON.stringify({ path: '/login', key: job.socketKeys[index % job.socketKeys.length] }));
    });
    ws.on('message', () => void frames++);
    ws.on('close', () => void (socketsOpen -= 1));
    ws.on('error', () => {});
    sockets.push(ws);
  }
  // The live channel closes idle sockets: a heartbeat now and then, as the console sends.
  const heartbeat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ path: '/hearBeat' }));
  }, 10_000);
  const started = Date.now();
  let sent = 0;
  let next = 0;
  const ticker = setInterval(() => {
    const due = Math.floor(((Date.now() - started) / 1000) * job.rate) - sent;
    for (let i = 0; i < due; i += 1) {
      const index = next++ % clients.length;
      const client = clients[index]!;
      const deviceId = job.devices[index]!.deviceId;
      const t = Date.now();
      sent += 1;
      client.publish(`vigil/v1/${deviceId}/telemetry`, JSON.stringify({ ts: t, samples: [{ t, hr: 58 + (t % 9), rr: 14, move: t % 7 === 0 ? 1 : 0, bed: 'in', state: 'light' }] }), { qos: 1 }, (error?: Error) => {
        if (error) failed += 1;
        else published += 1;
      });
    }
  }, TICK_MS);
  const report = setInterval(() => process.stdout.write(`${JSON.stringify({ published, failed, frames, socketsOpen })}\n`), 10_000);
  process.once('SIGTERM', () => {
    clearInterval(ticker);
    clearInterval(report);
    clearInterval(heartbeat);
    process.stdout.write(`${JSON.stringify({ published, failed, frames, socketsOpen })}\n`);
    for (const ws of sockets) ws.terminate();
    void Promise.all(clients.map((client) => client.endAsync(true))).finally(() => process.exit(0));
  });
}

main(JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as SoakLoadJob).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
