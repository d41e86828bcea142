import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { AccountService } from './account.service.ts';

/** Account management. */
export function accountRoutes(routes: OperationRegistrar, accounts: AccountService): void {
  routes.secured(api.queryAccountList, async (input, { session }) => accounts.list(session, input));
  routes.secured(api.insertAccount, async (input, { session }) => accounts.insert(session, input));
  routes.secured(api.operateAccount, async (input, { session }) => accounts.operate(session, input));
}
