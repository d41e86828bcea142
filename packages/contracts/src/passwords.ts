import { PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

/**
 * Built-in weak passwords (spec 01 §5). Each one passes the format rule, so the
 * list refuses passwords the format alone would let through. Compared case-insensitively.
 */
export const WEAK_PASSWORDS: readonly string[] = [
  'Password@123',
  'Password#123',
  'P@ssw0rd',
  'P@ssw0rd123',
  'Passw0rd!',
  'Admin@123',
  'Admin@1234',
  'Admin#123',
  'Abc@123456',
  'Abcd@1234',
  'Aa123456!',
  'Qwer@1234',
  'Qwerty@123',
  'Welcome@123',
  'Test@1234',
];

/** True when the password has 8–16 characters with a digit, upper, lower and special character. */
export function isPasswordWellFormed(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /[0-9]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[^A-Za-z0-9]/.test(password) &&
    !/\s/.test(password)
  );
}

/** True when the password is one of the built-in weak passwords. */
export function isWeakPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return WEAK_PASSWORDS.some((weak) => weak.toLowerCase() === lower);
}
