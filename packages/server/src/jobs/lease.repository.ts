import type { Db } from '../db/database.ts';

/** SQL for the scheduler's leader lease. */
export function leaseRepository(db: Db) {
  return {
    /**
     * Takes or renews the named lease for `holder` until `expiresAt`, in one atomic
     * upsert: it succeeds when nobody holds it, the holder is us, or the lease ran out.
     */
    async acquire(name: string, holder: string, now: number, expiresAt: number): Promise<boolean> {
      const row = await db
        .insertInto('scheduler_leases')
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
            .where((eb) => eb.or([eb('scheduler_leases.holder', '=', holder), eb('scheduler_leases.expires_at', '<=', now)])),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },
    /** Gives the lease up (on shutdown) so another process can lead at once. */
    async release(name: string, holder: string): Promise<void> {
      await db.deleteFrom('scheduler_leases').where('name', '=', name).where('holder', '=', holder).execute();
    },
    async holder(name: string, now: number): Promise<string | null> {
      const row = await db.selectFrom('scheduler_leases').select('holder').where('name', '=', name).where('expires_at', '>', now).executeTakeFirst();
      return row?.holder ?? null;
    },
  };
}
export type LeaseRepository = ReturnType<typeof leaseRepository>;
