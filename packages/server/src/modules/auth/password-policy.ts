import { zxcvbn, zxcvbnOptions, type Match } from '@zxcvbn-ts/core';
import { dictionary, adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { isWeakPassword, Status } from '@vigil/contracts';
import { AppError } from '../../http/errors.ts';

/** zxcvbn score (0–4) a password built on a common password must reach; 3 means about 10^8 guesses. */
const MIN_SCORE_WITH_COMMON_WORD = 3;

let configured = false;
/** Loads the common-password list on first use (about 0.1 s), not at every start. */
function configure(): void {
  if (configured) return;
  zxcvbnOptions.setOptions({ dictionary: { passwords: dictionary.passwords }, graphs: adjacencyGraphs });
  configured = true;
}

/** True when the password contains the login name, ignoring case. */
export function containsLoginName(password: string, userName: string): boolean {
  const name = userName.trim().toLowerCase();
  return name.length > 0 && password.toLowerCase().includes(name);
}

/**
 * The common password a password is built on, when that makes it easy to guess: a
 * dictionary match (also reversed or in l33t speak) in zxcvbn's list of common passwords
 * and an overall score under 3. Null when the password is fine.
 */
export function commonPasswordIn(password: string): string | null {
  configure();
  const result = zxcvbn(password);
  if (result.score >= MIN_SCORE_WITH_COMMON_WORD) return null;
  const common = result.sequence.filter((match: Match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords');
  if (common.length === 0) return null;
  return common.reduce((longest, match) => (match.token.length > longest.token.length ? match : longest)).token;
}

/**
 * Refuses a new password (already in the right format) that is one of the spec's built-in
 * weak passwords, contains the login name, or is built on a common password (status 103,
 * the message says which).
 */
export function assertPasswordAllowed(password: string, userName: string): void {
  if (isWeakPassword(password)) throw new AppError(Status.PASSWORD_WEAK, 'auth.passwordWeak');
  if (containsLoginName(password, userName)) throw new AppError(Status.PASSWORD_WEAK, 'auth.passwordHasLoginName');
  const common = commonPasswordIn(password);
  if (common !== null) throw new AppError(Status.PASSWORD_WEAK, 'auth.passwordCommon', { word: common });
}

/** The reason a password is refused, as an English sentence (for start-up checks), or null. */
export function passwordRefusal(password: string, userName: string): string | null {
  try {
    assertPasswordAllowed(password, userName);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.render('en-us');
    throw error;
  }
}
