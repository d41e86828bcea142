import { testDeviceKeys } from '../../test/device-keys.ts';
import crypto from 'node:crypto';
import type { CommandMessage, DeviceSensedEvent, DeviceStatusEvent, EventMessage } from '@vigil/contracts';
import type { Downlink } from '../../events/downlink.ts';
import type { TestServer } from '../../test/harness.ts';

/** A downlink that keeps what it was asked to send (the device side of these tests). */
export function recordingDownlink(): Downlink & { sent: { deviceId: string; message: CommandMessage }[] } {
  const sent: { deviceId: string; message: CommandMessage }[] = [];
  return { sent, send: async (deviceId, message) => void sent.push({ deviceId, message }) };
}

/** A random device ID with a readable prefix (the shared broker and databases see many test runs). */
export function randomDeviceId(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
}

/** Puts devices into the vendor's stock, as the registry's stock import does. */
export async function stockDevices(server: TestServer, deviceType: number, deviceIds: readonly string[]): Promise<void> {
  const now = Date.now();
  await server.vigil.database.db.insertInto('devices').values(deviceIds.map((deviceId) => ({
    device_id: deviceId, cipher_id: `c-${deviceId}`, device_type: deviceType, device_key: testDeviceKeys.seal(crypto.randomBytes(8).toString('hex')), created_at: now, updated_at: now,
    online: 0 as const, withheld: 0 as const, pairing: 'none', location: '', settings: '{}', remark: '',
  }))).execute();
}

/** Marks a device online (what ingest does on its status message). */
export async function setOnline(server: TestServer, deviceId: string, online = true): Promise<void> {
  await server.vigil.database.db.updateTable('devices').set({ online: online ? 1 : 0 }).where('device_id', '=', deviceId).execute();
}

/** Publishes a device event on the bus, as ingest does for a message on `vigil/v1/{id}/event`. */
export async function publishEvent(server: TestServer, deviceId: string, deviceType: number, event: Partial<EventMessage> & Pick<EventMessage, 'type' | 'status'>): Promise<void> {
  const payload: DeviceSensedEvent = {
    deviceId, deviceType, receivedAt: Date.now(), providerId: null, bedId: null, roomId: null, residentId: null, subDevice: null,
    event: { ts: Date.now(), ...event },
  };
  await server.vigil.bus.publish('device.event', payload);
}

/** The id of a demo provider by name. */
export async function providerIdByName(server: TestServer, name: string): Promise<number> {
  const row = await server.vigil.database.db.selectFrom('providers').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function publishOnline(server: TestServer, deviceId: string, deviceType: number): Promise<void> {
  await setOnline(server, deviceId);
  const payload: DeviceStatusEvent = {
    deviceId, deviceType, receivedAt: Date.now(), providerId: null, bedId: null, roomId: null, residentId: null, online: true, reason: 'returned', wasOnline: false, status: {},
  };
  await server.vigil.bus.publish('device.status', payload);
}
