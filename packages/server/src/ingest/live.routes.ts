import * as api from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { OperationRegistrar } from '../http/register.ts';
import { scopeIncludes } from '../tenancy/scope.ts';
import { deviceStateRepository } from './device-state.repository.ts';
import type { LiveSubscriptions } from './live-subscriptions.ts';

/** `/websocket/subscribe/`: the caller's socket gets the live data of devices in its scope for a while. */
export function liveRoutes(routes: OperationRegistrar, deps: { db: Db; live: LiveSubscriptions; now: () => number }): void {
  const devices = deviceStateRepository(deps.db);
  routes.secured(api.subscribeDevices, async (input, { session }) => {
    if (input.deviceIds.length > 0) {
      const rows = await devices.providersOf(input.deviceIds);
      const reachable = new Set(rows.filter((row) => scopeIncludes(session.scope, row.provider_id)).map((row) => row.device_id));
      const missing = input.deviceIds.find((deviceId) => !reachable.has(deviceId));
      if (missing !== undefined) throw new AppError(api.Status.NOT_FOUND, 'live.deviceNotFound', { deviceId: missing });
    }
    const expiresAt = deps.now() + input.ttlSeconds * 1000;
    deps.live.set(session.tokenHash, input.deviceIds, input.channels, expiresAt);
    return { deviceIds: input.deviceIds, channels: input.channels, expiresAt };
  });
}
