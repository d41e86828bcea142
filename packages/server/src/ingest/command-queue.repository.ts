import type { Db } from '../db/database.ts';

/** SQL of the commands waiting for devices that talk HTTP: answered with the device's next request, then gone. */
export function commandQueueRepository(db: Db) {
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
    /** The device acknowledged the command (over MQTT): it need not wait for an HTTP call. Inside ingest's batch transaction. */
    async acknowledged(trx: Db, deviceId: string, commandId: string): Promise<void> {
      await trx.deleteFrom('device_command_queue').where('device_id', '=', deviceId).where('command_id', '=', commandId).execute();
    },
    async purgeExpired(now: number): Promise<number> {
      const result = await db.deleteFrom('device_command_queue').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type CommandQueueRepository = ReturnType<typeof commandQueueRepository>;
