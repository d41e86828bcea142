import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';

export interface CareHomeDeviceCount {
  providerId: number;
  name: string;
  online: number;
  offline: number;
}

/** Devices online and offline per care home that is not deleted; null when the database does not answer. */
export async function deviceCountsByCareHome(database: DatabaseHandle): Promise<CareHomeDeviceCount[] | null> {
  const rows = await database.db
    .selectFrom('devices')
    .innerJoin('providers', 'providers.id', 'devices.provider_id')
    .where('providers.deleted_at', 'is', null)
    .select([
      'providers.id as providerId',
      'providers.name as name',
      sql<number>`sum(case when devices.online = 1 then 1 else 0 end)`.as('online'),
      sql<number>`sum(case when devices.online = 1 then 0 else 1 end)`.as('offline'),
    ])
    .groupBy(['providers.id', 'providers.name'])
    .execute()
    .catch(() => null);
  return rows && rows.map((row) => ({ providerId: row.providerId, name: row.name, online: Number(row.online), offline: Number(row.offline) }));
}
