import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, DeviceMessagesTable } from '../db/schema.ts';

export type DeviceMessageRow = Insertable<DeviceMessagesTable>;

const INSERT_ROWS = 200;

/** The log of status, event and ack messages as devices sent them (original data). */
export function messageLog(db: Db) {
  const inRange = (deviceId: string, from: number, to: number) =>
    db.selectFrom('device_messages').where('device_id', '=', deviceId).where('ts', '>=', from).where('ts', '<', to);
  return {
    async insertMany(trx: Kysely<Database>, rows: DeviceMessageRow[]): Promise<void> {
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
export type MessageLog = ReturnType<typeof messageLog>;

/** Commands waiting for devices that talk HTTP: answered with the device's next request, then gone. */
export function commandQueue(db: Db) {
  return {
    async enqueue(deviceId: string, commandId: string, message: string, now: number, ttlMs: number): Promise<void> {
      await db.insertInto('device_command_queue').values({ device_id: deviceId, command_id: commandId, message, created_at: now, expires_at: now + ttlMs }).execute();
    },
    /** Takes the device's unexpired commands, oldest first (they are removed). */
    async take(deviceId: string, now: number, limit: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('device_command_queue').select(['id', 'message']).where('device_id', '=', deviceId).where('expires_at', '>', now).orderBy('id').limit(limit).execute();
        if (rows.length > 0) await trx.deleteFrom('device_command_queue').where('id', 'in', rows.map((row) => row.id)).execute();
        return rows.map((row) => row.message);
      });
    },
    /** The device acknowledged the command (over MQTT): it need not wait for an HTTP call. */
    async acknowledged(trx: Kysely<Database>, deviceId: string, commandId: string): Promise<void> {
      await trx.deleteFrom('device_command_queue').where('device_id', '=', deviceId).where('command_id', '=', commandId).execute();
    },
    async purgeExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('device_command_queue').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type CommandQueue = ReturnType<typeof commandQueue>;
