import type { MessageKey } from '@vigil/contracts';
import { errors } from '../http/errors.ts';
import { scopeIncludes, type Scope } from './scope.ts';

/**
 * The provider a care-data call works in: the session's current provider (a class I
 * user switches it with changeProvider). Accounts without one, or whose current
 * provider has left their scope, may not touch care data.
 */
export function workingProviderId(scope: Scope): number {
  const providerId = scope.currentProviderId;
  if (providerId === null || !scopeIncludes(scope, providerId)) throw errors.noPermission();
  return providerId;
}

/**
 * Throws NOT_FOUND unless the row exists and belongs to the provider the user works in:
 * another provider's row answers exactly like a missing one. With `field`, the row was
 * named by an input field (a resident's bed, a geofence's area), and the answer is bad
 * input on that field instead.
 */
export function assertOwned<T extends { provider_id: number | null }>(row: T | undefined, providerId: number, notFoundKey: MessageKey, field?: string): asserts row is T {
  if (row && row.provider_id === providerId) return;
  throw field === undefined ? errors.notFound(notFoundKey) : errors.invalidField(field, notFoundKey);
}
