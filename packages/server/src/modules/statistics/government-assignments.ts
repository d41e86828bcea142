import { errors } from '../../http/errors.ts';
import type { StatisticsRepository } from './statistics.repository.ts';

/** Which providers a GOVERNMENT account sees in statistics; set by the vendor's administrators. */
export function governmentAssignments(statistics: StatisticsRepository) {
  async function assertGovernment(accountId: number): Promise<void> {
    if ((await statistics.accountRole(accountId)) !== 'GOVERNMENT') throw errors.invalidField('accountId', 'statistics.notGovernment');
  }
  return {
    async list(accountId: number) {
      await assertGovernment(accountId);
      const providers = await statistics.providersByIds(await statistics.governmentProviderIds(accountId));
      return providers.map((provider) => ({ providerId: provider.id, providerName: provider.name }));
    },
    /** Replaces the account's providers; every id must be a live provider, else nothing changes. */
    async assign(accountId: number, providerIds: readonly number[]): Promise<null> {
      await assertGovernment(accountId);
      const unique = [...new Set(providerIds)];
      const found = await statistics.providersByIds(unique);
      if (found.length !== unique.length) throw errors.invalidField('providerIds', 'common.notFound');
      await statistics.replaceGovernmentProviders(accountId, unique);
      return null;
    },
  };
}
export type GovernmentAssignments = ReturnType<typeof governmentAssignments>;
