import crypto from 'node:crypto';
import type { AlarmRecord, EscalationStep } from '@vigil/contracts';
import type { AlarmSettings } from '../alarms/alarm-settings.ts';
import { presentAlarm } from '../alarms/alarm.presenter.ts';
import type { AlarmRepository, AlarmRow } from '../alarms/alarm.repository.ts';
import type { AnalyticsRepository } from '../analytics/analytics.repository.ts';
import { settingsFromRow } from '../analytics/analytics.service.ts';
import { shiftWindows } from '../analytics/shifts.ts';
import type { PushSender } from '../push/push-sender.ts';
import { localDate } from '../reports/zoned-time.ts';
import type { AlarmMailer } from '../webhooks/alarm-mail.ts';
import { webhookPayload, type WebhookModule } from '../webhooks/webhook-module.ts';
import { chainFromRow, stepsOf, type EscalationChain } from './escalation.service.ts';
import { stepKey, type CaregiverRecipient, type EscalationRepository, type NewNotification } from './escalation.repository.ts';

export interface WalkerLog {
  warn(details: object, message: string): void;
}

/**
 * While a process runs a step it renews its claim this often; a claim not renewed for
 * STALE_STEP_MS is taken over (its process stopped, or was killed, while telling people). With
 * the scheduler's failover this keeps a step no later than its wait plus 15 s even when its
 * process dies in the middle of it (escalation-failover.test.ts; before, a claim was taken over
 * only after 60 s).
 */
export const STEP_HEARTBEAT_MS = 2_000;
export const STALE_STEP_MS = 8_000;
/** Alarms older than the chain's longest wait plus this are no longer walked. */
const LOOKBACK_GRACE_MS = 15 * 60_000;

/**
 * Walks the escalation chains (issue 28): for each pending alarm of a care home with a chain,
 * each step whose wait has passed is claimed once (escalation_steps: one process, one time), its
 * people are found (the resident's caregivers, those on the duty roster of the shift now running,
 * the senior ones, or all) and told through the step's channels; every one told is recorded.
 * A handled or relieved alarm is no longer pending, so its chain stops.
 */
export function escalationWalker(deps: {
  repository: EscalationRepository;
  alarms: Pick<AlarmRepository, 'find'>;
  analytics: Pick<AnalyticsRepository, 'findSettings'>;
  levels: Pick<AlarmSettings, 'levelsOf'>;
  push: Pick<PushSender, 'sendToAccounts'>;
  webhooks: Pick<WebhookModule, 'recordEscalation'>;
  mailer: AlarmMailer | null;
  timeZone: (providerId: number) => Promise<string>;
  log: WalkerLog;
  now: () => number;
}) {
  const { repository, alarms, analytics, levels } = deps;

  /** The caregivers on the roster of the shift running at `at`, in the care home's time zone. */
  async function onDuty(providerId: number, chain: EscalationChain, at: number): Promise<CaregiverRecipient[]> {
    const starts = settingsFromRow(await analytics.findSettings(providerId)).shiftStarts;
    const zone = await deps.timeZone(providerId);
    const today = localDate(at, zone);
    const window = shiftWindows(today, today, starts, zone).find((candidate) => candidate.from <= at && at < candidate.to);
    const ids = chain.roster.find((entry) => entry.shift === window?.shift)?.caregiverIds ?? [];
    return repository.caregiversById(providerId, ids);
  }

  async function audienceOf(step: EscalationStep, alarm: AlarmRow, chain: EscalationChain, at: number): Promise<CaregiverRecipient[]> {
    switch (step.audience) {
      case 'residentCaregivers':
        return alarm.resident_id === null ? [] : repository.caregiversOfResident(alarm.provider_id, alarm.resident_id);
      case 'onDutyCaregivers':
        return onDuty(alarm.provider_id, chain, at);
      case 'seniorCaregivers':
        return repository.seniorCaregivers(alarm.provider_id);
      case 'allCaregivers':
        return repository.allCaregivers(alarm.provider_id);
    }
  }

  /** Tells the step's people through its channels; answers what to record. */
  async function tell(step: EscalationStep, index: number, level: number, row: AlarmRow, record: AlarmRecord, chain: EscalationChain, at: number): Promise<NewNotification[]> {
    const people = await audienceOf(step, row, chain, at);
    const base = { provider_id: row.provider_id, alarm_id: row.id, level, step: index, at };
    const told: NewNotification[] = [];
    const escalation = { step: index, afterMinutes: step.afterMinutes, audience: step.audience, notified: people.map((person) => person.name) };
    if (step.channels.includes('push')) {
      if (people.length === 0) told.push({ ...base, channel: 'push', account_id: null, recipient: '', status: 'noDevice' });
      const results = people.length > 0 ? await deps.push.sendToAccounts(row.provider_id, people.map((person) => person.accountId), record, step.afterMinutes) : new Map();
      for (const person of people) told.push({ ...base, channel: 'push', account_id: person.accountId, recipient: person.name, status: results.get(person.accountId) ?? 'noDevice' });
    }
    if (step.channels.includes('email')) {
      const careHome = { id: row.provider_id, name: '' };
      for (const address of step.emails) {
        let status: 'sent' | 'failed' = 'failed';
        if (deps.mailer) {
          const id = crypto.randomUUID();
          try {
            await deps.mailer.send(address, webhookPayload(id, 'alarm.escalated', at, careHome, record, escalation), id);
            status = 'sent';
          } catch (error) {
            deps.log.warn({ err: error, alarmId: row.id, step: index }, 'escalation: email not sent');
          }
        }
        told.push({ ...base, channel: 'email', account_id: null, recipient: address, status });
      }
    }
    if (step.channels.includes('webhook')) {
      const hooks = await deps.webhooks.recordEscalation(row.provider_id, record, stepKey(level, index), escalation);
      for (const hook of hooks) told.push({ ...base, channel: 'webhook', account_id: null, recipient: hook.description || hook.url, status: 'queued' });
    }
    return told;
  }

  /** Runs one claimed step (claimed at `at`) and records who was told, renewing the claim meanwhile. */
  async function runStep(row: AlarmRow, chain: EscalationChain, level: number, index: number, at: number): Promise<void> {
    const step = stepsOf(chain, level)[index];
    const key = stepKey(level, index);
    let claimedAt = at;
    let beating: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      beating = beating.then(async () => {
        const time = deps.now();
        // Fenced on our own last renewal: a claim taken over meanwhile (this process stalled) stays the other's.
        if (await repository.renewStep(row.id, key, claimedAt, time)) claimedAt = time;
        else clearInterval(heartbeat);
      }).catch((error: unknown) => deps.log.warn({ err: error, alarmId: row.id, step: key }, 'escalation: claim not renewed'));
    }, STEP_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      // A step taken over from a stopped process tells nobody once the alarm is handled or relieved.
      if (step && row.deal_state === 'unDeal' && row.relieved === 0) {
        const record = presentAlarm(row, await levels.levelsOf(row.provider_id), 'en-us');
        await repository.addNotifications(await tell(step, index, level, row, record, chain, at));
      }
    } finally {
      clearInterval(heartbeat);
      await beating;
    }
    await repository.finishStep(row.id, key, deps.now());
  }

  /** Claims and runs the due steps of one pending alarm. */
  async function walkAlarm(row: AlarmRow, chain: EscalationChain, done: ReadonlySet<number>, at: number): Promise<number> {
    if (row.deal_state !== 'unDeal' || row.relieved === 1) return 0;
    const level = row.alert_level;
    let ran = 0;
    for (const [index, step] of stepsOf(chain, level).entries()) {
      if (row.raised_at + step.afterMinutes * 60_000 > at) break;
      const key = stepKey(level, index);
      if (done.has(key)) continue;
      if (!(await repository.claimStep(row.id, key, row.provider_id, at))) continue;
      await runStep(row, chain, level, index, at);
      ran += 1;
    }
    return ran;
  }

  return {
    /** The scheduler's run: every care home's pending alarms, and steps a stopped process left half done. Answers the steps run. */
    async tick(at: number): Promise<number> {
      let ran = 0;
      for (const stale of await repository.reclaimStale(at - STALE_STEP_MS, at, 50)) {
        const row = await alarms.find(stale.alarm_id);
        if (!row) continue;
        await runStep(row, chainFromRow(await repository.findChain(row.provider_id)), Math.floor(stale.step_key / 100), stale.step_key % 100, at);
        ran += 1;
      }
      for (const chainRow of await repository.chains()) {
        const chain = chainFromRow(chainRow);
        const walked = ([1, 2] as const).filter((level) => stepsOf(chain, level).length > 0);
        const longest = Math.max(0, ...[...chain.red, ...chain.orange].map((step) => step.afterMinutes));
        const pending = await repository.pendingAlarms(chainRow.provider_id, walked, at - longest * 60_000 - LOOKBACK_GRACE_MS, at);
        const keys = await repository.stepKeysOf(pending.map((alarm) => alarm.id));
        for (const candidate of pending) {
          const done = new Set(keys.filter((entry) => entry.alarm_id === candidate.id).map((entry) => entry.step_key));
          const level = candidate.alert_level;
          const due = stepsOf(chain, level).some((step, index) => candidate.raised_at + step.afterMinutes * 60_000 <= at && !done.has(stepKey(level, index)));
          if (!due) continue;
          const row = await alarms.find(candidate.id);
          if (row) ran += await walkAlarm(row, chain, done, at);
        }
      }
      return ran;
    },

    /** Runs the steps due now of one alarm just committed (new, or turned red): the chain's first step needs no scheduler turn. */
    async walkNow(alarmId: number, at: number): Promise<number> {
      const row = await alarms.find(alarmId);
      if (!row) return 0;
      const chainRow = await repository.findChain(row.provider_id);
      if (!chainRow) return 0;
      const done = new Set((await repository.stepKeysOf([row.id])).map((entry) => entry.step_key));
      return walkAlarm(row, chainFromRow(chainRow), done, at);
    },
  };
}
export type EscalationWalker = ReturnType<typeof escalationWalker>;
