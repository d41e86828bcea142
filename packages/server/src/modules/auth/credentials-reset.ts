import type { AccountRepository } from '../accounts/account.repository.ts';
import { generatePassword, hashPassword } from './password-hash.ts';
import type { SessionRepository } from './session.repository.ts';

/**
 * The one password reset: gives the account a new random password that passes the
 * rule, ends all its sessions, and answers the password once for the operator to hand
 * over (accounts, provider logins, caregivers and relatives all reset this way).
 */
export async function resetCredentials(
  repositories: { accounts: Pick<AccountRepository, 'update'>; sessions: Pick<SessionRepository, 'revokeAccounts'> },
  accountId: number,
  now: number,
): Promise<string> {
  const password = generatePassword();
  await repositories.accounts.update(accountId, { password_hash: await hashPassword(password) }, now);
  await repositories.sessions.revokeAccounts([accountId]);
  return password;
}
