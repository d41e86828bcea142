import type { Db } from '../../db/database.ts';

/** SQL for platform settings (a key-value table). */
export function settingsRepository(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
