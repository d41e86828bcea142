import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client.ts';

/** The text to show for a failed call: the server's localized msg, or a network message. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof ApiError && error.status === 0) return t('validation.networkError');
  return t('validation.operationFailed');
}
