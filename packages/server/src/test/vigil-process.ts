import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';

/**
 * One Vigil process for multi-process tests (test/processes.ts starts it): the real app on
 * the configured database and Redis, listening on a free port, printing `{"port": n}`
 * once ready. Device events are fed past ingest, straight onto the bus: each stdin line
 * `{"id", "deviceId", "deviceType", "providerId", "bedId", "roomId", "type", "status", "count"?}`
 * publishes that many device events on this process's bus, then answers `{"id", "done": true}`.
 * `{"id", "holdWebhookDeliveries": true}` holds its webhook delivery writes (see HoldWebhooks).
 */
const Command = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  deviceType: z.number().int(),
  providerId: z.number().int(),
  bedId: z.number().int().nullable(),
  roomId: z.number().int().nullable(),
  type: z.enum(['sos', 'fall', 'smoke', 'door', 'water']),
  status: z.number().int(),
  /** Publish for deviceId-0 … deviceId-(count-1) instead of deviceId alone. */
  count: z.number().int().optional(),
});

/** A telemetry background: `rate` one-sample messages per second spread over `devices` monitors, for `seconds`. */
const Telemetry = z.object({ id: z.number().int(), telemetry: z.object({ rate: z.number().int().positive(), devices: z.number().int().positive(), providerId: z.number().int(), seconds: z.number().positive() }) });
/**
 * Holds the process between an alarm's commit and its webhook deliveries (crash tests): from then on
 * every delivery write of this process waits forever, and the process prints `{"webhookDeliveryHeld": alarmId}`.
 */
const HoldWebhooks = z.object({ id: z.number().int(), holdWebhookDeliveries: z.literal(true) });
const TICK_MS = 10;
const PARALLEL = 50;

async function main(): Promise<void> {
  const vigil = await buildApp(loadConfig({ ...process.env, PORT: '0' }), { print: () => {} });
  if (process.env.VIGIL_TEST_SEED === '1') await seedDemo(vigil.database.db, Date.now, { cipher: vigil.deviceCipher.encode, deviceKeys: vigil.deviceKeys });
  await vigil.app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (vigil.app.server.address() as AddressInfo).port })}\n`);
  // A clean exit on SIGTERM (so --cpu-prof writes its profile); SIGKILL tests stay hard kills.
  process.once('SIGTERM', () => void vigil.close().finally(() => process.exit(0)));
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const background = Telemetry.safeParse(JSON.parse(line));
    if (background.success) {
      const { id, telemetry } = background.data;
      const perTick = Math.max(1, Math.round((telemetry.rate * TICK_MS) / 1000));
      const started = Date.now();
      let sent = 0;
      let next = 0;
      const timer = setInterval(() => {
        const now = Date.now();
        const due = Math.floor(((now - started) / 1000) * telemetry.rate) - sent;
        for (let i = 0; i < Math.min(due, perTick * 4); i += 1) {
          const device = next++ % telemetry.devices;
          void vigil.bus.publish('device.samples', {
            deviceId: `BG-${device}`, deviceType: 49, receivedAt: now, providerId: telemetry.providerId, bedId: null, roomId: null, residentId: null,
            samples: [{ t: now, hr: 62, rr: 14, move: 0, bed: 'in', state: 'light' }],
          });
          sent += 1;
        }
        const done = now - started >= telemetry.seconds * 1000;
        if (done) clearInterval(timer);
        if (done || Math.floor((now - started) / 5000) !== Math.floor((now - started - TICK_MS) / 5000)) {
          process.stdout.write(`${JSON.stringify({ telemetrySent: sent, telemetrySeconds: (now - started) / 1000 })}\n`);
        }
      }, TICK_MS);
      process.stdout.write(`${JSON.stringify({ id, done: true })}\n`);
      continue;
    }
    const hold = HoldWebhooks.safeParse(JSON.parse(line));
    if (hold.success) {
      vigil.webhooks.repository.addDelivery = (row) => {
        process.stdout.write(`${JSON.stringify({ webhookDeliveryHeld: row.alarm_id })}\n`);
        return new Promise<boolean>(() => {});
      };
      process.stdout.write(`${JSON.stringify({ id: hold.data.id, done: true })}\n`);
      continue;
    }
    const command = Command.safeParse(JSON.parse(line));
    if (!command.success) continue;
    const { id, deviceId, deviceType, providerId, bedId, roomId, type, status, count } = command.data;
    const ids = count === undefined ? [deviceId] : Array.from({ length: count }, (_, i) => `${deviceId}-${i}`);
    // Many devices report at once, as through the broker: publish in parallel chunks.
    for (let start = 0; start < ids.length; start += PARALLEL) {
      await Promise.all(
        ids.slice(start, start + PARALLEL).map((device) =>
          vigil.bus.publish('device.event', {
            deviceId: device, deviceType, receivedAt: Date.now(), providerId, bedId, roomId, residentId: null, subDevice: null, event: { ts: Date.now(), type, status },
          }),
        ),
      );
    }
    process.stdout.write(`${JSON.stringify({ id, done: true })}\n`);
  }
  await vigil.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
