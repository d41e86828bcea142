import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { AuthService } from './auth.service.ts';

/** Login, fast login, logout, password change, platform info, provider switch. */
export function authRoutes(routes: OperationRegistrar, auth: AuthService): void {
  routes.open(api.publicKey, async () => auth.publicKey());
  routes.open(api.login, async (input, context) => auth.login(input, context.ip));
  routes.open(api.sso, async (input, context) => auth.sso(input, context.ip));
  routes.secured(api.logout, async (_input, { session }) => auth.logout(session));
  routes.secured(api.updatePassword, async (input, { session }) => auth.updatePassword(input, session));
  routes.secured(api.platformInfo, async (_input, { session }) => auth.platformInfo(session));
  routes.secured(api.changeProvider, async (input, { session }) => auth.changeProvider(input.domain, session));
}
