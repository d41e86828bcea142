import type { Language } from '@vigil/contracts';
import type { Scope } from '../tenancy/scope.ts';

/** The signed-in account behind a request. */
export interface SessionInfo {
  tokenHash: string;
  accountId: number;
  userName: string;
  nickName: string;
  scope: Scope;
  permissionType: number;
}

/** What every handler gets besides its parsed input. */
export interface RequestContext {
  language: Language;
  requestId: string;
  ip: string;
}

export interface SessionContext extends RequestContext {
  session: SessionInfo;
}
