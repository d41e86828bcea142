import { formatMessage, isMessageKey, Status, type Language, type MessageKey } from '@vigil/contracts';

/** A domain error: a body status and a message key, rendered in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Extra data sent with the error (e.g. what needs confirming). */
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }

  /** The message in the caller's language. */
  render(language: Language): string {
    return formatMessage(language, this.messageKey, this.params);
  }
}

/** Field name as shown to people, in their language. */
export function fieldLabel(language: Language, field: string): string {
  const key = `field.${field}`;
  return isMessageKey(key) ? formatMessage(language, key) : field;
}

/** Bad input on one field: the message names the field. */
export class ValidationError extends AppError {
  constructor(
    readonly field: string,
    messageKey: MessageKey,
    params: Record<string, string | number> = {},
  ) {
    super(Status.BAD_REQUEST, messageKey, params, { field });
  }

  override render(language: Language): string {
    const label = fieldLabel(language, this.field);
    const message = formatMessage(language, this.messageKey, { ...this.params, field: label });
    return message.includes(label) ? message : `${label}: ${message}`;
  }
}

/** Error factories: one place that pairs statuses with messages. */
export const errors = {
  tokenMissing: () => new AppError(Status.TOKEN_MISSING, 'auth.tokenMissing'),
  tokenExpired: () => new AppError(Status.TOKEN_EXPIRED, 'auth.tokenExpired'),
  loginFailed: () => new AppError(Status.LOGIN_FAILED, 'auth.loginFailed'),
  accountInvalid: () => new AppError(Status.ACCOUNT_INVALID, 'auth.accountInvalid'),
  throttled: (minutes: number) => new AppError(Status.LOGIN_THROTTLED, 'auth.throttled', { minutes }),
  appLoginForbidden: () => new AppError(Status.APP_LOGIN_FORBIDDEN, 'auth.appLoginForbidden'),
  webLoginForbidden: () => new AppError(Status.WEB_LOGIN_FORBIDDEN, 'auth.webLoginForbidden'),
  familyConsoleForbidden: () => new AppError(Status.WEB_LOGIN_FORBIDDEN, 'auth.familyConsoleForbidden'),
  accountCancelled: () => new AppError(Status.ACCOUNT_CANCELLED, 'auth.accountCancelled'),
  ssoInvalid: () => new AppError(Status.SSO_INVALID, 'auth.ssoInvalid'),
  noPermission: () => new AppError(Status.NO_PERMISSION, 'common.noPermission'),
  notFound: (key: MessageKey = 'common.notFound') => new AppError(Status.NOT_FOUND, key),
  conflict: (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(Status.CONFLICT, key, params),
  badRequest: (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(Status.BAD_REQUEST, key, params),
  invalidField: (field: string, key: MessageKey = 'validation.invalid', params: Record<string, string | number> = {}) =>
    new ValidationError(field, key, params),
  tooLarge: (key: MessageKey = 'upload.tooLarge') => new AppError(Status.TOO_LARGE, key),
};
