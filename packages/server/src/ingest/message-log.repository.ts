import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DeviceMessagesTable } from '../db/schema.ts';

export type DeviceMessageRow = Insertable<DeviceMessagesTable>;

const INSERT_ROWS = 200;

/** SQL of the log of status, event and ack messages as devices sent them (original data). */
export function messageLogRepository(db: Db) {
  const inRange = (deviceId: string, from: number, to: number) =>
    db.selectFrom('device_messages').where('device_id', '=', deviceId).where('ts', '>=', from).where('ts', '<', to);
  return {
    /** Inside ingest's batch transaction. */
    async insertMany(trx: Db, rows: DeviceMessageRow[]): Promise<void> {
      for (let index = 0; index < rows.length; index += INSERT_ROWS) {
        await trx.insertInto('device_messages').values(rows.slice(index, index + INSERT_ROWS)).execute();
      }
    },
    async count(deviceId: string, from: number, to: number): Promise<number> {
      const row = await inRange(deviceId, from, to).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    page(deviceId: string, from: number, to: number, offset: number, limit: number) {
      return inRange(deviceId, from, to).select(['channel', 'ts', 'received_at', 'payload']).orderBy('ts').orderBy('id').offset(offset).limit(limit).execute();
    },
    async deleteRange(deviceId: string, from: number, to: number): Promise<number> {
      const result = await db.deleteFrom('device_messages').where('device_id', '=', deviceId).where('ts', '>=', from).where('ts', '<', to).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async deleteAll(deviceId: string): Promise<number> {
      const result = await db.deleteFrom('device_messages').where('device_id', '=', deviceId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async purgeBefore(time: number): Promise<number> {
      const result = await db.deleteFrom('device_messages').where('received_at', '<', time).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type MessageLogRepository = ReturnType<typeof messageLogRepository>;
