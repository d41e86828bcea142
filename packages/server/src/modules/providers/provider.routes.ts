import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { ProviderService } from './provider.service.ts';

/** Provider management. */
export function providerRoutes(routes: OperationRegistrar, providers: ProviderService): void {
  routes.secured(api.queryProviderList, async (input, { session }) => providers.list(session, input));
  routes.secured(api.getProvider, async (input, { session }) => providers.get(session, input.id));
  routes.secured(api.insertProvider, async (input, { session }) => providers.insert(session, input));
  routes.secured(api.updateProvider, async (input, { session }) => providers.update(session, input));
  routes.secured(api.restProviderPwd, async (input, { session }) => providers.resetPassword(session, input.id));
  routes.secured(api.operateProvider, async (input, { session }) => providers.operate(session, input));
  routes.secured(api.deleteProvider, async (input, { session }) => providers.remove(session, input.id));
  routes.secured(api.queryDeletedProviderList, async (input) => providers.listDeleted(input));
  routes.secured(api.restoreProvider, async (input) => providers.restore(input.id));
}
