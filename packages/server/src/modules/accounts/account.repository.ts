import { sql } from 'kysely';
import type { Role } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import type { AccountsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { containsPattern, matchesPattern } from '../../db/text-search.ts';
import { cancelSessionsOf } from '../auth/session.repository.ts';

export type AccountRow = Selectable<AccountsTable>;
export type AccountWithProvider = AccountRow & { provider_name: string | null };

export interface AccountFilter {
  providerIds: 'all' | readonly number[];
  keyWord?: string;
  role?: Role;
  /** Roles never listed here (provider logins are managed with their provider). */
  excludeProviderLogins: boolean;
  /** Roles this caller may see. */
  roles?: readonly Role[];
}

/** An account list page's values, passed to its reads as parameters. */
interface AccountPageValues {
  providerIds: number[];
  role: Role | null;
  roles: Role[];
  pattern: string;
}

/** Which of the list's optional filters a page has (what its reads are built for). */
type AccountPageShape = { allProviders: boolean; excludeProviderLogins: boolean; role: boolean; keyWord: boolean };

/** SQL for accounts. */
export function accountRepository(db: Db) {
  // The list's two reads are built once per shape (compiledOnce): the values arrive as parameters.
  function filtered(values: AccountPageValues, shape: AccountPageShape) {
    // Accounts of a deleted provider are hidden with it (vendor accounts have no provider).
    let query = db.selectFrom('accounts').leftJoin('providers', 'providers.id', 'accounts.provider_id').where('providers.deleted_at', 'is', null);
    if (!shape.allProviders) {
      if (values.providerIds.length === 0) query = query.where(sql<boolean>`1 = 0`);
      else query = query.where('accounts.provider_id', 'in', values.providerIds);
    }
    if (shape.excludeProviderLogins) query = query.where('accounts.is_provider_login', '=', 0);
    if (shape.role) query = query.where('accounts.role', '=', values.role);
    if (values.roles.length > 0) query = query.where('accounts.role', 'in', values.roles);
    if (shape.keyWord) {
      const pattern = values.pattern;
      query = query.where((eb) => eb.or([matchesPattern(eb.ref('accounts.user_name_key'), pattern), matchesPattern(eb.fn('lower', ['accounts.nick_name']), pattern)]));
    }
    return query;
  }
  const pageCount = compiledOnce(db, (values: AccountPageValues, shape: AccountPageShape) => filtered(values, shape).select((eb) => eb.fn.countAll<number>().as('n')));
  const pageRows = compiledOnce(db, (values: AccountPageValues & { limit: number; offset: number }, shape: AccountPageShape) =>
    filtered(values, shape).selectAll('accounts').select('providers.name as provider_name').orderBy('accounts.id', 'desc').limit(values.limit).offset(values.offset),
  );

  return {
    async findById(id: number): Promise<AccountWithProvider | undefined> {
      return db
        .selectFrom('accounts')
        .leftJoin('providers', 'providers.id', 'accounts.provider_id')
        .selectAll('accounts')
        .select('providers.name as provider_name')
        .where('accounts.id', '=', id)
        .executeTakeFirst();
    },

    async findByUserName(userName: string): Promise<AccountRow | undefined> {
      return db.selectFrom('accounts').selectAll().where('user_name_key', '=', userName.toLowerCase()).executeTakeFirst();
    },

    async findProviderLogin(providerId: number): Promise<AccountRow | undefined> {
      return db
        .selectFrom('accounts')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('is_provider_login', '=', 1)
        .executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async page(filter: AccountFilter, pageNum: number, pageSize: number): Promise<{ rows: AccountWithProvider[]; total: number }> {
      const values: AccountPageValues = {
        providerIds: filter.providerIds === 'all' ? [] : [...filter.providerIds],
        role: filter.role ?? null,
        roles: filter.roles ? [...filter.roles] : [],
        pattern: filter.keyWord ? containsPattern(filter.keyWord) : '',
      };
      const shape: AccountPageShape = { allProviders: filter.providerIds === 'all', excludeProviderLogins: filter.excludeProviderLogins, role: Boolean(filter.role), keyWord: Boolean(filter.keyWord) };
      const [totalRow] = await pageCount(values, shape);
      const rows = await pageRows({ ...values, limit: pageSize, offset: (pageNum - 1) * pageSize }, shape);
      return { rows, total: Number(totalRow?.n ?? 0) };
    },

    async insert(account: {
      userName: string;
      passwordHash: string;
      role: Role;
      nickName: string;
      dataPermission: number | null;
      providerId: number | null;
      isProviderLogin: boolean;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('accounts')
        .values({
          user_name: account.userName,
          user_name_key: account.userName.toLowerCase(),
          password_hash: account.passwordHash,
          role: account.role,
          nick_name: account.nickName,
          data_permission: account.dataPermission,
          provider_id: account.providerId,
          is_provider_login: account.isProviderLogin ? 1 : 0,
          enabled: 1,
          created_at: account.now,
          updated_at: account.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, patch: Partial<{ nick_name: string; data_permission: number | null; enabled: 0 | 1; password_hash: string }>, now: number) {
      await db.updateTable('accounts').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await cancelSessionsOf(db, { ids: [id] });
      await db.deleteFrom('accounts').where('id', '=', id).execute();
    },

    async deleteByProvider(providerId: number): Promise<void> {
      await cancelSessionsOf(db, { providerId });
      await db.deleteFrom('accounts').where('provider_id', '=', providerId).execute();
    },

    async idsByProviders(providerIds: readonly number[]): Promise<number[]> {
      if (providerIds.length === 0) return [];
      const rows = await db.selectFrom('accounts').select('id').where('provider_id', 'in', [...providerIds]).execute();
      return rows.map((row) => row.id);
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;
