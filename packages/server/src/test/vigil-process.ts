import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';

/**
 * One Vigil process for multi-process tests (test/processes.ts starts it): the real app on
 * the configured database and Redis, listening on a free port, printing `{"port": n}`
 * once ready. Stands in for ingest (not in this branch): each stdin line
 * `{"id", "deviceId", "deviceType", "providerId", "bedId", "roomId", "type", "status", "count"?}`
 * publishes that many device events on this process's bus, then answers `{"id", "done": true}`.
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

async function main(): Promise<void> {
  const vigil = await buildApp(loadConfig({ ...process.env, PORT: '0' }), { print: () => {} });
  if (process.env.VIGIL_TEST_SEED === '1') await seedDemo(vigil.database.db);
  await vigil.app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (vigil.app.server.address() as AddressInfo).port })}\n`);
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = Command.safeParse(JSON.parse(line));
    if (!command.success) continue;
    const { id, deviceId, deviceType, providerId, bedId, roomId, type, status, count } = command.data;
    const ids = count === undefined ? [deviceId] : Array.from({ length: count }, (_, i) => `${deviceId}-${i}`);
    for (const device of ids) {
      await vigil.events.publish('device.event', {
        deviceId: device, deviceType, receivedAt: Date.now(), providerId, bedId, roomId, residentId: null, subDevice: null, event: { ts: Date.now(), type, status },
      });
    }
    process.stdout.write(`${JSON.stringify({ id, done: true })}\n`);
  }
  await vigil.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
