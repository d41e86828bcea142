// The values of audit.ts without zod (the audit trail screen reads them; audit.ts has the schemas).

/** What an audit row records: a change, a sign-in or failed one, an export of personal data, a view of reports. */
export const AUDIT_KINDS = ['change', 'login', 'loginFailed', 'export', 'view'] as const;
