import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so both dialects share one schema. */
export type Flag = 0 | 1;

export interface ProvidersTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name: the uniqueness key. */
  name_key: string;
  code: string | null;
  domain: string;
  level: 1 | 2;
  parent_id: number | null;
  enabled: Flag;
  created_at: number;
  updated_at: number;
}

export interface AccountsTable {
  id: Generated<number>;
  user_name: string;
  /** Lower-cased login name: the uniqueness key. */
  user_name_key: string;
  password_hash: string;
  role: string;
  nick_name: string;
  data_permission: number | null;
  provider_id: number | null;
  /** 1 for the login account made together with its provider. */
  is_provider_login: Flag;
  enabled: Flag;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  account_id: number;
  current_provider_id: number | null;
  socket_key: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked: Flag;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  first_failed_at: number;
  locked_until: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  providers: ProvidersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  settings: SettingsTable;
}
