import type { Db } from '../db/database.ts';
import type { OperationRegistrar } from '../http/register.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { withDataPermission } from '../tenancy/data-permission.ts';
import { addressRoutes } from './addresses/address.routes.ts';
import { addressService } from './addresses/address.service.ts';
import { bedService } from './addresses/bed.service.ts';
import { bedSpreadsheet } from './addresses/bed-spreadsheet.ts';
import { caregiverRoutes } from './caregivers/caregiver.routes.ts';
import { caregiverService } from './caregivers/caregiver.service.ts';
import { caregiverSpreadsheet } from './caregivers/caregiver-spreadsheet.ts';
import { communityRoutes } from './community/community.routes.ts';
import { communityService } from './community/community.service.ts';
import { residentRoutes } from './residents/resident.routes.ts';
import { residentService } from './residents/resident.service.ts';
import { residentSpreadsheet } from './residents/resident-spreadsheet.ts';
import { residentStateService } from './residents/resident-state.service.ts';

/** Wires the care-data modules: addresses and beds, residents and relatives, caregivers, communities and geofences. */
export function careRoutes(allRoutes: OperationRegistrar, db: Db, now: () => number, workers: WorkerPool): void {
  // A read-only sub-account reads care data but every write answers 403.
  const routes = withDataPermission(allRoutes);
  const addresses = addressService(db, now);
  addressRoutes(routes, addresses, bedService(db, now), bedSpreadsheet(db, now, workers));
  communityRoutes(routes, communityService(db, now, addresses));
  const residents = residentService(db, now);
  residentRoutes(routes, residents, residentStateService(db, now), residentSpreadsheet(db, now, residents, workers));
  const caregivers = caregiverService(db, now);
  caregiverRoutes(routes, caregivers, caregiverSpreadsheet(db, now, caregivers, workers));
}
