import { formatAlarmDuration, formatAlarmText, formatMessage, LANGUAGES, type AlarmRecord, type Language, type PushMessage } from '@vigil/contracts';
import webpush from 'web-push';
import type { PushConfig } from './push-config.ts';
import type { FamilyPushEvent, FamilyTarget, PushEvent, PushRepository, PushTarget, VapidKeys } from './push.repository.ts';

export interface PushLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** How long a push service keeps an undelivered alarm (the app's pending list looks back as far). */
export const PUSH_TTL_SECONDS = 3600;
/** Requests to push services at once (per process). */
const PARALLEL_REQUESTS = 8;
/** Alarm events waiting in this process beyond this are left to the scheduler's sweep. */
const QUEUE_MAX = 5000;
/** How long after an alarm event its push starts. */
const PUMP_DELAY_MS = 20;

const languageOf = (value: string): Language => LANGUAGES.find((language) => language === value) ?? 'en-us';

/** The notification for one alarm event in one language (what the service worker shows). */
export function pushMessageFor(event: PushEvent, alarm: AlarmRecord, language: Language, stepMinutes?: number): PushMessage {
  const title = formatAlarmText(language, alarm.shortKey) || alarm.alertType;
  const text = formatAlarmText(language, alarm.longKey, { userName: alarm.userName, addr: alarm.address, duration: formatAlarmDuration(language, alarm.duration) }) || [alarm.userName, alarm.address].filter(Boolean).join(' · ');
  let body = text;
  if (event === 'escalated') body = `${formatMessage(language, 'push.escalated')} ${text}`;
  // A step of the care home's escalation chain that waited: say how long the alarm is unhandled.
  if (stepMinutes !== undefined && stepMinutes > 0) body = `${formatMessage(language, 'push.escalationStep', { minutes: stepMinutes })} ${text}`;
  if (event === 'handled') body = formatMessage(language, 'push.handledBy', { name: alarm.handler ?? '' });
  if (event === 'relieved') body = (alarm.removeKey && formatAlarmText(language, alarm.removeKey)) || formatMessage(language, 'push.relieved');
  return {
    v: 1,
    kind: event === 'new' ? (stepMinutes ? 'escalated' : 'alarm') : event,
    alarmId: alarm.id,
    level: alarm.alertLevel,
    title,
    body,
    tag: `alarm-${alarm.id}`,
    url: `/app/?alarm=${alarm.id}`,
    raisedAt: alarm.raisedAt,
    actionable: (event === 'new' || event === 'escalated') && alarm.showHandler,
    handler: event === 'handled' ? alarm.handler : null,
  };
}

/**
 * A relative's notification of their resident's red alarm (issue 28): plain words, the resident's
 * name only, no vital signs, no place, no staff names; a tap opens the family screen. The raise
 * and its end share a tag of their own, so the end replaces the raise on the phone.
 */
export function familyPushMessage(event: FamilyPushEvent, alarm: Pick<AlarmRecord, 'id' | 'raisedAt'>, residentName: string, language: Language): PushMessage {
  return {
    v: 1,
    kind: event === 'family-new' ? 'alarm' : event === 'family-handled' ? 'handled' : 'relieved',
    alarmId: alarm.id,
    level: 1,
    title: formatMessage(language, 'push.family.title', { name: residentName }),
    body: formatMessage(language, event === 'family-new' ? 'push.family.raised' : event === 'family-handled' ? 'push.family.handled' : 'push.family.relieved', { name: residentName }),
    tag: `family-${alarm.id}`,
    url: '/app/',
    raisedAt: alarm.raisedAt,
    actionable: false,
    handler: null,
  };
}

/** Whom an alarm event goes to: every caregiver, nobody (the escalation chain tells people itself), or these accounts. */
export type PushSenderAudience = (event: PushEvent, providerId: number, alarm: AlarmRecord) => Promise<'all' | 'chain' | number[]>;

/**
 * Sends alarm events to the caregivers' phones through their push services (RFC 8030 with VAPID,
 * RFC 8292; payload encrypted per RFC 8291, aes128gcm). `enqueue` only queues: the alarm path
 * never waits for a push service. Each event is claimed in the database first, so of all the
 * processes that hear of it one sends it; a subscription the push service calls gone (404, 410)
 * is removed.
 */
export function pushSender(deps: {
  repository: PushRepository;
  keys: () => Promise<VapidKeys>;
  config: PushConfig;
  log: PushLog;
  now: () => number;
  onResult?: (result: 'sent' | 'gone' | 'failed') => void;
  /**
   * Whom an event goes to: every caregiver of the care home ('all'), nobody because the care
   * home's escalation chain tells people itself ('chain'), or these accounts only (the end of an
   * alarm the chain told them of). Without it, every caregiver.
   */
  audience?: PushSenderAudience;
}) {
  type Job =
    | { family?: false; event: PushEvent; providerId: number; alarm: AlarmRecord; reclaimedFrom?: number }
    | { family: true; event: FamilyPushEvent; providerId: number; alarm: AlarmRecord; reclaimedFrom?: number };
  const queue: Job[] = [];
  let running = 0;
  let idle: (() => void)[] = [];
  let closed = false;

  async function sendOne(target: PushTarget, event: PushEvent, alarm: AlarmRecord, keys: VapidKeys, stepMinutes?: number, family?: FamilyPushEvent): Promise<'sent' | 'gone' | 'failed'> {
    const language = languageOf(target.language);
    const message = family ? familyPushMessage(family, alarm, (target as FamilyTarget).residentName, language) : pushMessageFor(event, alarm, language, stepMinutes);
    const actionable = message.actionable;
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
      vapidDetails: { subject: deps.config.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      // Handled/relieved and informational alarms need not wake a dozing phone at once.
      urgency: actionable ? 'high' : 'normal',
      topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      contentEncoding: 'aes128gcm',
    });
    let status = 0;
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(deps.config.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      deps.log.warn({ err: error, subscription: target.id, alarmId: alarm.id }, 'push: push service not reached');
      deps.onResult?.('failed');
      return 'failed';
    }
    if (status === 404 || status === 410) {
      await deps.repository.remove(target.id);
      deps.log.info({ subscription: target.id, status }, 'push: subscription gone, removed');
      deps.onResult?.('gone');
      return 'gone';
    }
    await deps.repository.noteSent(target.id, status, deps.now());
    if (status >= 200 && status < 300) {
      deps.onResult?.('sent');
      return 'sent';
    }
    deps.log.warn({ subscription: target.id, alarmId: alarm.id, status }, 'push: push service refused the message');
    deps.onResult?.('failed');
    return 'failed';
  }

  /** A relative's push: their resident's red alarm raised, handled or relieved, once of all processes. */
  async function runFamily(job: Job & { family: true }): Promise<void> {
    if (job.alarm.alertLevel !== 1 || job.alarm.userId === null) return;
    const targets = await deps.repository.familyTargets(job.providerId, job.alarm.userId);
    if (targets.length === 0) return;
    // Only a relative told of the alarm is told it is over.
    if (job.event !== 'family-new' && !(await deps.repository.wasClaimed(job.alarm.id, 'family-new'))) return;
    const claimed = job.reclaimedFrom !== undefined
      ? await deps.repository.reclaim(job.alarm.id, job.event, job.reclaimedFrom, deps.now())
      : await deps.repository.claim(job.alarm.id, job.event, job.providerId, deps.now());
    if (!claimed) return;
    const keys = await deps.keys();
    for (let start = 0; start < targets.length; start += PARALLEL_REQUESTS) {
      await Promise.all(targets.slice(start, start + PARALLEL_REQUESTS).map((target) => sendOne(target, 'new', job.alarm, keys, undefined, job.event)));
    }
    await deps.repository.markSent(job.alarm.id, job.event, deps.now());
  }

  async function run(job: Job): Promise<void> {
    if (job.family) return runFamily(job);
    const audience = deps.audience ? await deps.audience(job.event, job.providerId, job.alarm) : 'all';
    if (audience === 'chain') {
      // The chain pushes the alarm to the people it names; the claim keeps the sweep from sending it anyway.
      if (await deps.repository.claim(job.alarm.id, job.event, job.providerId, deps.now())) await deps.repository.markSent(job.alarm.id, job.event, deps.now());
      return;
    }
    const everyone = await deps.repository.caregiverTargets(job.providerId);
    const targets = audience === 'all' ? everyone : everyone.filter((target) => audience.includes(target.accountId));
    if (targets.length === 0) return;
    if (job.event === 'handled' || job.event === 'relieved') {
      // Only a phone that was told of the alarm is told it is over.
      if (!(await deps.repository.wasPushed(job.alarm.id))) return;
    }
    const claimed = job.reclaimedFrom !== undefined
      ? await deps.repository.reclaim(job.alarm.id, job.event, job.reclaimedFrom, deps.now())
      : await deps.repository.claim(job.alarm.id, job.event, job.providerId, deps.now());
    if (!claimed) return;
    const keys = await deps.keys();
    for (let start = 0; start < targets.length; start += PARALLEL_REQUESTS) {
      await Promise.all(targets.slice(start, start + PARALLEL_REQUESTS).map((target) => sendOne(target, job.event, job.alarm, keys)));
    }
    await deps.repository.markSent(job.alarm.id, job.event, deps.now());
  }

  function push(job: Job): void {
    if (closed) return;
    if (queue.length >= QUEUE_MAX) {
      deps.log.warn({ alarmId: job.alarm.id, event: job.event }, 'push: queue full, left to the sweep');
      return;
    }
    queue.push(job);
    // A little later: the alarm's socket frames go out before this process claims and sends
    // (on SQLite the claim's write holds the event loop for its commit).
    setTimeout(pump, PUMP_DELAY_MS);
  }

  function pump(): void {
    while (running < 4 && queue.length > 0 && !closed) {
      const job = queue.shift()!;
      running += 1;
      run(job)
        .catch((error: unknown) => deps.log.warn({ err: error, alarmId: job.alarm.id, event: job.event }, 'push: not sent (the sweep retries a claimed one)'))
        .finally(() => {
          running -= 1;
          pump();
          if (running === 0 && queue.length === 0) {
            const waiting = idle;
            idle = [];
            for (const resolve of waiting) resolve();
          }
        });
    }
  }

  return {
    /**
     * Pushes an alarm to the phones of these accounts now (an escalation chain's step, which has
     * claimed the step itself): per account, whether a phone took it, all failed, or none is subscribed.
     */
    async sendToAccounts(providerId: number, accountIds: readonly number[], alarm: AlarmRecord, stepMinutes: number): Promise<Map<number, 'sent' | 'failed' | 'noDevice'>> {
      const results = new Map<number, 'sent' | 'failed' | 'noDevice'>(accountIds.map((id) => [id, 'noDevice']));
      const targets = (await deps.repository.caregiverTargets(providerId)).filter((target) => results.has(target.accountId));
      if (targets.length === 0) return results;
      const keys = await deps.keys();
      for (let start = 0; start < targets.length; start += PARALLEL_REQUESTS) {
        const slice = targets.slice(start, start + PARALLEL_REQUESTS);
        const outcomes = await Promise.all(slice.map((target) => sendOne(target, 'new', alarm, keys, stepMinutes)));
        slice.forEach((target, index) => {
          if (outcomes[index] === 'sent') results.set(target.accountId, 'sent');
          else if (results.get(target.accountId) !== 'sent') results.set(target.accountId, 'failed');
        });
      }
      return results;
    },
    /** Queues an alarm event for pushing and returns at once. */
    enqueue(event: PushEvent, providerId: number, alarm: AlarmRecord, reclaimedFrom?: number): void {
      push({ event, providerId, alarm, reclaimedFrom });
    },
    /** Queues a red alarm's raise or end for the resident's opted-in relatives and returns at once. */
    enqueueFamily(event: FamilyPushEvent, providerId: number, alarm: AlarmRecord, reclaimedFrom?: number): void {
      if (alarm.alertLevel !== 1 || alarm.userId === null) return;
      push({ family: true, event, providerId, alarm, reclaimedFrom });
    },
    /** Resolves when nothing is queued or sending (tests, shutdown). */
    idle(): Promise<void> {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    async close(): Promise<void> {
      closed = true;
      queue.length = 0;
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
export type PushSender = ReturnType<typeof pushSender>;
