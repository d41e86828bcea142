import crypto from 'node:crypto';
import * as api from '@vigil/contracts';
import type { CommandMessage } from '@vigil/contracts';
import type { Downlink } from '../events/downlink.ts';
import type { TestServer } from './harness.ts';

/** A random plain device ID (the shared MQTT broker and databases never see the same one twice). */
export function randomDeviceId(prefix = 'T'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Registers a device into stock as a vendor; answers its row id, plain ID, cipher and key. */
export async function stockDevice(server: TestServer, vendorToken: string, deviceType = 49, deviceId = randomDeviceId()) {
  const result = await server.call(api.registerDevice, { deviceId, deviceType }, { token: vendorToken });
  if (result.status !== 200) throw new Error(`register ${deviceId}: ${result.status} ${result.msg}`);
  return { id: result.data.id, deviceId, cipherId: result.data.cipherId, deviceKey: result.data.deviceKey, deviceType };
}

/** Registers a device into stock and adds it to the care home of the token; answers its row id and plain ID. */
export async function homeDevice(server: TestServer, vendorToken: string, homeToken: string, deviceType = 49) {
  const stocked = await stockDevice(server, vendorToken, deviceType);
  const added = await server.call(api.insertDevice, { deviceId: stocked.deviceId, deviceType }, { token: homeToken });
  if (added.status !== 200) throw new Error(`add ${stocked.deviceId}: ${added.status} ${added.msg}`);
  return stocked;
}

/** Marks a device online or offline the way ingest's supervision does (the devices.online column). */
export async function setOnline(server: TestServer, id: number, online: boolean): Promise<void> {
  await server.vigil.database.db.updateTable('devices').set({ online: online ? 1 : 0, last_seen_at: Date.now() }).where('id', '=', id).execute();
}

/**
 * The test double for the transport only (ingest's MQTT Downlink is not under test here):
 * records what would be published on each device's `cmd` topic; `offline` IDs refuse.
 */
export function recordingDownlink(): Downlink & { sent: { deviceId: string; message: CommandMessage }[]; offline: Set<string> } {
  const sent: { deviceId: string; message: CommandMessage }[] = [];
  const offline = new Set<string>();
  return {
    sent,
    offline,
    async send(deviceId, message) {
      if (offline.has(deviceId)) throw new Error('not connected');
      sent.push({ deviceId, message });
    },
  };
}
