import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { CommunityService } from './community.service.ts';

/** Communities (/community) and geofences (/enclosure). */
export function communityRoutes(routes: OperationRegistrar, communities: CommunityService): void {
  routes.secured(api.insertCommunity, async (input, { session }) => communities.insert(session, input.name));
  routes.secured(api.queryCommunityList, async (_input, { session }) => communities.list(session));
  routes.secured(api.saveUserSleepConfig, async (input, { session }) => communities.saveConfig(session, 'sleep', [input.communityId], input.config));
  routes.secured(api.saveUserSleepConfigs, async (input, { session }) => communities.saveConfig(session, 'sleep', input.communityIds, input.config));
  routes.secured(api.saveAlarmConfig, async (input, { session }) => communities.saveConfig(session, 'alarm', [input.communityId], input.config));
  routes.secured(api.deleteCommunity, async (input, { session }) => communities.remove(session, input.id));

  routes.secured(api.enclosureGetByArea, async (input, { session }) => communities.geofences(session, input.areaId));
  routes.secured(api.enclosureAdd, async (input, { session }) => communities.addGeofence(session, input));
  routes.secured(api.enclosureUpdate, async (input, { session }) => communities.updateGeofence(session, input));
  routes.secured(api.enclosureDelete, async (input, { session }) => communities.deleteGeofence(session, input.id));
  routes.secured(api.enclosureConfigGet, async (_input, { session }) => communities.geofenceConfig(session));
  routes.secured(api.enclosureConfigSave, async (input, { session }) => communities.saveGeofenceConfig(session, input));
}
