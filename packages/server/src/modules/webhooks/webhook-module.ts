import crypto from 'node:crypto';
import * as api from '@vigil/contracts';
import { formatAlarmText, WEBHOOK_PER_PROVIDER_MAX, WEBHOOK_RETRY_WINDOW_MS, type AlarmRecord, type Webhook, type WebhookDelivery, type WebhookEvent, type WebhookPayload } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { errors } from '../../http/errors.ts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { alarmMailer, mailAddressOf, type MailConfig } from './alarm-mail.ts';
import { webhookUrlAllowed, type WebhookConfig } from './webhook-config.ts';
import { alarmSettings } from '../alarms/alarm-settings.ts';
import { alarmSettingsRepository } from '../alarms/alarm-settings.repository.ts';
import { presentAlarm } from '../alarms/alarm.presenter.ts';
import { alarmRepository } from '../alarms/alarm.repository.ts';
import { webhookRepository, type SweptEvent, type WebhookRow } from './webhook.repository.ts';

export interface WebhookLog {
  warn(details: object, message: string): void;
}

/** Waits after the 1st, 2nd … failed attempt; then hourly until the delivery is 24 h old. */
export const WEBHOOK_BACKOFF_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];
const PARALLEL_SENDS = 8;
const DUE_BATCH = 50;
export const WEBHOOK_JOB_EVERY_MS = 5_000;
/** How long after an alarm event its deliveries are written. */
const RECORD_DELAY_MS = 50;
/** The sweep looks back this far for alarm events whose process stopped before writing their deliveries. */
const SWEEP_LOOKBACK_MS = 10 * 60_000;
/** An alarm event younger than this is still the live path's to record. */
const SWEEP_GRACE_MS = 3_000;
export const WEBHOOK_SWEEP_EVERY_MS = 5_000;
const SWEPT_EVENTS: readonly SweptEvent[] = ['alarm.raised', 'alarm.escalated', 'alarm.handled', 'alarm.relieved'];

const list = (text: string) => text.split(',').filter((entry) => entry.length > 0);

function present(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: list(row.events).filter((event): event is WebhookEvent => (api.WEBHOOK_EVENTS as readonly string[]).includes(event)),
    alertTypes: list(row.alert_types).filter((type): type is api.AlertType => (api.ALERT_TYPES as readonly string[]).includes(type)),
    levels: list(row.levels).map(Number).filter((level): level is 1 | 2 => level === 1 || level === 2),
    enabled: row.enabled === 1,
    secret: row.secret,
    createdAt: row.created_at,
  };
}

type DeliveryListRow = { id: string; webhook_id: number; url: string; event: string; alarm_id: number; state: string; attempts: number; last_status: number | null; last_error: string | null; created_at: number; next_at: number | null; delivered_at: number | null };
function presentDelivery(row: DeliveryListRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    url: row.url,
    event: api.WebhookEventSchema.parse(row.event),
    alarmId: row.alarm_id,
    state: row.state === 'delivered' ? 'delivered' : row.state === 'failed' ? 'failed' : 'pending',
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAt: row.state === 'pending' ? row.next_at : null,
    deliveredAt: row.delivered_at,
  };
}

/** The JSON a webhook receives (contracts webhookPayloadSchema). */
export function webhookPayload(id: string, event: WebhookEvent, occurredAt: number, careHome: { id: number; name: string }, alarm: AlarmRecord, escalation?: WebhookEscalation): WebhookPayload {
  return {
    ...(event === 'alarm.escalated' ? { escalation: escalation ?? null } : {}),
    id,
    event,
    occurredAt,
    careHome,
    alarm: {
      id: alarm.id,
      alertType: alarm.alertType,
      level: alarm.alertLevel,
      title: formatAlarmText('en-us', alarm.shortKey) || alarm.alertType,
      text: alarm.text,
      raisedAt: alarm.raisedAt,
      deviceId: alarm.deviceId,
      deviceType: alarm.deviceType,
      resident: { id: alarm.userId, name: alarm.userName },
      place: { building: alarm.floorArea, room: alarm.room, bed: alarm.bunk, address: alarm.address },
      state: alarm.dealState === 'processed' ? 'handled' : alarm.isRelieve ? 'relieved' : 'pending',
      handledBy: alarm.handler,
      handledAt: alarm.dealTime,
      releaseChoice: alarm.dealOption,
      relievedAt: alarm.relievedAt,
    },
  };
}

/** What an escalation chain's step adds to an alarm.escalated payload. */
export type WebhookEscalation = NonNullable<WebhookPayload['escalation']>;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>` */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/**
 * Outbound webhooks (issue 28, docs/webhooks.md). Alarm events on the bus (after commit) become
 * persisted deliveries, one per endpoint, alarm and event (a sweep writes those of a process that
 * stopped after the alarm's commit and before writing them); a dispatcher POSTs them off the alarm
 * path (right away in the process that made them, and every 5 s from the scheduler), signed, with
 * a timeout, retried with backoff for 24 h. A hanging endpoint holds one of a few sends, never an alarm.
 */
export function webhookModule(deps: { app: FastifyInstance; routes: OperationRegistrar; db: Db; bus: EventBus; metrics: Metrics; config: WebhookConfig; mail: MailConfig; log: WebhookLog; now: () => number }) {
  const { now } = deps;
  const repository = webhookRepository(deps.db);
  const results = deps.metrics.counter({ name: 'vigil_webhook_deliveries_total', help: 'Webhook POSTs by result (delivered, retry, failed: given up)', labelNames: ['result'] });
  let closed = false;
  const mailer = alarmMailer(deps.mail, deps.config.timeoutMs);

  deps.routes.secured(api.webhookList, async (_input, { session }) => (await repository.list(workingProviderId(session.scope))).map(present));
  deps.routes.secured(api.webhookSave, async (input, { session }) => {
    const providerId = workingProviderId(session.scope);
    if (input.url.toLowerCase().startsWith('mailto:')) {
      // Email through SMTP: one plain address, and only when the server has SMTP_URL.
      if (!mailer || !mailAddressOf(input.url)) throw errors.invalidField('url', 'webhook.email');
    } else if (!webhookUrlAllowed(input.url, deps.config)) {
      throw errors.invalidField('url', 'webhook.url');
    }
    const values = {
      url: input.url,
      description: input.description,
      events: [...new Set(input.events)].join(','),
      alert_types: [...new Set(input.alertTypes)].join(','),
      levels: [...new Set(input.levels)].sort().join(','),
      enabled: input.enabled ? 1 : 0,
      updated_at: now(),
    };
    let id = input.id;
    if (id === undefined) {
      if ((await repository.count(providerId)) >= WEBHOOK_PER_PROVIDER_MAX) throw errors.badRequest('webhook.tooMany', { max: WEBHOOK_PER_PROVIDER_MAX });
      id = await repository.insert({ ...values, provider_id: providerId, secret: `whsec_${crypto.randomBytes(24).toString('base64url')}`, created_at: now() });
    } else if (!(await repository.update(providerId, id, values))) {
      throw errors.notFound();
    }
    return present((await repository.find(providerId, id))!);
  });
  deps.routes.secured(api.webhookDelete, async (input, { session }) => {
    if (!(await repository.remove(workingProviderId(session.scope), input.id))) throw errors.notFound();
    return null;
  });
  deps.routes.secured(api.webhookDeliveries, async (input, { session }) => {
    const page = await repository.page(workingProviderId(session.scope), input.webhookId, input.pageNum, input.pageSize);
    return { rows: page.rows.map(presentDelivery), total: page.total, pageNum: input.pageNum, pageSize: input.pageSize };
  });
  deps.routes.secured(api.webhookResend, async (input, { session }) => {
    const providerId = workingProviderId(session.scope);
    const time = now();
    if (!(await repository.resend(providerId, input.id, time, time + WEBHOOK_RETRY_WINDOW_MS))) throw errors.notFound();
    kick();
    return presentDelivery((await repository.findDelivery(providerId, input.id))!);
  });

  /**
   * Makes the deliveries of one alarm event (the unique key keeps it one across processes); `seq`
   * tells apart an alarm's several escalation steps. Answers the endpoints it made one for.
   */
  async function record(event: WebhookEvent, providerId: number, alarm: AlarmRecord, at: number, escalation?: { seq: number; step: WebhookEscalation }): Promise<Webhook[]> {
    const hooks = (await repository.enabledOf(providerId)).map(present).filter(
      (hook) => hook.events.includes(event) && hook.levels.includes(alarm.alertLevel) && (hook.alertTypes.length === 0 || hook.alertTypes.includes(alarm.alertType)),
    );
    if (hooks.length === 0) return [];
    const careHome = { id: providerId, name: await repository.providerName(providerId) };
    const made: Webhook[] = [];
    for (const hook of hooks) {
      const id = crypto.randomUUID();
      const payload = JSON.stringify(webhookPayload(id, event, at, careHome, alarm, escalation?.step));
      if (await repository.addDelivery({ id, webhook_id: hook.id, provider_id: providerId, event, alarm_id: alarm.id, seq: escalation?.seq ?? 0, payload, state: 'pending', next_at: at, created_at: at, retry_until: at + WEBHOOK_RETRY_WINDOW_MS })) made.push(hook);
    }
    return made;
  }

  async function send(delivery: Awaited<ReturnType<typeof repository.due>>[number], time: number): Promise<void> {
    const attempts = delivery.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    const address = mailAddressOf(delivery.url);
    try {
      if (address) {
        if (!mailer) throw new Error('SMTP_URL is not set');
        await mailer.send(address, JSON.parse(delivery.payload) as WebhookPayload, delivery.id);
        status = 250;
      } else {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil-Webhooks/1',
          'x-vigil-event': delivery.event,
          'x-vigil-delivery': delivery.id,
          'x-vigil-signature': webhookSignature(delivery.secret, delivery.payload, Math.floor(Date.now() / 1000)),
        },
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.config.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
      }
    } catch (caught) {
      error = caught instanceof Error && caught.name === 'TimeoutError' ? `no answer within ${deps.config.timeoutMs} ms` : String(caught instanceof Error ? (caught.cause ?? caught.message) : caught);
    }
    const finished = now();
    if (error === null) {
      await repository.finish(delivery.id, { state: 'delivered', attempts, nextAt: null, status, error: null, deliveredAt: finished });
      results.inc({ result: 'delivered' });
      return;
    }
    // The dispatch's clock (the scheduler's), so a run at a given time decides as of that time.
    const next = Math.max(time, finished) + WEBHOOK_BACKOFF_MS[Math.min(attempts - 1, WEBHOOK_BACKOFF_MS.length - 1)];
    if (next > delivery.retry_until) {
      await repository.finish(delivery.id, { state: 'failed', attempts, nextAt: null, status, error, deliveredAt: null });
      results.inc({ result: 'failed' });
      deps.log.warn({ delivery: delivery.id, url: delivery.url, attempts, error }, 'webhook: given up after 24 h');
    } else {
      await repository.finish(delivery.id, { state: 'pending', attempts, nextAt: next, status, error, deliveredAt: null });
      results.inc({ result: 'retry' });
    }
  }

  let dispatching: Promise<number> | null = null;
  let again = false;
  /** Sends what is due at `time` (the scheduler's job, and right after an event is recorded). */
  async function dispatchOnce(time: number): Promise<number> {
    const due = await repository.due(time, DUE_BATCH);
    let sent = 0;
    const queue = [...due];
    const hold = time + deps.config.timeoutMs + 30_000;
    async function worker(): Promise<void> {
      for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
        if (closed) return;
        if (!(await repository.take(delivery.id, delivery.next_at ?? 0, hold))) continue;
        await send(delivery, time);
        sent += 1;
      }
    }
    await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
    return sent;
  }
  function dispatch(time: number): Promise<number> {
    if (dispatching) {
      again = true;
      return dispatching;
    }
    dispatching = dispatchOnce(time).finally(() => {
      dispatching = null;
      if (again && !closed) {
        again = false;
        kick();
      }
    });
    return dispatching;
  }
  function kick(): void {
    setImmediate(() => void dispatch(now()).catch((error: unknown) => deps.log.warn({ err: error }, 'webhook: dispatch failed')));
  }

  function onEvent(event: WebhookEvent, providerId: number, alarm: AlarmRecord): void {
    if (closed) return;
    // Off the alarm path: the publisher does not wait for the database or the endpoint.
    const at = now();
    // Later than the next turn: the alarm's socket frames go out before this process writes the
    // deliveries (on SQLite a write holds the event loop for its commit).
    setTimeout(() => {
      record(event, providerId, alarm, at)
        .then((made) => made.length > 0 && kick())
        .catch((error: unknown) => deps.log.warn({ err: error, alarmId: alarm.id, event }, 'webhook: delivery not recorded'));
    }, RECORD_DELAY_MS);
  }
  deps.bus.subscribe('alarm.raised', ({ providerId, alarm, kind }) => {
    if (kind === 'new') onEvent('alarm.raised', providerId, alarm);
    // Unhandled too long, the orange alarm turned red.
    if (kind === 'escalated') onEvent('alarm.escalated', providerId, alarm);
  });
  deps.bus.subscribe('alarm.handled', ({ providerId, alarm }) => onEvent('alarm.handled', providerId, alarm));
  deps.bus.subscribe('alarm.relieved', ({ providerId, alarm }) => onEvent('alarm.relieved', providerId, alarm));

  const alarms = alarmRepository(deps.db);
  const levels = alarmSettings(alarmSettingsRepository(deps.db), now);
  /**
   * Records the deliveries of alarm events committed by a process that stopped before writing them
   * (the live path writes them after the commit, in memory). The unique key per endpoint, alarm and
   * event keeps it one delivery whether the live path, this sweep or another process's sweep got
   * there first. Answers how many deliveries it made.
   */
  async function sweep(time: number): Promise<number> {
    let made = 0;
    for (const event of SWEPT_EVENTS) {
      for (const missing of await repository.unrecorded(event, time - SWEEP_LOOKBACK_MS, time - SWEEP_GRACE_MS, 100)) {
        if (closed) return made;
        const row = await alarms.find(missing.alarmId);
        if (!row) continue;
        const current = presentAlarm(row, await levels.levelsOf(row.provider_id), 'en-us');
        // Raised orange and turned red since: its raise is the orange one the live path would have sent.
        const alarm = event === 'alarm.raised' && row.escalated_at !== null ? { ...current, alertLevel: 2 as const } : current;
        made += (await record(event, missing.providerId, alarm, missing.at)).length;
      }
    }
    if (made > 0) kick();
    return made;
  }

  deps.app.addHook('preClose', async () => {
    closed = true;
    await dispatching?.catch(() => undefined);
    mailer?.close();
  });

  return {
    repository,
    dispatch,
    sweep,
    /** Makes an escalation chain step's alarm.escalated deliveries (once per endpoint, alarm and step) and starts sending them. */
    async recordEscalation(providerId: number, alarm: AlarmRecord, seq: number, step: WebhookEscalation): Promise<Webhook[]> {
      if (closed) return [];
      const made = await record('alarm.escalated', providerId, alarm, now(), { seq, step });
      if (made.length > 0) kick();
      return made;
    },
    /** Resolves when no dispatch is running (tests). */
    async idle(): Promise<void> {
      while (dispatching) await dispatching.catch(() => undefined);
    },
    registerJobs(scheduler: Scheduler): void {
      scheduler.registerJob({ name: 'webhook-deliveries', schedule: { everyMs: WEBHOOK_JOB_EVERY_MS }, run: async ({ now: time }) => void (await dispatch(time)) });
      scheduler.registerJob({ name: 'webhook-sweep', schedule: { everyMs: WEBHOOK_SWEEP_EVERY_MS }, run: async ({ now: time }) => void (await sweep(time)) });
      scheduler.registerJob({ name: 'webhook-deliveries-purge', schedule: { everyMs: 3_600_000 }, run: async ({ now: time }) => repository.purge(time - 30 * 86_400_000) });
    },
  };
}
export type WebhookModule = ReturnType<typeof webhookModule>;
