import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { FamilyService } from './family.service.ts';

/** The family app's call (issue 28): a relative's own resident(s). */
export function familyRoutes(routes: OperationRegistrar, family: FamilyService): void {
  routes.secured(api.familyResidents, async (_input, { session }) => family.residents(session));
}
