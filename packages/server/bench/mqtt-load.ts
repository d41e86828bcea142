/**
 * Load generator for bench:ingest, in its own process (so its CPU is not counted as Vigil's):
 * simulated devices on real MQTT connections publish telemetry (10 one-second samples a
 * message) and now and then an event, QoS 1, keeping `window` messages in flight per connection.
 */
import mqtt from 'mqtt';
import { nightSamples } from '../src/ingest/ingest-fixtures.ts';

export interface MqttLoadJob {
  url: string;
  devices: { deviceId: string; key: string | null }[];
  seconds: number;
  window: number;
  /** Epoch ms of the first sample. */
  start: number;
}
export interface MqttLoadResult {
  published: number;
  failed: number;
  cpuMs: number;
}

/** A night of realistic samples per device (the same generator the storage test uses), sent ten at a time. */
const NIGHT = nightSamples(0, 8640 * 10);

function telemetry(t: number, index: number): string {
  const offset = (index * 10) % (NIGHT.length - 10);
  const samples = NIGHT.slice(offset, offset + 10).map((sample, i) => ({ ...sample, t: t + i * 1000 }));
  return JSON.stringify({ ts: t + 9000, samples });
}

async function run(job: MqttLoadJob): Promise<MqttLoadResult> {
  const cpu = process.cpuUsage();
  const clients = await Promise.all(
    job.devices.map((device) =>
      mqtt.connectAsync(job.url, { clientId: device.deviceId, ...(device.key ? { username: device.deviceId, password: device.key } : {}), reconnectPeriod: 0, protocolVersion: 4 }),
    ),
  );
  let published = 0;
  let failed = 0;
  const until = Date.now() + job.seconds * 1000;
  await Promise.all(
    clients.map(async (client, index) => {
      const deviceId = job.devices[index]?.deviceId ?? '';
      let t = job.start;
      let sent = 0;
      const lane = async () => {
        while (Date.now() < until) {
          const event = sent % 50 === 49;
          const topic = `vigil/v1/${deviceId}/${event ? 'event' : 'telemetry'}`;
          const payload = event ? JSON.stringify({ ts: t, type: 'motion', status: sent % 2 }) : telemetry(t, sent);
          if (!event) t += 10_000;
          sent++;
          try {
            await client.publishAsync(topic, payload, { qos: 1 });
            published++;
          } catch {
            failed++;
          }
        }
      };
      await Promise.all(Array.from({ length: job.window }, lane));
    }),
  );
  await Promise.all(clients.map((client) => client.endAsync(true)));
  const used = process.cpuUsage(cpu);
  return { published, failed, cpuMs: (used.user + used.system) / 1000 };
}

if (process.send) {
  const job: MqttLoadJob = JSON.parse(process.argv[2] ?? '{}');
  run(job).then(
    (result) => {
      process.send?.(result, () => process.exit(0));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
