import { careConfigSchema, enclosureConfigSchema, type CareConfig } from '@vigil/contracts';
import type { z } from 'zod';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { AddressService } from '../addresses/address.service.ts';
import type { AreaRepository } from '../addresses/area.repository.ts';
import { presentCommunity, presentGeofence } from './community.presenter.ts';
import type { CommunityRepository, GeofenceFields } from './community.repository.ts';

type EnclosureConfig = z.output<typeof enclosureConfigSchema>;
const DEFAULT_ENCLOSURE_CONFIG: EnclosureConfig = { enabled: false, alarmOnLeave: true, reportIntervalSeconds: 60 };

/** Reads a stored config back; a row that no longer parses reads as none rather than failing the list. */
function parseConfig(text: string | undefined): CareConfig | null {
  if (text === undefined) return null;
  try {
    const parsed = careConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the community service works with: its repositories, bound to the database or to one transaction. */
export interface CommunityServiceDeps {
  communities: CommunityRepository;
  areas: AreaRepository;
  transaction: Transactional<{ communities: CommunityRepository }>;
  addresses: AddressService;
  now: () => number;
  /** Applies a saved sleep config to the communities' sleep monitors (the device module); answers how many. */
  applySleepConfig?: (session: SessionInfo, communityIds: readonly number[], config: CareConfig) => Promise<number>;
}

/** Communities (level-1 areas) with their sleep and alarm configs, and geofences. */
export function communityService({ communities, areas, transaction, addresses, now, applySleepConfig }: CommunityServiceDeps) {

  async function ownedCommunity(providerId: number, id: number) {
    const area = await areas.findArea(id);
    assertOwned(area, providerId, 'area.notFound');
    if (area.level !== 1) throw errors.notFound('area.notFound');
    return area;
  }

  return {
    insert: (session: SessionInfo, name: string) => addresses.insertArea(session, { name }),

    async list(session: SessionInfo) {
      const providerId = workingProviderId(session.scope);
      const [rows, sleep, alarm, residents] = [
        await areas.listAreas(providerId, { level: 1 }),
        await communities.configs(providerId, 'sleep'),
        await communities.configs(providerId, 'alarm'),
        await communities.residentCounts(providerId),
      ];
      return rows.map((row) => presentCommunity(row, residents.get(row.id) ?? 0, parseConfig(sleep.get(row.id)), parseConfig(alarm.get(row.id))));
    },

    /** Stores one config on several communities, all or nothing. */
    async saveConfig(session: SessionInfo, kind: 'sleep' | 'alarm', communityIds: readonly number[], config: CareConfig): Promise<null> {
      const providerId = workingProviderId(session.scope);
      for (const id of communityIds) await ownedCommunity(providerId, id);
      const value = JSON.stringify(config);
      await transaction(async (tx) => {
        for (const id of communityIds) await tx.communities.saveConfig(providerId, id, kind, value, now());
      });
      // A sleep config's schedule goes to the communities' sleep monitors; an alarm config is read by the rules (alarm-settings.ts).
      if (kind === 'sleep') await applySleepConfig?.(session, communityIds, config);
      return null;
    },

    async remove(session: SessionInfo, id: number): Promise<null> {
      await ownedCommunity(workingProviderId(session.scope), id);
      return addresses.deleteArea(session, id);
    },

    async geofences(session: SessionInfo, areaId?: number) {
      const providerId = workingProviderId(session.scope);
      if (areaId) assertOwned(await areas.findArea(areaId), providerId, 'area.notFound');
      return (await communities.geofences(providerId, areaId)).map(presentGeofence);
    },

    async addGeofence(session: SessionInfo, fields: GeofenceFields): Promise<{ id: number }> {
      const providerId = workingProviderId(session.scope);
      const area = await areas.findArea(fields.areaId);
      assertOwned(area, providerId, 'area.notFound', 'areaId');
      return { id: await communities.insertGeofence(providerId, fields, now()) };
    },

    async updateGeofence(session: SessionInfo, fields: Omit<GeofenceFields, 'areaId'> & { id: number }): Promise<null> {
      assertOwned(await communities.findGeofence(fields.id), workingProviderId(session.scope), 'common.notFound');
      await communities.updateGeofence(fields.id, fields, now());
      return null;
    },

    async deleteGeofence(session: SessionInfo, id: number): Promise<null> {
      assertOwned(await communities.findGeofence(id), workingProviderId(session.scope), 'common.notFound');
      await communities.deleteGeofence(id);
      return null;
    },

    async geofenceConfig(session: SessionInfo): Promise<EnclosureConfig> {
      const stored = (await communities.configs(workingProviderId(session.scope), 'geofence')).get(0);
      if (stored === undefined) return DEFAULT_ENCLOSURE_CONFIG;
      const parsed = enclosureConfigSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : DEFAULT_ENCLOSURE_CONFIG;
    },

    async saveGeofenceConfig(session: SessionInfo, config: EnclosureConfig): Promise<null> {
      await communities.saveConfig(workingProviderId(session.scope), 0, 'geofence', JSON.stringify(config), now());
      return null;
    },
  };
}
export type CommunityService = ReturnType<typeof communityService>;
