import type { Db } from '../../db/database.ts';

/** What the adapter needs of a devices row. */
export interface CarrierDeviceRow {
  id: number;
  device_id: string;
  device_type: number;
  imei: string | null;
  provider_id: number | null;
  bed_id: number | null;
  room_id: number | null;
  resident_id: number | null;
  online: number;
  firmware_version: string | null;
  last_seen_at: number | null;
}

export interface CarrierStatusChange {
  online?: boolean;
  lastSeenAt?: number;
  battery?: number;
  signal?: number;
  firmware?: string;
  imei?: string;
  now: number;
}

/** SQL of the carrier adapter: devices by IMEI, their live state, new stock. */
export function carrierRepository(db: Db) {
  const columns = ['id', 'device_id', 'device_type', 'imei', 'provider_id', 'bed_id', 'room_id', 'resident_id', 'online', 'firmware_version', 'last_seen_at'] as const;
  return {
    /** The device registered under this IMEI: as its device ID, or in its IMEI column. */
    async findByImei(imei: string): Promise<CarrierDeviceRow | undefined> {
      return db
        .selectFrom('devices')
        .select(columns)
        .where((eb) => eb.or([eb('device_id', '=', imei), eb('imei', '=', imei)]))
        .orderBy('id')
        .executeTakeFirst();
    },
    async findByDeviceId(deviceId: string): Promise<CarrierDeviceRow | undefined> {
      return db.selectFrom('devices').select(columns).where('device_id', '=', deviceId).executeTakeFirst();
    },
    async applyStatus(id: number, change: CarrierStatusChange, wasOnline: boolean): Promise<void> {
      const onlineChanged = change.online !== undefined && change.online !== wasOnline;
      await db
        .updateTable('devices')
        .set({
          ...(change.online !== undefined ? { online: change.online ? 1 : 0 } : {}),
          ...(onlineChanged ? { online_changed_at: change.now } : {}),
          ...(change.lastSeenAt !== undefined ? { last_seen_at: change.lastSeenAt } : {}),
          ...(change.battery !== undefined ? { battery: change.battery } : {}),
          ...(change.signal !== undefined ? { signal: change.signal } : {}),
          ...(change.firmware !== undefined ? { firmware_version: change.firmware } : {}),
          ...(change.imei !== undefined ? { imei: change.imei } : {}),
          updated_at: change.now,
        })
        .where('id', '=', id)
        .execute();
    },
    /** A device the carrier lists that Vigil did not hold: into the vendor's stock (no provider). */
    /** `key` as stored: sealed. */
    async insertStock(device: { deviceId: string; deviceType: number; imei: string; key: string; cipherId: string; online: boolean; firmware: string | null; now: number }): Promise<void> {
      await db
        .insertInto('devices')
        .values({
          device_id: device.deviceId,
          cipher_id: device.cipherId,
          device_type: device.deviceType,
          device_key: device.key,
          imei: device.imei,
          comm_method: 'nbiot',
          location: '',
          pairing: 'none',
          online: device.online ? 1 : 0,
          online_changed_at: device.now,
          firmware_version: device.firmware,
          settings: '{}',
          remark: '',
          created_at: device.now,
          updated_at: device.now,
        })
        .execute();
    },
  };
}
export type CarrierRepository = ReturnType<typeof carrierRepository>;
