import crypto from 'node:crypto';
import { isWeakPassword, PROVIDER_RESTORE_DAYS, Status, type Provider } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { isPlatformRole, type Scope } from '../../tenancy/scope.ts';
import type { AccountRepository } from '../accounts/account.repository.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import { resetCredentials } from '../auth/credentials-reset.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { presentDeletedProvider, presentProvider } from './provider.presenter.ts';
import type { ProviderRepository, ProviderRow } from './provider.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a deleted provider stays restorable. */
export const PROVIDER_RESTORE_MS = PROVIDER_RESTORE_DAYS * DAY_MS;


/**
 * Providers a scope may manage: vendor roles all of them, a class I provider its
 * class II children (never itself).
 */
function managedIds(scope: Scope): 'all' | number[] {
  if (isPlatformRole(scope.role)) return 'all';
  if (scope.role !== 'ONE_ROLE' || scope.providerIds === 'all') return [];
  return scope.providerIds.filter((id) => id !== scope.homeProviderId);
}

function assertManaged(scope: Scope, provider: ProviderRow | undefined): asserts provider is ProviderRow {
  const ids = managedIds(scope);
  if (!provider || (ids !== 'all' && !ids.includes(provider.id))) throw errors.notFound('provider.notFound');
}

/** The repositories provider management uses, bound to the database or to one transaction. */
export interface ProviderRepositories {
  providers: ProviderRepository;
  accounts: AccountRepository;
  sessions: SessionRepository;
}

/** What provider management works with: its repositories and a transaction over the same set. */
export interface ProviderServiceDeps extends ProviderRepositories {
  transaction: Transactional<ProviderRepositories>;
  now: () => number;
}

/** Provider management: the class I/II hierarchy, each provider with its login account. */
export function providerService({ providers, accounts, sessions, transaction, now }: ProviderServiceDeps) {

  // Inside a transaction these must use the transaction's repository: SQLite has one connection.
  async function assertNameFree(repository: ProviderRepository, name: string, exceptId?: number) {
    const existing = await repository.findByNameKey(name.toLowerCase());
    if (existing && existing.id !== exceptId) throw errors.conflict('provider.nameExists');
  }
  async function assertCodeFree(repository: ProviderRepository, code: string | null, exceptId?: number) {
    if (!code) return;
    const existing = await repository.findByCode(code);
    if (existing && existing.id !== exceptId) throw errors.conflict('provider.codeExists');
  }

  return {
    async list(session: SessionInfo, filter: { pageNum: number; pageSize: number; keyWord?: string; level?: 1 | 2; parentId?: number; enabled?: boolean }) {
      const { rows, total } = await providers.page({ ...filter, providerIds: managedIds(session.scope) }, filter.pageNum, filter.pageSize);
      return { rows: rows.map(presentProvider), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async get(session: SessionInfo, id: number): Promise<Provider> {
      assertManaged(session.scope, await providers.findById(id));
      const row = await providers.findListRow(id);
      if (!row) throw errors.notFound('provider.notFound');
      return presentProvider(row);
    },

    async insert(
      session: SessionInfo,
      input: { name: string; code?: string; parentId?: number | null; userName: string; passWord: string },
    ): Promise<{ id: number }> {
      const { scope } = session;
      let parentId: number | null = input.parentId ?? null;
      if (scope.role === 'ONE_ROLE') {
        if (parentId !== null && parentId !== scope.homeProviderId) throw errors.invalidField('parentId', 'provider.parentInvalid');
        parentId = scope.homeProviderId;
      }
      if (parentId !== null) {
        const parent = await providers.findById(parentId);
        if (!parent || parent.level !== 1 || parent.enabled !== 1) throw errors.invalidField('parentId', 'provider.parentInvalid');
      }
      assertPasswordAllowed(input.passWord, input.userName);
      const code = input.code?.trim() || null;
      const passwordHash = await hashPassword(input.passWord);
      return transaction(async ({ providers: txProviders, accounts: txAccounts }) => {
        await assertNameFree(txProviders, input.name);
        await assertCodeFree(txProviders, code);
        if (await txAccounts.findByUserName(input.userName)) throw errors.conflict('account.exists');
        const time = now();
        const level = parentId === null ? 1 : 2;
        const id = await txProviders.insert({ name: input.name, code, domain: crypto.randomBytes(8).toString('hex'), level, parentId, now: time });
        await txAccounts.insert({
          userName: input.userName,
          passwordHash,
          role: level === 1 ? 'ONE_ROLE' : 'TWO_ROLE',
          nickName: input.name,
          dataPermission: null,
          providerId: id,
          isProviderLogin: true,
          now: time,
        });
        return { id };
      });
    },

    async update(session: SessionInfo, input: { id: number; name: string; code?: string }): Promise<null> {
      assertManaged(session.scope, await providers.findById(input.id));
      const code = input.code?.trim() || null;
      await assertNameFree(providers, input.name, input.id);
      await assertCodeFree(providers, code, input.id);
      await providers.update(input.id, { name: input.name, code }, now());
      return null;
    },

    /** Sets a new random password on the provider's login and ends its sessions. */
    async resetPassword(session: SessionInfo, id: number): Promise<{ password: string }> {
      assertManaged(session.scope, await providers.findById(id));
      const login = await accounts.findProviderLogin(id);
      if (!login) throw errors.notFound('account.notFound');
      return { password: await resetCredentials({ accounts, sessions }, login.id, now()) };
    },

    /** Enables or disables; disabling ends every session of the provider, its children and their accounts. */
    async operate(session: SessionInfo, input: { id: number; enabled: boolean }): Promise<null> {
      const provider = await providers.findById(input.id);
      assertManaged(session.scope, provider);
      await transaction(async (tx) => {
        await tx.providers.update(provider.id, { enabled: input.enabled ? 1 : 0 }, now());
        if (!input.enabled) {
          const affected = [provider.id, ...(await tx.providers.children(provider.id)).map((child) => child.id)];
          await tx.sessions.revokeAccounts(await tx.accounts.idsByProviders(affected));
        }
      });
      return null;
    },

    /**
     * Soft-deletes a provider without (live) class II providers: it disappears from every
     * list, its accounts' sessions end and their logins are refused; its data stays until
     * the purge, and a vendor role can restore it meanwhile.
     */
    async remove(session: SessionInfo, id: number): Promise<null> {
      const provider = await providers.findById(id);
      assertManaged(session.scope, provider);
      await transaction(async (tx) => {
        if ((await tx.providers.children(id)).length > 0) throw errors.conflict('provider.hasChildren');
        await tx.providers.markDeleted(id, now());
        await tx.sessions.revokeAccounts(await tx.accounts.idsByProviders([id]));
      });
      return null;
    },

    /** Deleted providers a vendor role may still restore. */
    async listDeleted(filter: { pageNum: number; pageSize: number; keyWord?: string }) {
      const time = now();
      const { rows, total } = await providers.deletedPage(time - PROVIDER_RESTORE_MS, filter.keyWord?.toLowerCase(), filter.pageNum, filter.pageSize);
      return { rows: rows.map((row) => presentDeletedProvider(row, time)), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    /** Brings a deleted provider back as it was; a class II provider needs its class I restored first. */
    async restore(id: number): Promise<null> {
      await transaction(async ({ providers: repository }) => {
        const time = now();
        const provider = await repository.findDeletedAfter(id, time - PROVIDER_RESTORE_MS);
        if (!provider) throw errors.notFound('provider.notFound');
        if (provider.parent_id !== null && (await repository.isDeleted(provider.parent_id))) throw errors.conflict('provider.restoreParentDeleted');
        await repository.restore(id, time);
      });
      return null;
    },

    /**
     * Removes for good every provider deleted PROVIDER_RESTORE_DAYS or more before `purgeTime`,
     * with its accounts (and so their sessions) and all its care data. Meant for a daily job;
     * answers the ids it purged.
     */
    async purgeDeletedProviders(purgeTime: number): Promise<number[]> {
      const expired = await providers.deletedUpTo(purgeTime - PROVIDER_RESTORE_MS);
      for (const provider of expired) {
        await transaction(async (tx) => {
          await tx.accounts.deleteByProvider(provider.id);
          await tx.providers.purge(provider.id);
        });
      }
      return expired.map((provider) => provider.id);
    },
  };
}
export type ProviderService = ReturnType<typeof providerService>;
