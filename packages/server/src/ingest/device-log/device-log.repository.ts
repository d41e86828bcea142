import type { Db } from '../../db/database.ts';

/** SQL of the device log's partition leases, handled sequences and members (migration 025). */
export function deviceLogRepository(db: Db, stream: string) {
  return {
    /**
     * Makes sure every partition has its row (any process may run it; existing rows are kept). A new
     * row starts at the stream's current end: what the stream held before belongs to another database.
     */
    async ensurePartitions(count: number, streamEnd: number): Promise<void> {
      const rows = Array.from({ length: count }, (_, partition) => ({ stream, partition, owner: null, lease_until: 0, handled_seq: streamEnd }));
      await db.insertInto('device_log_partitions').values(rows).onConflict((conflict) => conflict.columns(['stream', 'partition']).doNothing()).execute();
    },

    /** Says this process is alive until then; answers how many processes are alive now (itself included). */
    async heartbeat(member: string, now: number, until: number): Promise<number> {
      await db
        .insertInto('device_log_members')
        .values({ stream, member, seen_until: until })
        .onConflict((conflict) => conflict.columns(['stream', 'member']).doUpdateSet({ seen_until: until }))
        .execute();
      await db.deleteFrom('device_log_members').where('stream', '=', stream).where('seen_until', '<', now - 60_000).execute();
      const row = await db.selectFrom('device_log_members').select((eb) => eb.fn.countAll<number>().as('n')).where('stream', '=', stream).where('seen_until', '>', now).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Renews this process's leases; answers the partitions it still holds. */
    async renew(member: string, until: number): Promise<number[]> {
      const rows = await db.updateTable('device_log_partitions').set({ lease_until: until }).where('stream', '=', stream).where('owner', '=', member).returning('partition').execute();
      return rows.map((row) => row.partition).sort((a, b) => a - b);
    },

    /**
     * Claims up to `count` partitions nobody holds (no owner, or a lease run out), one at a time
     * with a guarded update so two processes never both win one; answers the partitions won and
     * whom each was taken from (null: given back cleanly; else a process whose lease ran out).
     */
    async claim(member: string, count: number, now: number, until: number): Promise<{ partition: number; from: string | null }[]> {
      if (count <= 0) return [];
      const free = await db
        .selectFrom('device_log_partitions')
        .select(['partition', 'owner'])
        .where('stream', '=', stream)
        .where((eb) => eb.or([eb('owner', 'is', null), eb('lease_until', '<=', now)]))
        .orderBy('partition')
        .execute();
      const won: { partition: number; from: string | null }[] = [];
      for (const { partition, owner } of free) {
        if (won.length >= count) break;
        const row = await db
          .updateTable('device_log_partitions')
          .set({ owner: member, lease_until: until })
          .where('stream', '=', stream)
          .where('partition', '=', partition)
          .where((eb) => eb.or([eb('owner', 'is', null), eb('lease_until', '<=', now)]))
          .returning('handled_seq')
          .executeTakeFirst();
        if (row) won.push({ partition, from: owner });
      }
      return won;
    },

    /** Gives a partition back (surplus, or shutting down) so another process takes it at once. */
    async release(member: string, partition: number): Promise<void> {
      await db.updateTable('device_log_partitions').set({ owner: null, lease_until: 0 }).where('stream', '=', stream).where('partition', '=', partition).where('owner', '=', member).execute();
    },

    /** The last sequence whose effects are committed. */
    async handledSeq(partition: number): Promise<number> {
      const row = await db.selectFrom('device_log_partitions').select('handled_seq').where('stream', '=', stream).where('partition', '=', partition).executeTakeFirst();
      return Number(row?.handled_seq ?? 0);
    },

    /**
     * Records a batch as handled, only while this process still owns the partition (a process that
     * lost its lease while paused must not move the mark). Answers whether it did.
     */
    async markHandled(member: string, partition: number, seq: number): Promise<boolean> {
      const result = await db
        .updateTable('device_log_partitions')
        .set({ handled_seq: seq })
        .where('stream', '=', stream)
        .where('partition', '=', partition)
        .where('owner', '=', member)
        .where('handled_seq', '<', seq)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Leaves the member list (shutting down). */
    async leave(member: string): Promise<void> {
      await db.deleteFrom('device_log_members').where('stream', '=', stream).where('member', '=', member).execute();
    },

    /** Owners and handled sequences of every partition (operators, tests). */
    async partitions(): Promise<{ partition: number; owner: string | null; leaseUntil: number; handledSeq: number }[]> {
      const rows = await db.selectFrom('device_log_partitions').selectAll().where('stream', '=', stream).orderBy('partition').execute();
      return rows.map((row) => ({ partition: row.partition, owner: row.owner, leaseUntil: Number(row.lease_until), handledSeq: Number(row.handled_seq) }));
    },
  };
}
export type DeviceLogRepository = ReturnType<typeof deviceLogRepository>;
