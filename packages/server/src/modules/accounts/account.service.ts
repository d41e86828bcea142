import {
  CREATABLE_ROLES,
  isWeakPassword,
  PROVIDER_BOUND_ROLES,
  Status,
  type DataPermission,
  type Role,
} from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { isPlatformRole, scopeIncludes, type Scope } from '../../tenancy/scope.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { ProviderRepository } from '../providers/provider.repository.ts';
import { resetCredentials } from '../auth/credentials-reset.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { presentAccount } from './account.presenter.ts';
import type { AccountRepository, AccountWithProvider } from './account.repository.ts';

/** Roles whose accounts a caller lists and manages: the ones it may create. */
function manageableRoles(scope: Scope): readonly Role[] {
  return CREATABLE_ROLES[scope.role] ?? [];
}

function listScope(scope: Scope): 'all' | readonly number[] {
  return isPlatformRole(scope.role) ? 'all' : scope.providerIds;
}

/** What account management works with: its repositories, bound to the database or to one transaction. */
export interface AccountServiceDeps {
  accounts: AccountRepository;
  sessions: SessionRepository;
  transaction: Transactional<{ accounts: AccountRepository; providers: ProviderRepository }>;
  now: () => number;
}

/** Account management (Permission management > Account management). */
export function accountService({ accounts, sessions, transaction, now }: AccountServiceDeps) {

  async function findManaged(scope: Scope, id: number): Promise<AccountWithProvider> {
    const account = await accounts.findById(id);
    const visible =
      account &&
      account.is_provider_login === 0 &&
      manageableRoles(scope).some((role) => role === account.role) &&
      (isPlatformRole(scope.role) || scopeIncludes(scope, account.provider_id));
    if (!visible) throw errors.notFound('account.notFound');
    return account;
  }

  function requirePermission(role: Role, dataPermission: DataPermission | null | undefined): DataPermission | null {
    if (role === 'SUB_ROLE' && !dataPermission) throw errors.invalidField('dataPermission', 'validation.dataPermission');
    return role === 'SUB_ROLE' ? (dataPermission ?? null) : null;
  }

  return {
    async list(session: SessionInfo, filter: { pageNum: number; pageSize: number; keyWord?: string; role?: Role }) {
      const { scope } = session;
      const { rows, total } = await accounts.page(
        { providerIds: listScope(scope), keyWord: filter.keyWord, role: filter.role, roles: manageableRoles(scope), excludeProviderLogins: true },
        filter.pageNum,
        filter.pageSize,
      );
      return { rows: rows.map(presentAccount), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async insert(
      session: SessionInfo,
      input: { userName: string; passWord: string; nickName: string; role: Role; dataPermission?: DataPermission | null; providerId?: number | null },
    ): Promise<{ id: number }> {
      const { scope } = session;
      if (!manageableRoles(scope).includes(input.role)) throw errors.invalidField('role', 'validation.role');
      const dataPermission = requirePermission(input.role, input.dataPermission);
      let providerId: number | null;
      if (isPlatformRole(scope.role)) {
        providerId = input.providerId ?? null;
        if (PROVIDER_BOUND_ROLES.includes(input.role) && providerId === null) throw errors.invalidField('providerId', 'validation.required');
      } else {
        providerId = input.providerId ?? scope.currentProviderId ?? scope.homeProviderId;
        if (!scopeIncludes(scope, providerId)) throw errors.invalidField('providerId', 'provider.notFound');
      }
      assertPasswordAllowed(input.passWord, input.userName);
      const passwordHash = await hashPassword(input.passWord);
      return transaction(async ({ accounts: txAccounts, providers: txProviders }) => {
        if (await txAccounts.findByUserName(input.userName)) throw errors.conflict('account.exists');
        // A deleted provider counts as missing: no new account may land in it.
        if (providerId !== null && !(await txProviders.findById(providerId))) {
          throw errors.invalidField('providerId', 'provider.notFound');
        }
        const id = await txAccounts.insert({
          userName: input.userName,
          passwordHash,
          role: input.role,
          nickName: input.nickName,
          dataPermission,
          providerId,
          isProviderLogin: false,
          now: now(),
        });
        return { id };
      });
    },

    async operate(
      session: SessionInfo,
      input:
        | { op: 'enable' | 'disable' | 'delete' | 'resetPassword'; id: number }
        | { op: 'update'; id: number; nickName: string; dataPermission?: DataPermission | null },
    ): Promise<{ password?: string } | null> {
      const account = await findManaged(session.scope, input.id);
      if ((input.op === 'disable' || input.op === 'delete') && account.id === session.accountId) {
        throw errors.conflict('account.cannotChangeSelf');
      }
      switch (input.op) {
        case 'enable':
          await accounts.update(account.id, { enabled: 1 }, now());
          return null;
        case 'disable':
          await accounts.update(account.id, { enabled: 0 }, now());
          await sessions.revokeAccounts([account.id]);
          return null;
        case 'delete':
          await accounts.delete(account.id);
          return null;
        case 'resetPassword': {
          return { password: await resetCredentials({ accounts, sessions }, account.id, now()) };
        }
        case 'update': {
          const role = presentAccount(account).role;
          const dataPermission = requirePermission(role, input.dataPermission);
          await accounts.update(account.id, { nick_name: input.nickName, data_permission: dataPermission }, now());
          return null;
        }
      }
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
