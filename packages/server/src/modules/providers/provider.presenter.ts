import { PROVIDER_RESTORE_DAYS, type DeletedProvider, type Provider } from '@vigil/contracts';
import { isProviderAvailable } from './availability.ts';
import type { DeletedProviderRow, ProviderListRow } from './provider.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Maps a provider row to the API shape. */
export function presentProvider(row: ProviderListRow): Provider {
  return {
    id: row.id,
    name: row.name,
    code: row.code ?? '',
    domain: row.domain,
    level: row.level,
    parentId: row.parent_id,
    parentName: row.parent_name,
    userName: row.user_name,
    enabled: row.enabled === 1,
    available: isProviderAvailable(row, row.parent_id ? { enabled: row.parent_enabled === 1 ? 1 : 0 } : null),
    childCount: row.child_count,
    createdAt: row.created_at,
  };
}

/** Maps a deleted provider row to the API shape, with the time left to restore it. */
export function presentDeletedProvider(row: DeletedProviderRow, now: number): DeletedProvider {
  const purgeAt = row.deleted_at + PROVIDER_RESTORE_DAYS * DAY_MS;
  return {
    id: row.id,
    name: row.name,
    code: row.code ?? '',
    level: row.level,
    parentId: row.parent_id,
    parentName: row.parent_name,
    userName: row.user_name,
    deletedAt: row.deleted_at,
    purgeAt,
    daysLeft: Math.max(0, Math.ceil((purgeAt - now) / DAY_MS)),
  };
}
