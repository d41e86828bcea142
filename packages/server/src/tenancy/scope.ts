import { PLATFORM_ROLES, type Role } from '@vigil/contracts';
import { errors } from '../http/errors.ts';

/**
 * What a signed-in account may see: vendor roles see every provider; a class I
 * provider sees itself and its class II children; everyone else only their own provider.
 */
export interface Scope {
  accountId: number;
  role: Role;
  /** The account's own provider (null for vendor roles). */
  homeProviderId: number | null;
  /** The provider the user works in now (a class I user may switch to a child). */
  currentProviderId: number | null;
  /** Provider ids in reach, or 'all' for vendor roles. */
  providerIds: 'all' | readonly number[];
  /** A sub-account with data permission 2: it reads its provider's data but changes nothing (see data-permission.ts). */
  readOnly: boolean;
}

/** True when the scope reaches the provider. */
export function scopeIncludes(scope: Scope, providerId: number | null): boolean {
  if (scope.providerIds === 'all') return true;
  return providerId !== null && scope.providerIds.includes(providerId);
}

/** Throws NOT_FOUND unless the scope reaches the provider: foreign data is indistinguishable from missing data. */
export function assertInScope(scope: Scope, providerId: number | null, notFound = errors.notFound()): void {
  if (!scopeIncludes(scope, providerId)) throw notFound;
}

/** True for vendor roles, which are not bound to a provider. */
export function isPlatformRole(role: Role): boolean {
  return PLATFORM_ROLES.includes(role);
}
