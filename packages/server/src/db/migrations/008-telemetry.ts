import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { idColumnType, type Dialect } from '../dialect.ts';

/**
 * What devices send (docs/device-protocol.md "Storage"): one-second samples packed in
 * chunks (one row per device, writer process and span of at most a few minutes), the log of
 * status, event and ack messages, and commands waiting for devices that poll over HTTP.
 * Keyed by the plain device ID, so data outlives the device's row until retention purges it.
 */
export function telemetry(dialect: Dialect) {
  const id = (col: ColumnDefinitionBuilder) => (dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey());
  const blob = dialect === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('telemetry_chunks')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        /** Process that wrote the chunk: several Vigil processes may hold open chunks of one device. */
        .addColumn('writer', 'varchar(16)', (col) => col.notNull())
        /** Chunk key within the writer (when it was opened), with first and last sample times. */
        .addColumn('opened_at', 'bigint', (col) => col.notNull())
        .addColumn('start_at', 'bigint', (col) => col.notNull())
        .addColumn('end_at', 'bigint', (col) => col.notNull())
        .addColumn('sample_count', 'integer', (col) => col.notNull())
        .addColumn('data', blob, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('telemetry_chunks_key_uq').unique().on('telemetry_chunks').columns(['device_id', 'writer', 'opened_at']).execute();
      await db.schema.createIndex('telemetry_chunks_range_idx').on('telemetry_chunks').columns(['device_id', 'start_at']).execute();
      await db.schema.createIndex('telemetry_chunks_end_idx').on('telemetry_chunks').column('end_at').execute();

      await db.schema
        .createTable('device_messages')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('channel', 'varchar(16)', (col) => col.notNull())
        /** The message's own time (`ts`), else when it arrived. */
        .addColumn('ts', 'bigint', (col) => col.notNull())
        .addColumn('received_at', 'bigint', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('device_messages_range_idx').on('device_messages').columns(['device_id', 'ts']).execute();
      await db.schema.createIndex('device_messages_received_idx').on('device_messages').column('received_at').execute();

      await db.schema
        .createTable('device_command_queue')
        .addColumn('id', idColumnType(dialect), id)
        .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('command_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('device_command_queue_device_idx').on('device_command_queue').columns(['device_id', 'id']).execute();
      await db.schema.createIndex('device_command_queue_expires_idx').on('device_command_queue').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('device_command_queue').execute();
      await db.schema.dropTable('device_messages').execute();
      await db.schema.dropTable('telemetry_chunks').execute();
    },
  };
}
