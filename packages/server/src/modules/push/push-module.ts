import * as api from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { alarmSettings } from '../alarms/alarm-settings.ts';
import { alarmSettingsRepository } from '../alarms/alarm-settings.repository.ts';
import { presentAlarm } from '../alarms/alarm.presenter.ts';
import { alarmRepository } from '../alarms/alarm.repository.ts';
import { endpointAllowed, type PushConfig } from './push-config.ts';
import { pushSender, type PushLog, type PushSenderAudience } from './push-sender.ts';
import { pushRepository, type VapidKeys } from './push.repository.ts';

/** The sweep looks back this far for alarms whose process stopped before pushing them. */
const SWEEP_LOOKBACK_MS = 10 * 60_000;
/** An alarm younger than this is still the live path's to push. */
const SWEEP_GRACE_MS = 3_000;
/** A claim unfinished this long is taken over (its process stopped while sending). */
const STALE_CLAIM_MS = 60_000;
export const PUSH_SWEEP_EVERY_MS = 5_000;

/**
 * Web Push to the caregiver app (issue 28): subscription calls, the sender hooked to the alarm
 * events on the bus (after commit, off the alarm path), and the scheduler's sweep that pushes
 * what a stopped process had committed but not pushed.
 */
export function pushModule(deps: {
  app: FastifyInstance; routes: OperationRegistrar; db: Db; bus: EventBus; metrics: Metrics; config: PushConfig; log: PushLog; now: () => number;
  /** Whom an alarm event goes to (the escalation chains decide where a care home has one); every caregiver without it. */
  audience?: PushSenderAudience;
}) {
  const { db, now } = deps;
  const repository = pushRepository(db);
  let keys: Promise<VapidKeys> | null = null;
  const vapidKeys = (): Promise<VapidKeys> => {
    keys ??= repository.vapidKeys(() => webpush.generateVAPIDKeys(), now()).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };
  const results = deps.metrics.counter({ name: 'vigil_push_messages_total', help: 'Web Push requests by result (sent, gone: subscription removed, failed)', labelNames: ['result'] });
  const sender = pushSender({ repository, keys: vapidKeys, config: deps.config, log: deps.log, now, onResult: (result) => results.inc({ result }), audience: deps.audience });

  deps.routes.secured(api.pushPublicKey, async () => ({ publicKey: (await vapidKeys()).publicKey }));
  /** The care home of a caregiver's or a relative's session (relatives subscribe for their resident's red alarms). */
  const subscriberProvider = (session: SessionInfo): number => {
    if (session.scope.role === 'RELATIVES' && session.scope.homeProviderId !== null) return session.scope.homeProviderId;
    if (session.scope.role !== 'NURSING') throw errors.noPermission();
    return workingProviderId(session.scope);
  };
  deps.routes.secured(api.pushSubscribe, async (input, { session, language }) => {
    const providerId = subscriberProvider(session);
    if (!endpointAllowed(input.endpoint, deps.config)) throw errors.invalidField('endpoint', 'push.endpoint');
    const p256dh = Buffer.from(input.keys.p256dh, 'base64url');
    const auth = Buffer.from(input.keys.auth, 'base64url');
    if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16) throw errors.invalidField('keys', 'push.keys');
    const id = await repository.upsert({ accountId: session.accountId, providerId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, device: input.device ?? '', language }, now());
    return { id };
  });
  deps.routes.secured(api.pushUnsubscribe, async (input, { session }) => ({ removed: await repository.removeForAccount(session.accountId, input.endpoint) }));

  /** A relative's own choice, and whether their care home allows it at all (issue 28). */
  const familyAlerts = async (session: SessionInfo) => {
    const providerId = session.scope.homeProviderId;
    if (session.scope.role !== 'RELATIVES' || providerId === null) throw errors.noPermission();
    return { providerId, allowed: await repository.relativesAllowed(providerId), optedIn: await repository.optedIn(session.accountId) };
  };
  deps.routes.secured(api.familyAlerts, async (_input, { session }) => {
    const { allowed, optedIn } = await familyAlerts(session);
    return { allowed, optedIn };
  });
  deps.routes.secured(api.familySetAlerts, async (input, { session }) => {
    const { providerId, allowed } = await familyAlerts(session);
    // Turning it on needs the care home's consent; turning it off is always possible.
    if (input.on && !allowed) throw errors.badRequest('family.alertsNotAllowed');
    await repository.setOptIn(session.accountId, providerId, input.on, now());
    return { allowed, optedIn: input.on };
  });

  deps.bus.subscribe('alarm.raised', ({ providerId, alarm, kind }) => {
    // A repeat of an open alarm updates it; the phone was already told.
    if (kind !== 'repeat') sender.enqueue(kind, providerId, alarm);
    // A red alarm (new, or an orange one turned red) goes to the resident's relatives who opted in.
    if (kind !== 'repeat') sender.enqueueFamily('family-new', providerId, alarm);
  });
  deps.bus.subscribe('alarm.handled', ({ providerId, alarm }) => {
    sender.enqueue('handled', providerId, alarm);
    sender.enqueueFamily('family-handled', providerId, alarm);
  });
  deps.bus.subscribe('alarm.relieved', ({ providerId, alarm }) => {
    sender.enqueue('relieved', providerId, alarm);
    sender.enqueueFamily('family-relieved', providerId, alarm);
  });

  const alarms = alarmRepository(db);
  const levels = alarmSettings(alarmSettingsRepository(db), now);
  async function alarmRecord(id: number) {
    const row = await alarms.find(id);
    if (!row) return null;
    return { providerId: row.provider_id, alarm: presentAlarm(row, await levels.levelsOf(row.provider_id), 'en-us') };
  }

  /**
   * Pushes what a stopped process committed but never pushed (to the caregivers an alarm's raise,
   * its turning red and its end; to the relatives a red alarm's raise and end), or claimed but never finished. The claims keep it
   * once: a process still pushing it live, or another sweep, leaves it alone.
   */
  async function sweep(time: number): Promise<number> {
    let count = 0;
    const from = time - SWEEP_LOOKBACK_MS;
    const to = time - SWEEP_GRACE_MS;
    for (const id of await repository.unclaimedAlarms(from, to, 100)) {
      const found = await alarmRecord(id);
      if (!found) continue;
      sender.enqueue('new', found.providerId, found.alarm);
      count += 1;
    }
    for (const id of await repository.unclaimedEscalations(from, to, 100)) {
      const found = await alarmRecord(id);
      if (!found) continue;
      sender.enqueue('escalated', found.providerId, found.alarm);
      count += 1;
    }
    for (const { alarmId, event } of await repository.unclaimedEnds(from, to, 100)) {
      const found = await alarmRecord(alarmId);
      if (!found) continue;
      sender.enqueue(event, found.providerId, found.alarm);
      count += 1;
    }
    for (const id of await repository.unclaimedFamilyRaises(from, to, 100)) {
      const found = await alarmRecord(id);
      if (!found) continue;
      sender.enqueueFamily('family-new', found.providerId, found.alarm);
      count += 1;
    }
    for (const { alarmId, event } of await repository.unclaimedFamilyEnds(from, to, 100)) {
      const found = await alarmRecord(alarmId);
      if (!found) continue;
      sender.enqueueFamily(event, found.providerId, found.alarm);
      count += 1;
    }
    for (const claim of await repository.staleClaims(time - STALE_CLAIM_MS, 100)) {
      const found = await alarmRecord(claim.alarm_id);
      if (found && (claim.event === 'family-new' || claim.event === 'family-handled' || claim.event === 'family-relieved')) {
        sender.enqueueFamily(claim.event, found.providerId, found.alarm, claim.claimed_at);
        count += 1;
        continue;
      }
      const event = claim.event === 'escalated' || claim.event === 'handled' || claim.event === 'relieved' ? claim.event : 'new';
      if (!found) continue;
      sender.enqueue(event, found.providerId, found.alarm, claim.claimed_at);
      count += 1;
    }
    return count;
  }

  deps.app.addHook('preClose', async () => sender.close());

  return {
    sender,
    repository,
    vapidKeys,
    sweep,
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'push-sweep', schedule: { everyMs: PUSH_SWEEP_EVERY_MS }, run: async ({ now: time }) => void (await sweep(time)) });
      scheduler.registerJob({ name: 'push-claims-purge', schedule: { everyMs: 3_600_000 }, run: async ({ now: time }) => repository.purgeClaims(time - 2 * 86_400_000) });
    },
  };
}
export type PushModule = ReturnType<typeof pushModule>;
