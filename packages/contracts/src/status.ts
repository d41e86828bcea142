/** Body `status` values of the `{status, data, msg}` envelope. HTTP is always 200. */
export const Status = {
  OK: 200,
  /** No S-token, or one the server has never issued. */
  TOKEN_MISSING: 100,
  /** Token expired or revoked (logout, password change, account disabled). */
  TOKEN_EXPIRED: 101,
  /** Wrong account or password. */
  LOGIN_FAILED: 102,
  /** New password is one of the built-in weak passwords. */
  PASSWORD_WEAK: 103,
  /** Old password wrong on password change. */
  OLD_PASSWORD_WRONG: 104,
  /** Too many failed logins for this account or address; try later. */
  LOGIN_THROTTLED: 105,
  /** App login (`from` other than PC) by an account that is not a caregiver or installer. */
  APP_LOGIN_FORBIDDEN: 106,
  /** Account invalid or disabled, or its provider disabled. */
  ACCOUNT_INVALID: 107,
  /** Fast-login signature wrong, outside its time window, or already used. */
  SSO_INVALID: 108,
  /** Console login (`from=PC`) by an app-only account (installer, caregiver). */
  WEB_LOGIN_FORBIDDEN: 109,
  /** The signed-in account has been deleted ("account cancelled"). */
  ACCOUNT_CANCELLED: 110,
  /** A rule of the domain refuses the change (name exists, delete blocked …). */
  CONFLICT: 300,
  /** The change needs the user's confirmation first (resend with `confirm: true`). */
  CONFIRM_REQUIRED: 301,
  /** Bad input: msg names the field and the rule. */
  BAD_REQUEST: 400,
  /** The role or tenant scope does not allow this. */
  NO_PERMISSION: 403,
  /** The thing asked for does not exist (or is outside the caller's scope). */
  NOT_FOUND: 404,
  /** Upload larger than allowed. */
  TOO_LARGE: 413,
  /** Unexpected server failure; msg carries a request id, never a stack. */
  SERVER_ERROR: 500,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** The response envelope every API call answers with. */
export interface Envelope<T> {
  status: number;
  data: T;
  msg: string;
}
