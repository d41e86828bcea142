import { DEVICE_TYPES, EditionSchema, shownInEdition, type DeviceKind, type DeviceScreen, type DeviceTypeInfo, type Edition } from '@vigil/contracts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { isPlatformRole, scopeIncludes, type Scope } from '../../tenancy/scope.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';
import type { DeviceListRow, DeviceReach, DeviceRepository } from './device.repository.ts';

/** The platform's edition (system settings; overseas by default, as in modules/system). */
export async function platformEdition(settings: Pick<SettingsRepository, 'get'>): Promise<Edition> {
  const parsed = EditionSchema.safeParse(await settings.get('edition'));
  return parsed.success ? parsed.data : 'overseas';
}

/** Catalogue entries the edition shows, narrowed by the type, screen and kind filters. */
export function typesOf(edition: Edition, filter: { deviceType?: number | null; screen?: DeviceScreen | null; kind?: DeviceKind | null }): DeviceTypeInfo[] {
  return DEVICE_TYPES.filter(
    (info) =>
      shownInEdition(info, edition) &&
      (!filter.deviceType || info.type === filter.deviceType) &&
      (!filter.screen || info.screen === filter.screen) &&
      (!filter.kind || info.kind === filter.kind),
  );
}

/** True for SUPER, SENIOR and BUSINESS: they see the stock and every provider's devices. */
export function isVendor(scope: Scope): boolean {
  return isPlatformRole(scope.role);
}

/** Which devices the caller may see: vendors all (stock too); care homes the providers in their scope (class I: its class II children too). */
export function reachOf(scope: Scope, deviceTypes: readonly number[]): DeviceReach {
  return { providerIds: isVendor(scope) ? 'all' : scope.providerIds, deviceTypes };
}

/**
 * The device row the caller may see, or NOT_FOUND ("device does not exist") — the same
 * answer for a missing device and another provider's.
 */
export async function visibleDevice(repository: DeviceRepository, session: SessionInfo, id: number): Promise<DeviceListRow> {
  const row = await repository.findListRow(id);
  if (!row) throw errors.notFound('device.notFound');
  if (isVendor(session.scope)) return row;
  if (row.provider_id === null || !scopeIncludes(session.scope, row.provider_id)) throw errors.notFound('device.notFound');
  return row;
}
