import type { Db } from '../../db/database.ts';
import { transactional } from '../../db/transactional.ts';
import { accountRepository } from '../accounts/account.repository.ts';
import { sessionRepository } from '../auth/session.repository.ts';
import { providerRepository } from './provider.repository.ts';
import { providerService, type ProviderRepositories } from './provider.service.ts';

function providerRepositories(db: Db): ProviderRepositories {
  return { providers: providerRepository(db), accounts: accountRepository(db), sessions: sessionRepository(db) };
}

/** Provider management wired to a database: its repositories, and a transaction over the same set. */
export function providerServiceOn(db: Db, now: () => number) {
  return providerService({ ...providerRepositories(db), transaction: transactional(db, providerRepositories), now });
}
