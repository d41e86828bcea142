import { RECENT_EVENTS_KEEP_MS } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import { transactional } from '../../db/transactional.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import { withDataPermission } from '../../tenancy/data-permission.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { deviceCommands, type CommandIssuer } from './device-commands.ts';
import { fallRadarService } from './fall-radar.service.ts';
import { gatewayRepository } from './gateway.repository.ts';
import { gatewayRoutes } from './gateway.routes.ts';
import { gatewayService } from './gateway.service.ts';
import { gatewaySpreadsheet } from './gateway-spreadsheet.ts';
import { recentEventLog } from './recent-event-log.ts';

export interface GatewayModuleDeps {
  db: Db;
  now: () => number;
  workers: WorkerPool;
  events: EventBus;
  /** The devices module's command service: gateway and radar commands are recorded and ack-tracked there. */
  commands: CommandIssuer;
  /**
   * Told the IDs of devices whose provider, host or pairing changed, so caches keyed by device
   * (ingest's device directory: `invalidate(deviceId)`) read them again.
   */
  devicesChanged?: (deviceIds: readonly string[]) => void;
}

/** Wires gateways, sub-devices and fall monitors: routes, the event-bus listeners, and the daily prune of the event tail. */
export function gatewayModule(allRoutes: OperationRegistrar, deps: GatewayModuleDeps) {
  const commands = deviceCommands(deps.commands);
  const repository = gatewayRepository(deps.db);
  const transaction = transactional(deps.db, (trx) => ({ gateways: gatewayRepository(trx) }));
  const events = recentEventLog(repository);
  const gateways = gatewayService({ gateways: repository, transaction, now: deps.now, commands, events, changed: deps.devicesChanged });
  const radars = fallRadarService({ gateways: repository, now: deps.now, commands, events });
  // Care data rules: a read-only sub-account reads but never writes.
  gatewayRoutes(withDataPermission(allRoutes), gateways, gatewaySpreadsheet({ transaction, gateways, now: deps.now, workers: deps.workers }), radars);
  const unsubscribe = [
    deps.events.subscribe('device.event', (event) => gateways.onDeviceEvent(event)),
    deps.events.subscribe('device.status', (event) => radars.onDeviceStatus(event)),
  ];
  return {
    registerJobs(scheduler: Scheduler) {
      scheduler.registerJob({ name: 'device-recent-events-prune', schedule: { everyMs: 3600_000 }, run: async ({ now }) => gateways.pruneEvents(now - RECENT_EVENTS_KEEP_MS) });
    },
    /** Stops listening and writes the events still gathered. */
    async close() {
      for (const stop of unsubscribe) stop();
      await events.close();
    },
  };
}
