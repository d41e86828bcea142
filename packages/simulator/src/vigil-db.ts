import { z } from 'zod';
import type { SimulatedDeviceSpec } from './devices/spec.ts';

const DeviceRowSchema = z.object({
  id: z.coerce.number(),
  device_id: z.string(),
  device_type: z.coerce.number(),
  device_key: z.string(),
  host_id: z.coerce.number().nullable(),
});
type DeviceRow = z.infer<typeof DeviceRowSchema>;

/** Devices that care homes added (not the vendor's stock), hosts before their sub-devices. */
const QUERY = 'select id, device_id, device_type, device_key, host_id from devices where provider_id is not null order by id';

/** Gateways carry their sub-devices; sub-devices are not simulated on their own. */
function toSpecs(rows: readonly DeviceRow[]): SimulatedDeviceSpec[] {
  const specs = new Map<number, SimulatedDeviceSpec & { subDevices: { deviceId: string; deviceType: number }[] }>();
  for (const row of rows) {
    if (row.host_id === null) specs.set(row.id, { deviceId: row.device_id, deviceType: row.device_type, key: row.device_key, subDevices: [] });
  }
  for (const row of rows) {
    if (row.host_id !== null) specs.get(row.host_id)?.subDevices.push({ deviceId: row.device_id, deviceType: row.device_type });
  }
  return [...specs.values()].map((spec) => (spec.subDevices.length ? spec : { deviceId: spec.deviceId, deviceType: spec.deviceType, key: spec.key }));
}

/** Reads the devices to simulate from a Vigil database: a SQLite file path or a postgres:// URL. */
export async function devicesFromVigilDatabase(location: string): Promise<SimulatedDeviceSpec[]> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const result = await client.query(QUERY);
      return toSpecs(z.array(DeviceRowSchema).parse(result.rows));
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(location, { readonly: true, fileMustExist: true });
  try {
    return toSpecs(z.array(DeviceRowSchema).parse(db.prepare(QUERY).all()));
  } finally {
    db.close();
  }
}
