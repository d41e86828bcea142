import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DeviceMessageRow } from './message-log.repository.ts';
import type { ChunkRow } from './telemetry.repository.ts';

/** What one ingest batch stores in bulk: telemetry chunks (upserted), logged messages, last-seen times. */
export interface BulkRows {
  chunks: ChunkRow[];
  messages: DeviceMessageRow[];
  lastSeen: [deviceId: string, time: number][];
}

const column = <Row, Value>(rows: readonly Row[], pick: (row: Row) => Value): Value[] => rows.map(pick);

/**
 * The bulk part of an ingest batch on PostgreSQL as ONE statement (docs/device-protocol.md
 * "Storage"): each table's rows travel as a few array parameters that `unnest` turns back into
 * rows, and data-modifying CTEs run the three writes together. The statement text never changes
 * with the row count (no thousands of placeholders to build and parse), and a batch costs one
 * round trip instead of a BEGIN, a statement per table and per 200 rows, and a COMMIT; a single
 * statement is atomic, so no transaction is needed around it. Under load the round trips were
 * what mattered: each one waits behind the MQTT traffic on the event loop.
 *
 * Rows of one batch never repeat a key (a chunk or a device appears once), which a CTE upsert needs.
 */
export async function writeBulkPostgres(db: Db, rows: BulkRows): Promise<void> {
  const { chunks, messages, lastSeen } = rows;
  if (chunks.length === 0 && messages.length === 0 && lastSeen.length === 0) return;
  await sql`
    with chunks as (
      insert into telemetry_chunks (device_id, writer, opened_at, start_at, end_at, sample_count, data)
      select * from unnest(
        ${column(chunks, (row) => row.device_id)}::text[], ${column(chunks, (row) => row.writer)}::text[],
        ${column(chunks, (row) => row.opened_at)}::bigint[], ${column(chunks, (row) => row.start_at)}::bigint[],
        ${column(chunks, (row) => row.end_at)}::bigint[], ${column(chunks, (row) => row.sample_count)}::int[],
        ${column(chunks, (row) => row.data)}::bytea[])
      on conflict (device_id, writer, opened_at) do update
        set start_at = excluded.start_at, end_at = excluded.end_at, sample_count = excluded.sample_count, data = excluded.data
      returning 1
    ), messages as (
      insert into device_messages (device_id, channel, ts, received_at, payload)
      select * from unnest(
        ${column(messages, (row) => row.device_id)}::text[], ${column(messages, (row) => row.channel)}::text[],
        ${column(messages, (row) => row.ts)}::bigint[], ${column(messages, (row) => row.received_at)}::bigint[],
        ${column(messages, (row) => row.payload)}::text[])
      returning 1
    ), seen_rows as (
      select * from unnest(${column(lastSeen, (row) => row[0])}::text[], ${column(lastSeen, (row) => row[1])}::bigint[]) as seen_rows(device_id, at)
    ), locked as (
      -- Row locks in device-ID order (each row is locked here before the update below reaches it),
      -- so two processes' batches never deadlock on the devices they share.
      select device_id from devices where device_id in (select device_id from seen_rows) order by device_id for update
    ), seen as (
      update devices set last_seen_at = seen_rows.at
      from seen_rows
      where devices.device_id = seen_rows.device_id and devices.device_id in (select device_id from locked)
      returning 1
    )
    select (select count(*) from chunks) as chunks, (select count(*) from messages) as messages, (select count(*) from seen) as seen
  `.execute(db);
}
