import * as api from '@vigil/contracts';
import type { AlarmRecord } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { PushEvent } from '../push/push.repository.ts';
import type { PushSender } from '../push/push-sender.ts';
import type { AlarmMailer } from '../webhooks/alarm-mail.ts';
import type { WebhookModule } from '../webhooks/webhook-module.ts';
import { alarmSettings } from '../alarms/alarm-settings.ts';
import { alarmSettingsRepository } from '../alarms/alarm-settings.repository.ts';
import { alarmRepository } from '../alarms/alarm.repository.ts';
import { analyticsRepository } from '../analytics/analytics.repository.ts';
import { escalationWalker, type WalkerLog } from './escalation-walker.ts';
import { escalationRepository } from './escalation.repository.ts';
import { chainFromRow, escalationService, stepsOf } from './escalation.service.ts';

/**
 * How often the scheduler walks the chains: with its failover (13 s at most, jobs/scheduler.ts)
 * a step is told at most 15 s after its wait.
 */
export const ESCALATION_WALK_EVERY_MS = 2_000;
/** How long after an alarm is committed its chain's first steps run (its socket frames go out first). */
const WALK_NOW_DELAY_MS = 50;
const NOTIFICATION_RETENTION_MS = 31 * 86_400_000;

/**
 * Escalation chains (issue 28): the console's chain and roster screen, the alarm's notification
 * log, the scheduler's walk, and the first steps run right after an alarm is committed (each step
 * is claimed in the database, so whichever process runs it, it runs once).
 */
export function escalationModule(deps: {
  routes: OperationRegistrar;
  db: Db;
  bus: EventBus;
  push: Pick<PushSender, 'sendToAccounts'>;
  webhooks: Pick<WebhookModule, 'recordEscalation'>;
  mailer: AlarmMailer | null;
  timeZone: (providerId: number) => Promise<string>;
  log: WalkerLog;
  now: () => number;
}) {
  const repository = escalationRepository(deps.db);
  const alarms = alarmRepository(deps.db);
  const analytics = analyticsRepository(deps.db);
  const levels = alarmSettings(alarmSettingsRepository(deps.db), deps.now);
  const service = escalationService({ repository, alarms, analytics, timeZone: deps.timeZone, emailAvailable: deps.mailer !== null, now: deps.now });
  const walker = escalationWalker({ ...deps, repository, alarms, analytics, levels });
  let closed = false;

  deps.routes.secured(api.escalationGet, async (_input, { session }) => service.get(session));
  deps.routes.secured(api.escalationSave, async (input, { session }) => service.save(session, input));
  deps.routes.secured(api.alarmNotifications, async (input, { session }) => service.notifications(session, input.id));
  deps.routes.secured(api.alarmOpened, async (input, { session }) => service.opened(session, input.id));

  deps.bus.subscribe('alarm.raised', ({ alarm, kind }) => {
    if (kind === 'repeat' || closed) return;
    // Off the alarm path: the publisher does not wait for the chain's people to be told.
    setTimeout(() => {
      if (closed) return;
      walker.walkNow(alarm.id, deps.now()).catch((error: unknown) => deps.log.warn({ err: error, alarmId: alarm.id }, 'escalation: first steps not run (the scheduler runs them)'));
    }, WALK_NOW_DELAY_MS);
  });

  return {
    repository,
    walker,
    /**
     * Whom the plain push of an alarm event goes to (push-sender's audience): where the care home
     * has a chain for the alarm's level, the chain tells people itself, and the alarm's end goes
     * to the phones the chain told.
     */
    async pushAudience(event: PushEvent, providerId: number, alarm: AlarmRecord): Promise<'all' | 'chain' | number[]> {
      const chain = chainFromRow(await repository.findChain(providerId));
      if (stepsOf(chain, alarm.alertLevel).length === 0) return 'all';
      if (event === 'new' || event === 'escalated') return 'chain';
      return repository.pushedAccountIds(alarm.id);
    },
    close(): void {
      closed = true;
    },
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'escalation-chains', schedule: { everyMs: ESCALATION_WALK_EVERY_MS }, run: async ({ now }) => void (await walker.tick(now)) });
      scheduler.registerJob({ name: 'alarm-notifications-purge', schedule: { everyMs: 3_600_000 }, run: async ({ now }) => repository.purge(now - NOTIFICATION_RETENTION_MS) });
    },
  };
}
export type EscalationModule = ReturnType<typeof escalationModule>;
