import type { DeviceKeySeal } from '../ingest/device-key-seal.ts';
import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DevicesTable } from '../db/schema.ts';

/**
 * The demo's devices (README: demo devices are simulated): a sleep monitor on every
 * occupied bed, a fall radar in the en-suite bathroom of each room on the first floor of
 * Riverside's North Building (bound to the room, location "bathroom"), and a gateway
 * host per floor with a door magnet, a motion sensor, a smoke detector and an SOS button
 * as its sub-devices. Rows are written directly, added to the demo homes and bound.
 * Idempotent: a device ID that exists is left as it is. Device keys are random secrets.
 */

const SLEEP_MONITOR = 49; // BM8701-2
const FALL_RADAR = { overseas: 21007, domestic: 21011 } as const;
const GATEWAY = 21008; // LHD8100
/** Sub-devices of every demo gateway, with the room (by position on the floor) each guards. */
const GATEWAY_SUBS = [
  { type: 21009, code: 'DOOR', room: 0, location: 'entrance door' },
  { type: 21010, code: 'PIR', room: 1, location: 'room' },
  { type: 20996, code: 'SMOKE', room: 2, location: 'ceiling' },
  { type: 20993, code: 'SOS', room: 3, location: 'bedside' },
] as const;
const RADAR_FLOOR = { building: 'North Building', floor: '1F' };
const DEMO_HOMES = ['Sunrise Riverside Home', 'Sunrise Hillside Home'];

interface Place {
  providerId: number;
  roomId: number | null;
  bedId?: number | null;
  residentId?: number | null;
  hostDeviceId?: string;
}

interface PlannedDevice extends Place {
  deviceId: string;
  deviceType: number;
  location: string;
}

/** The code of demo databases seeded before the codes were signed: replaced by a signed one when seeded again. */
const unsignedCipherOf = (deviceId: string) => `VG${crypto.createHash('sha256').update(`vigil-demo:${deviceId}`).digest('hex').slice(0, 20).toUpperCase()}`;

async function planHome(db: Db, providerId: number, radarType: number): Promise<PlannedDevice[]> {
  const planned: PlannedDevice[] = [];
  const beds = await db
    .selectFrom('beds as b')
    .innerJoin('residents as r', 'r.bed_id', 'b.id')
    .select(['b.id as bedId', 'b.room_id as roomId', 'b.device_code as deviceCode', 'r.id as residentId'])
    .where('b.provider_id', '=', providerId)
    .orderBy('b.id')
    .execute();
  for (const bed of beds) {
    // Beds seeded with a device code keep it as the monitor's ID; the others get one in the same style.
    const deviceId = bed.deviceCode && /^[A-Za-z0-9-]+$/.test(bed.deviceCode) ? bed.deviceCode : `BM8701-D${String(bed.bedId).padStart(6, '0')}`;
    planned.push({ deviceId, deviceType: SLEEP_MONITOR, providerId, roomId: bed.roomId, bedId: bed.bedId, residentId: bed.residentId, location: 'under the mattress' });
  }
  const floors = await db
    .selectFrom('areas as f')
    .innerJoin('areas as b', 'b.id', 'f.parent_id')
    .select(['f.id as floorId', 'f.name as floorName', 'b.name as buildingName'])
    .where('f.provider_id', '=', providerId)
    .where('f.level', '=', 2)
    .orderBy('f.id')
    .execute();
  for (const floor of floors) {
    const rooms = await db.selectFrom('rooms').select(['id', 'name']).where('floor_id', '=', floor.floorId).orderBy('id').execute();
    if (rooms.length === 0) continue;
    const hostId = `LHD8100-D${String(floor.floorId).padStart(5, '0')}`;
    planned.push({ deviceId: hostId, deviceType: GATEWAY, providerId, roomId: rooms[0].id, location: `${floor.floorName} corridor` });
    for (const sub of GATEWAY_SUBS) {
      const room = rooms[sub.room % rooms.length];
      planned.push({ deviceId: `${sub.code}-D${String(floor.floorId).padStart(5, '0')}`, deviceType: sub.type, providerId, roomId: room.id, hostDeviceId: hostId, location: sub.location });
    }
    if (floor.buildingName === RADAR_FLOOR.building && floor.floorName === RADAR_FLOOR.floor) {
      for (const room of rooms) planned.push({ deviceId: `ED719-D${String(room.id).padStart(6, '0')}`, deviceType: radarType, providerId, roomId: room.id, location: 'bathroom' });
    }
  }
  return planned;
}

/** Writes the demo devices (see above). Runs after the care data is seeded. */
export async function seedDevices(db: Db, now: number, deviceKeys: DeviceKeySeal, cipherOf: (deviceId: string) => string = unsignedCipherOf): Promise<void> {
  const edition = await db.selectFrom('settings').select('value').where('key', '=', 'edition').executeTakeFirst();
  const radarType = edition?.value === 'domestic' ? FALL_RADAR.domestic : FALL_RADAR.overseas;
  const planned: PlannedDevice[] = [];
  for (const name of DEMO_HOMES) {
    const provider = await db.selectFrom('providers').select('id').where('name_key', '=', name.toLowerCase()).executeTakeFirst();
    if (provider) planned.push(...(await planHome(db, provider.id, radarType)));
  }
  if (planned.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    const ciphers = new Map<string, string>();
    for (const row of await trx.selectFrom('devices').select(['id', 'device_id', 'cipher_id']).execute()) {
      ids.set(row.device_id, row.id);
      ciphers.set(row.device_id, row.cipher_id);
    }
    // Hosts first, so sub-devices can point at them.
    const ordered = [...planned].sort((a, b) => Number(Boolean(a.hostDeviceId)) - Number(Boolean(b.hostDeviceId)));
    for (const device of ordered) {
      if (ids.has(device.deviceId)) {
        // A demo device seeded with the old unsigned code gets a code the installer app can scan.
        if (cipherOf !== unsignedCipherOf && ciphers.get(device.deviceId) === unsignedCipherOf(device.deviceId)) {
          await trx.updateTable('devices').set({ cipher_id: cipherOf(device.deviceId), updated_at: now }).where('device_id', '=', device.deviceId).execute();
        }
        continue;
      }
      const hostId = device.hostDeviceId ? (ids.get(device.hostDeviceId) ?? null) : null;
      const row: Insertable<DevicesTable> = {
        device_id: device.deviceId,
        cipher_id: cipherOf(device.deviceId),
        device_type: device.deviceType,
        device_key: deviceKeys.seal(crypto.randomBytes(24).toString('base64url')),
        provider_id: device.providerId,
        added_at: now,
        comm_method: device.hostDeviceId ? 'gateway' : 'wifi',
        location: device.location,
        room_id: device.roomId,
        bed_id: device.bedId ?? null,
        resident_id: device.residentId ?? null,
        host_id: hostId,
        pairing: device.hostDeviceId ? 'paired' : 'none',
        online: 0,
        settings: '{}',
        remark: 'Demo device (simulated)',
        created_at: now,
        updated_at: now,
      };
      const inserted = await trx.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow();
      ids.set(device.deviceId, inserted.id);
      if (device.bedId) await trx.updateTable('beds').set({ device_code: device.deviceId }).where('id', '=', device.bedId).where('device_code', 'is', null).execute();
    }
  });
}

/** A device as the simulator takes it (packages/simulator SimulatedDeviceSpec). */
export interface SimulatorDevice {
  deviceId: string;
  deviceType: number;
  key: string;
  subDevices?: { deviceId: string; deviceType: number }[];
}

/** The demo homes' devices, for the simulator: top-level devices with their (opened) keys, gateways with their sub-devices. */
export async function demoSimulatorDevices(db: Db, deviceKeys: DeviceKeySeal): Promise<SimulatorDevice[]> {
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('providers as p', 'p.id', 'd.provider_id')
    .select(['d.id', 'd.device_id', 'd.device_type', 'd.device_key', 'd.host_id'])
    .where('p.name_key', 'in', DEMO_HOMES.map((name) => name.toLowerCase()))
    .orderBy('d.id')
    .execute();
  const hosts = new Map<number, SimulatorDevice>();
  const devices: SimulatorDevice[] = [];
  for (const row of rows) {
    const key = deviceKeys.open(row.device_key);
    if (row.host_id !== null || key === null) continue;
    const device: SimulatorDevice = { deviceId: row.device_id, deviceType: row.device_type, key };
    if (row.device_type === GATEWAY) hosts.set(row.id, Object.assign(device, { subDevices: [] }));
    devices.push(device);
  }
  for (const row of rows) {
    if (row.host_id === null) continue;
    hosts.get(row.host_id)?.subDevices?.push({ deviceId: row.device_id, deviceType: row.device_type });
  }
  return devices;
}
