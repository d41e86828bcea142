import type { Provider } from '@vigil/contracts';
import { isProviderAvailable } from './availability.ts';
import type { ProviderListRow } from './provider.repository.ts';

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
