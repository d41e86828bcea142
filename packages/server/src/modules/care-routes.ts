import type { CareConfig } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import type { SessionInfo } from '../http/context.ts';
import { transactional } from '../db/transactional.ts';
import type { OperationRegistrar } from '../http/register.ts';
import type { WorkerPool } from '../workers/pool.ts';
import { withDataPermission } from '../tenancy/data-permission.ts';
import { accountRepository } from './accounts/account.repository.ts';
import { addressRoutes } from './addresses/address.routes.ts';
import { addressService } from './addresses/address.service.ts';
import { areaRepository } from './addresses/area.repository.ts';
import { bedRepository } from './addresses/bed.repository.ts';
import { bedService } from './addresses/bed.service.ts';
import { bedSpreadsheet } from './addresses/bed-spreadsheet.ts';
import { sessionRepository } from './auth/session.repository.ts';
import { caregiverRepository } from './caregivers/caregiver.repository.ts';
import { caregiverRoutes } from './caregivers/caregiver.routes.ts';
import { caregiverService } from './caregivers/caregiver.service.ts';
import { caregiverSpreadsheet } from './caregivers/caregiver-spreadsheet.ts';
import { communityRepository } from './community/community.repository.ts';
import { communityRoutes } from './community/community.routes.ts';
import { communityService } from './community/community.service.ts';
import { contactRepository } from './residents/contact.repository.ts';
import { residentRepository } from './residents/resident.repository.ts';
import { residentRoutes } from './residents/resident.routes.ts';
import { residentService } from './residents/resident.service.ts';
import { residentSpreadsheet } from './residents/resident-spreadsheet.ts';
import { residentStateService } from './residents/resident-state.service.ts';

/** Applies a community's saved sleep config to its sleep monitors (the device module); answers how many. */
export type ApplySleepConfig = (session: SessionInfo, communityIds: readonly number[], config: CareConfig) => Promise<number>;

/** The repositories of care data, bound to the database or to one transaction. */
function careRepositories(db: Db) {
  return {
    areas: areaRepository(db),
    beds: bedRepository(db),
    communities: communityRepository(db),
    residents: residentRepository(db),
    contacts: contactRepository(db),
    caregivers: caregiverRepository(db),
    accounts: accountRepository(db),
    sessions: sessionRepository(db),
  };
}

/** Wires the care-data modules: addresses and beds, residents and relatives, caregivers, communities and geofences. */
export function careRoutes(
  allRoutes: OperationRegistrar, db: Db, now: () => number, workers: WorkerPool,
  hooks: { onAbsenceChange?: (residentId: number) => void; applySleepConfig?: ApplySleepConfig } = {},
): void {
  // A read-only sub-account reads care data but every write answers 403.
  const routes = withDataPermission(allRoutes);
  // Each service gets the repositories it names; `transaction` hands the same set bound to one transaction.
  const care = { ...careRepositories(db), transaction: transactional(db, careRepositories), now };
  const addresses = addressService(care);
  addressRoutes(routes, addresses, bedService(care), bedSpreadsheet({ ...care, workers }));
  communityRoutes(routes, communityService({ ...care, addresses, applySleepConfig: hooks.applySleepConfig }));
  const residents = residentService(care);
  residentRoutes(routes, residents, residentStateService({ ...care, onAbsenceChange: hooks.onAbsenceChange }), residentSpreadsheet({ ...care, residents, workers }));
  const caregivers = caregiverService(care);
  caregiverRoutes(routes, caregivers, caregiverSpreadsheet({ ...care, service: caregivers, workers }));
}
