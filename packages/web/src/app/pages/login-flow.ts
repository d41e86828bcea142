import { Status, type LoginResult } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client.ts';
import { revokeToken } from '../../api/revoke-token.ts';
import { isRefusedRole } from '../routing/access.ts';
import { saveLogin } from '../../session/session-store.ts';

/** The message for a failed login: the server's localized msg (102, 105, 107 …), else a generic one. */
export function loginErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('shell.common.networkError');
    if (error.message && error.status !== Status.SERVER_ERROR) return error.message;
  }
  return t('shell.login.failed');
}

/**
 * Accepts a login result, or refuses it with a message: a missing token counts as
 * failed, an empty role and installer accounts get no console (spec 01 §4, §8).
 * Returns null when the session was stored, else the message to show.
 */
export function acceptLogin(result: LoginResult, t: TFunction): string | null {
  if (!result.token) return t('shell.login.failed');
  if (!result.role || isRefusedRole(result.role)) {
    void revokeToken(result.token);
    return t(result.role ? 'shell.login.noAccess' : 'shell.login.roleEmpty');
  }
  saveLogin(result);
  return null;
}
