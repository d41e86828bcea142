import { ApiError } from '../../api/client.ts';
import { i18next } from '../../i18n/index.ts';
import './i18n.ts';

/** The text to show for a failed call: the server's localized msg, or a network message in the interface language. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof ApiError && error.status === 0) return i18next.t('validation.networkError');
  return i18next.t('validation.operationFailed');
}
