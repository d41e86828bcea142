import { EscalationStepSchema, type AlarmNotificationLog, type EscalationSetting, type EscalationSettingInput, type EscalationStep } from '@vigil/contracts';
import { z } from 'zod';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import type { AlarmRepository } from '../alarms/alarm.repository.ts';
import type { AnalyticsRepository } from '../analytics/analytics.repository.ts';
import { settingsFromRow } from '../analytics/analytics.service.ts';
import { shiftsOf } from '../analytics/shifts.ts';
import type { EscalationRepository } from './escalation.repository.ts';

/** A care home's chains and roster as the walker reads them. */
export interface EscalationChain {
  red: EscalationStep[];
  orange: EscalationStep[];
  roster: { shift: number; caregiverIds: number[] }[];
}

const storedSteps = z.array(EscalationStepSchema);
const storedRoster = z.array(z.object({ shift: z.number().int(), caregiverIds: z.array(z.number().int()) }));

/** Reads a stored chain; a row that no longer parses counts as no chain (and is logged by the caller's test). */
export function chainFromRow(row: { red: string; orange: string; roster: string } | undefined): EscalationChain {
  if (!row) return { red: [], orange: [], roster: [] };
  const parse = <T>(schema: z.ZodType<T>, text: string, fallback: T): T => {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  };
  return { red: parse(storedSteps, row.red, []), orange: parse(storedSteps, row.orange, []), roster: parse(storedRoster, row.roster, []) };
}

/** The steps of an alarm level's chain (1 red, 2 orange). */
export const stepsOf = (chain: EscalationChain, level: number): EscalationStep[] => (level === 1 ? chain.red : level === 2 ? chain.orange : []);

/** The escalation screen's reads and writes, and an alarm's notification log. */
export function escalationService(deps: {
  repository: EscalationRepository;
  alarms: Pick<AlarmRepository, 'find'>;
  analytics: Pick<AnalyticsRepository, 'findSettings'>;
  timeZone: (providerId: number) => Promise<string>;
  emailAvailable: boolean;
  now: () => number;
}) {
  const { repository, alarms, analytics } = deps;

  async function view(providerId: number): Promise<EscalationSetting> {
    const row = await repository.findChain(providerId);
    const chain = chainFromRow(row);
    const settings = settingsFromRow(await analytics.findSettings(providerId));
    const caregivers = await repository.listCaregivers(providerId);
    const summary = await repository.summarySetting(providerId);
    return {
      ...chain,
      shifts: shiftsOf(settings.shiftStarts),
      timeZone: await deps.timeZone(providerId),
      caregivers: caregivers.map((caregiver) => ({ id: caregiver.id, name: caregiver.name, senior: caregiver.grade === 'senior' })),
      emailAvailable: deps.emailAvailable,
      saved: row !== undefined,
      relativesPush: await repository.relativesPush(providerId),
      summaryRecipients: summary.recipients,
      summaryTime: summary.time,
      summaryLastSentAt: summary.lastSentAt,
    };
  }

  return {
    get: (session: SessionInfo) => view(workingProviderId(session.scope)),

    /** Checks everything first: a refused save changes nothing. */
    async save(session: SessionInfo, input: EscalationSettingInput): Promise<EscalationSetting> {
      const providerId = workingProviderId(session.scope);
      const steps = [...input.red, ...input.orange];
      if (!deps.emailAvailable && (steps.some((step) => step.channels.includes('email')) || (input.summaryRecipients?.length ?? 0) > 0)) throw errors.badRequest('escalation.emailUnavailable');
      const shiftCount = shiftsOf(settingsFromRow(await analytics.findSettings(providerId)).shiftStarts).length;
      if (input.roster.some((entry) => entry.shift >= shiftCount) || new Set(input.roster.map((entry) => entry.shift)).size !== input.roster.length) {
        throw errors.badRequest('escalation.shift');
      }
      const ids = [...new Set(input.roster.flatMap((entry) => entry.caregiverIds))];
      if ((await repository.ownedCaregiverIds(providerId, ids)).length !== ids.length) throw errors.badRequest('escalation.caregiver');
      const roster = input.roster.filter((entry) => entry.caregiverIds.length > 0).sort((a, b) => a.shift - b.shift);
      await repository.saveChain(providerId, { red: JSON.stringify(input.red), orange: JSON.stringify(input.orange), roster: JSON.stringify(roster) }, deps.now());
      if (input.relativesPush !== undefined) await repository.saveRelativesPush(providerId, input.relativesPush, deps.now());
      if (input.summaryRecipients !== undefined || input.summaryTime !== undefined) await repository.saveSummarySetting(providerId, { recipients: input.summaryRecipients, time: input.summaryTime }, deps.now());
      return view(providerId);
    },

    /**
     * A caregiver tapped the alarm's pushed notification and the app opened it: recorded once per
     * caregiver (the first time) on the alarm's notification log. Another care home's alarm is not found.
     */
    async opened(session: SessionInfo, alarmId: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const alarm = await alarms.find(alarmId);
      if (!alarm || alarm.provider_id !== providerId) throw errors.notFound();
      await repository.recordOpened({ providerId, alarmId: alarm.id, level: alarm.alert_level, accountId: session.accountId, at: deps.now() });
      return null;
    },

    /** Who was told of an alarm of the caller's care home, and who handled it. */
    async notifications(session: SessionInfo, alarmId: number): Promise<AlarmNotificationLog> {
      const providerId = workingProviderId(session.scope);
      const alarm = await alarms.find(alarmId);
      if (!alarm || alarm.provider_id !== providerId) throw errors.notFound();
      const rows = await repository.notificationsOf(alarm.id);
      return {
        alarmId: alarm.id,
        raisedAt: alarm.raised_at,
        dealState: alarm.deal_state,
        handledBy: alarm.handler_name,
        handledAt: alarm.deal_time,
        relievedAt: alarm.relieved_at,
        notifications: rows.map((row) => ({
          at: row.at,
          step: row.step,
          level: row.level,
          channel: row.channel === 'email' || row.channel === 'webhook' ? row.channel : 'push',
          recipient: row.recipient,
          status: row.status === 'sent' || row.status === 'failed' || row.status === 'queued' || row.status === 'opened' ? row.status : 'noDevice',
        })),
      };
    },
  };
}
export type EscalationService = ReturnType<typeof escalationService>;
