import { isPasswordWellFormed, LOGIN_NAME_PATTERN, LOGIN_NAME_MAX, LOGIN_NAME_MIN } from '@vigil/contracts';
import type { Db } from './db/database.ts';
import { accountRepository } from './modules/accounts/account.repository.ts';
import { generatePassword, hashPassword } from './modules/auth/password-hash.ts';
import { passwordRefusal } from './modules/auth/password-policy.ts';

export const DEFAULT_ADMIN_USER = 'vigiladmin';

/**
 * Creates the platform administrator (SENIOR_ROLE) on the first start of an empty
 * database. Without VIGIL_ADMIN_PASSWORD a strong password is generated and
 * printed once.
 */
export async function ensureAdministrator(
  db: Db,
  options: { adminUser: string | null; adminPassword: string | null; print: (line: string) => void },
): Promise<void> {
  const accounts = accountRepository(db);
  if ((await accounts.count()) > 0) return;
  const userName = options.adminUser ?? DEFAULT_ADMIN_USER;
  if (userName.length < LOGIN_NAME_MIN || userName.length > LOGIN_NAME_MAX || !LOGIN_NAME_PATTERN.test(userName)) {
    throw new Error('VIGIL_ADMIN_USER must be 6 to 64 letters or digits');
  }
  const password = options.adminPassword ?? generatePassword();
  if (!isPasswordWellFormed(password)) {
    throw new Error('VIGIL_ADMIN_PASSWORD must be 8 to 16 characters with a digit, an upper-case and a lower-case letter and a special character');
  }
  const refusal = passwordRefusal(password, userName);
  if (refusal) throw new Error(`VIGIL_ADMIN_PASSWORD is refused: ${refusal}`);
  await accounts.insert({
    userName,
    passwordHash: await hashPassword(password),
    role: 'SENIOR_ROLE',
    nickName: 'Administrator',
    dataPermission: null,
    providerId: null,
    isProviderLogin: false,
    now: Date.now(),
  });
  if (options.adminPassword) options.print(`Created the platform administrator "${userName}".`);
  else options.print(`Created the platform administrator "${userName}" with password: ${password}  (shown once: write it down)`);
}
