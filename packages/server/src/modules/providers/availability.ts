import type { ProviderRow } from './provider.repository.ts';

/** A provider is available when it and its superior (if any) are enabled. */
export function isProviderAvailable(provider: Pick<ProviderRow, 'enabled'>, parent: Pick<ProviderRow, 'enabled'> | undefined | null): boolean {
  return provider.enabled === 1 && (!parent || parent.enabled === 1);
}
