import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProvidersTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

export type ProviderRow = Selectable<ProvidersTable>;
export type ProviderListRow = ProviderRow & { parent_name: string | null; parent_enabled: number | null; user_name: string | null; child_count: number };
export type DeletedProviderRow = ProviderRow & { deleted_at: number; parent_name: string | null; user_name: string | null };

export interface ProviderFilter {
  providerIds: 'all' | readonly number[];
  keyWord?: string;
  level?: 1 | 2;
  parentId?: number;
  enabled?: boolean;
}

/** SQL for providers. */
export function providerRepository(db: Db) {
  function listQuery() {
    return db
      .selectFrom('providers as p')
      .leftJoin('providers as parent', 'parent.id', 'p.parent_id')
      .leftJoin('accounts as login', (join) => join.onRef('login.provider_id', '=', 'p.id').on('login.is_provider_login', '=', 1))
      .selectAll('p')
      .select(['parent.name as parent_name', 'parent.enabled as parent_enabled', 'login.user_name as user_name'])
      .select((eb) =>
        eb.selectFrom('providers as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.parent_id', '=', 'p.id').where('c.deleted_at', 'is', null).as('child_count'),
      );
  }
  function live() {
    return db.selectFrom('providers').selectAll().where('deleted_at', 'is', null);
  }

  function filtered(filter: ProviderFilter) {
    let query = db.selectFrom('providers as p').where('p.deleted_at', 'is', null);
    if (filter.providerIds !== 'all') {
      if (filter.providerIds.length === 0) query = query.where(sql<boolean>`1 = 0`);
      else query = query.where('p.id', 'in', [...filter.providerIds]);
    }
    if (filter.level) query = query.where('p.level', '=', filter.level);
    if (filter.parentId) query = query.where('p.parent_id', '=', filter.parentId);
    if (filter.enabled !== undefined) query = query.where('p.enabled', '=', filter.enabled ? 1 : 0);
    if (filter.keyWord) {
      const keyWord = filter.keyWord;
      query = query.where((eb) => eb.or([containsText(eb.ref('p.name_key'), keyWord), containsText(eb.fn('lower', ['p.code']), keyWord)]));
    }
    return query;
  }

  return {
    /** A provider that is not deleted. */
    async findById(id: number): Promise<ProviderRow | undefined> {
      return live().where('id', '=', id).executeTakeFirst();
    },

    async findListRow(id: number): Promise<ProviderListRow | undefined> {
      const row = await listQuery().where('p.id', '=', id).where('p.deleted_at', 'is', null).executeTakeFirst();
      return row ? { ...row, child_count: Number(row.child_count ?? 0) } : undefined;
    },

    async findByDomain(domain: string): Promise<ProviderRow | undefined> {
      return live().where('domain', '=', domain).executeTakeFirst();
    },

    /** Deleted providers keep their name until purged, so this one sees them too. */
    /** Deleted providers keep their name until purged, so this one sees them too. */
    async findByNameKey(nameKey: string): Promise<ProviderRow | undefined> {
      return db.selectFrom('providers').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
    },

    /** Deleted providers keep their number until purged, so this one sees them too. */
    /** Deleted providers keep their number until purged, so this one sees them too. */
    async findByCode(code: string): Promise<ProviderRow | undefined> {
      return db.selectFrom('providers').selectAll().where('code', '=', code).executeTakeFirst();
    },

    async children(parentId: number): Promise<ProviderRow[]> {
      return live().where('parent_id', '=', parentId).orderBy('id').execute();
    },

    async page(filter: ProviderFilter, pageNum: number, pageSize: number): Promise<{ rows: ProviderListRow[]; total: number }> {
      const totalRow = await filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const ids = await filtered(filter)
        .select('p.id')
        .orderBy('p.id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      const rows = ids.length
        ? await listQuery().where('p.id', 'in', ids.map((row) => row.id)).orderBy('p.id', 'desc').execute()
        : [];
      return { rows: rows.map((row) => ({ ...row, child_count: Number(row.child_count ?? 0) })), total: Number(totalRow.n) };
    },

    async insert(provider: { name: string; code: string | null; domain: string; level: 1 | 2; parentId: number | null; now: number }): Promise<number> {
      const row = await db
        .insertInto('providers')
        .values({
          name: provider.name,
          name_key: provider.name.toLowerCase(),
          code: provider.code,
          domain: provider.domain,
          level: provider.level,
          parent_id: provider.parentId,
          enabled: 1,
          created_at: provider.now,
          updated_at: provider.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, patch: Partial<{ name: string; code: string | null; enabled: 0 | 1 }>, now: number): Promise<void> {
      const values = { ...patch, ...(patch.name !== undefined ? { name_key: patch.name.toLowerCase() } : {}), updated_at: now };
      await db.updateTable('providers').set(values).where('id', '=', id).execute();
    },

    async markDeleted(id: number, now: number): Promise<void> {
      await db.updateTable('providers').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
    },
    async restore(id: number, now: number): Promise<void> {
      await db.updateTable('providers').set({ deleted_at: null, updated_at: now }).where('id', '=', id).execute();
    },
    /** A provider deleted after the given time (still restorable). */
    async findDeletedAfter(id: number, after: number): Promise<ProviderRow | undefined> {
      return db.selectFrom('providers').selectAll().where('id', '=', id).where('deleted_at', '>', after).executeTakeFirst();
    },
    /** Whether the provider exists and is deleted. */
    async isDeleted(id: number): Promise<boolean> {
      const row = await db.selectFrom('providers').select('deleted_at').where('id', '=', id).executeTakeFirst();
      return row !== undefined && row.deleted_at !== null;
    },
    /** Providers deleted after the given time (still restorable), most recently deleted first. */
    async deletedPage(after: number, keyWord: string | undefined, pageNum: number, pageSize: number): Promise<{ rows: DeletedProviderRow[]; total: number }> {
      let query = db.selectFrom('providers as p').where('p.deleted_at', '>', after);
      if (keyWord) query = query.where((eb) => eb.or([containsText(eb.ref('p.name_key'), keyWord), containsText(eb.fn('lower', ['p.code']), keyWord)]));
      const totalRow = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .leftJoin('providers as parent', 'parent.id', 'p.parent_id')
        .leftJoin('accounts as login', (join) => join.onRef('login.provider_id', '=', 'p.id').on('login.is_provider_login', '=', 1))
        .selectAll('p')
        .select(['parent.name as parent_name', 'login.user_name as user_name'])
        .orderBy('p.deleted_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      return {
        rows: rows.flatMap((row) => (row.deleted_at === null ? [] : [{ ...row, deleted_at: row.deleted_at }])),
        total: Number(totalRow.n),
      };
    },
    /** Providers deleted at or before the cutoff, class II first so a class I row never goes before its children's. */
    async deletedUpTo(cutoff: number): Promise<ProviderRow[]> {
      return db.selectFrom('providers').selectAll().where('deleted_at', '<=', cutoff).orderBy('level', 'desc').orderBy('id').execute();
    },
    /** Removes the provider row for good; its care data goes with it (ON DELETE CASCADE). */
    async purge(id: number): Promise<void> {
      await db.deleteFrom('providers').where('id', '=', id).execute();
    },
  };
}
export type ProviderRepository = ReturnType<typeof providerRepository>;
