import { ALARM_RETENTION_DAYS } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { transactional } from '../../db/transactional.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { SessionInfo } from '../../http/context.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { socketHub } from '../../realtime/socket-hub.ts';
import { createRuleEngine } from '../../rules/engine.ts';
import { liveSamples } from '../monitor/live-samples.ts';
import { monitorRepository } from '../monitor/monitor.repository.ts';
import { monitorService } from '../monitor/monitor.service.ts';
import type { TelemetryReader } from '../reports/telemetry-reader.ts';
import { alarmPipeline } from './alarm-pipeline.ts';
import { alarmPlaceRepository } from './alarm-place.repository.ts';
import { alarmPlaces } from './alarm-places.ts';
import { alarmSettings } from './alarm-settings.ts';
import { alarmSettingsRepository } from './alarm-settings.repository.ts';
import { alarmStore } from './alarm-store.ts';
import { alarmRepository } from './alarm.repository.ts';
import { alarmRoutes } from './alarm.routes.ts';
import { ruleStateRepository } from './rule-state.repository.ts';
import { sleepWindows } from './sleep-windows.ts';
import { alarmService } from './alarm.service.ts';

/**
 * Pending orange alarms are checked for escalation this often: with the scheduler's failover
 * (13 s at most, jobs/scheduler.ts) an alarm turns red at most 15 s after its escalation time.
 */
const ESCALATION_CHECK_MS = 2_000;

/**
 * Issue 10 on the server: rules → alarm store → event bus → live socket, the alarm and
 * monitoring operations, and the scheduled escalation and retention jobs.
 */
export function alarmModule(deps: {
  app: FastifyInstance;
  routes: OperationRegistrar;
  db: Db;
  bus: EventBus;
  metrics: Metrics;
  now: () => number;
  authenticateSocket: (key: string) => Promise<SessionInfo>;
  timeZone: () => Promise<string>;
  /** The stored samples (ingest's telemetry store, made after this module: read at call time). */
  telemetry: () => Pick<TelemetryReader, 'read'>;
}) {
  const { app, db, bus, now } = deps;
  const raised = deps.metrics.counter({ name: 'vigil_alarms_raised_total', help: 'Alarms committed by this process (new, or a repeat of an open one)', labelNames: ['kind'] });
  const socketsOpen = deps.metrics.gauge({ name: 'vigil_sockets_open', help: 'Live sockets open on this process' });
  const repository = alarmRepository(db);
  const settings = alarmSettings(alarmSettingsRepository(db), now);
  const places = alarmPlaces(alarmPlaceRepository(db), now);
  const store = alarmStore({ alarms: repository, settings, bus, log: app.log, onRaised: (kind) => raised.inc({ kind }) });
  const engine = createRuleEngine({ store: ruleStateRepository(db, now), log: app.log });
  const windows = sleepWindows(alarmPlaceRepository(db), deps.timeZone, now);
  const pipeline = alarmPipeline({ bus, engine, store, places, settings, windows, log: app.log, now });
  const live = liveSamples({ bus, places, now });
  const hub = socketHub({ server: app.server, bus, authenticateSocket: deps.authenticateSocket, log: app.log, now, onOpenChange: (open) => socketsOpen.set(open) });
  alarmRoutes(deps.routes, alarmService({ alarms: repository, settings, bus, now }), settings, monitorService({ monitor: monitorRepository(db), alarms: repository, transaction: transactional(db, (trx) => ({ monitor: monitorRepository(trx) })), samples: live, telemetry: { read: (deviceId, from, to) => deps.telemetry().read(deviceId, from, to) }, now }), deps.timeZone);
  app.addHook('preClose', async () => {
    hub.close();
    await pipeline.close();
    live.close();
  });

  /** Deletes closed alarms older than the retention (the scheduler runs it hourly). */
  const purge = (time: number) => repository.purgeBefore(time - ALARM_RETENTION_DAYS * 86_400_000);

  return {
    store,
    settings,
    purge,
    pipeline,
    /** The rule engine, with its state store (device_rule_states). */
    engine,
    hub,
    live,
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'alarm-escalation', schedule: { everyMs: ESCALATION_CHECK_MS }, run: async ({ now: time }) => void (await store.escalate(time)) });
      scheduler.registerJob({
        name: 'alarm-log-purge',
        schedule: { everyMs: 3_600_000 },
        run: async ({ now: time }) => void (await purge(time)),
      });
    },
  };
}
export type AlarmModule = ReturnType<typeof alarmModule>;
