import { ROLES, type Account } from '@vigil/contracts';
import type { AccountWithProvider } from './account.repository.ts';

/** Maps an account row to the API shape (never the hash). */
export function presentAccount(row: AccountWithProvider): Account {
  const role = ROLES.find((candidate) => candidate === row.role) ?? 'SUB_ROLE';
  const permission = row.data_permission === 1 || row.data_permission === 2 ? row.data_permission : null;
  return {
    id: row.id,
    userName: row.user_name,
    nickName: row.nick_name,
    role,
    dataPermission: permission,
    providerId: row.provider_id,
    providerName: row.provider_name,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
  };
}
