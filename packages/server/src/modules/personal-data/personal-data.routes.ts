import * as api from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import { accountRepository } from '../accounts/account.repository.ts';
import { contactRepository } from '../residents/contact.repository.ts';
import { relativeAccounts } from '../residents/relatives.ts';
import { personalDataRepository } from './personal-data.repository.ts';
import { personalDataService } from './personal-data.service.ts';

/**
 * A resident's personal data: the archive and erasure (operations, audited by the operation layer),
 * and the erasure after RESIDENT_ERASE_AFTER_DAYS by the scheduler, which writes its own trail row.
 */
export function personalDataRoutes(
  routes: OperationRegistrar,
  deps: { db: Db; now: () => number; eraseAfterDays: number | null; recordJob: (operation: string, residentIds: number[]) => Promise<void> },
) {
  const service = personalDataService({
    data: personalDataRepository(deps.db),
    dropOrphanRelatives: (providerId) => relativeAccounts({ accounts: accountRepository(deps.db), contacts: contactRepository(deps.db) }, deps.now()).dropOrphans(providerId),
    now: deps.now,
  });
  routes.secured(api.residentPersonalData, async (input, { session }) => service.export(session, input.id));
  routes.secured(api.residentErase, async (input, { session }) => service.erase(session, input.id));
  return {
    service,
    registerJobs(scheduler: Scheduler): void {
      const days = deps.eraseAfterDays;
      if (days === null) return;
      scheduler.registerJob({
        name: 'resident-erase-after-retention',
        schedule: { everyMs: 86_400_000 },
        run: async ({ now }) => {
          const erased = await service.eraseExpired(now, days);
          if (erased.length > 0) await deps.recordJob('residents.eraseAfterRetention', erased);
        },
      });
    },
  };
}
