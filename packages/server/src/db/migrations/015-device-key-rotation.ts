import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Device key rotation (docs/devices.md "Key rotation"): the key the device had before a rotation
 * keeps working until the device confirms the new one or the grace period ends; and an index for
 * the scheduled prune of the command history.
 */
export function deviceKeyRotation(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('devices').addColumn('previous_key', 'varchar(128)').execute();
      await db.schema.alterTable('devices').addColumn('previous_key_until', 'bigint').execute();
      await db.schema.alterTable('devices').addColumn('key_rotated_at', 'bigint').execute();
      await db.schema.createIndex('device_commands_sent_idx').on('device_commands').column('sent_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('device_commands_sent_idx').execute();
      await db.schema.alterTable('devices').dropColumn('key_rotated_at').execute();
      await db.schema.alterTable('devices').dropColumn('previous_key_until').execute();
      await db.schema.alterTable('devices').dropColumn('previous_key').execute();
    },
  };
}
