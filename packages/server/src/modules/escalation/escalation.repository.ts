import { SummaryRecipientSchema, type SummaryRecipient } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';

/** Tables of migration 024 (declared here, merged into the database type). */
declare module '../../db/schema.ts' {
  interface Database {
    escalation_chains: EscalationChainsTable;
    escalation_steps: EscalationStepsTable;
    alarm_notifications: AlarmNotificationsTable;
  }
}

export interface EscalationChainsTable {
  provider_id: number;
  /** JSON: the red chain's steps (contracts EscalationStep[]). */
  red: string;
  orange: string;
  /** JSON: [{ shift, caregiverIds }]. */
  roster: string;
  updated_at: number;
}

export interface EscalationStepsTable {
  alarm_id: number;
  /** level * 100 + the step's index. */
  step_key: number;
  provider_id: number;
  claimed_at: number;
  done_at: number | null;
  attempts: import('kysely').ColumnType<number, number | undefined, number>;
}

export interface AlarmNotificationsTable {
  id: import('kysely').Generated<number>;
  provider_id: number;
  alarm_id: number;
  level: number;
  step: number | null;
  channel: string;
  account_id: number | null;
  recipient: string;
  status: string;
  at: number;
}

/** A caregiver a step may tell: her account (for push) and name. */
export interface CaregiverRecipient {
  caregiverId: number;
  accountId: number;
  name: string;
}

export type NewNotification = Omit<AlarmNotificationsTable, 'id'>;

/** The key of a step in escalation_steps. */
export const stepKey = (level: number, index: number): number => level * 100 + index;

/** SQL of the escalation chains, the steps alarms reached and who was told. */
/** The stored recipients (JSON): { email, language } each, or a plain address from before languages (English). */
function storedRecipients(json: string): SummaryRecipient[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    const recipient = SummaryRecipientSchema.safeParse(typeof entry === 'string' ? { email: entry, language: 'en-us' } : entry);
    return recipient.success ? [recipient.data] : [];
  });
}

export function escalationRepository(db: Db) {
  const caregivers = (providerId: number) =>
    db
      .selectFrom('caregivers as c')
      .innerJoin('accounts as a', 'a.id', 'c.account_id')
      .select(['c.id as caregiverId', 'c.account_id as accountId', 'c.name as name'])
      .where('c.provider_id', '=', providerId)
      .where('a.provider_id', '=', providerId)
      .where('a.enabled', '=', 1)
      .where('a.role', '=', 'NURSING');

  return {
    /** The care home's "relatives may receive alarm notifications" (care_home_notify, migration 027; off without a row). */
    async relativesPush(providerId: number): Promise<boolean> {
      const row = await db.selectFrom('care_home_notify').select('relatives_push').where('provider_id', '=', providerId).executeTakeFirst();
      return row?.relatives_push === 1;
    },

    async saveRelativesPush(providerId: number, allowed: boolean, now: number): Promise<void> {
      const values = { relatives_push: allowed ? 1 : 0, updated_at: now };
      await db
        .insertInto('care_home_notify')
        .values({ provider_id: providerId, ...values })
        .onConflict((conflict) => conflict.column('provider_id').doUpdateSet(values))
        .execute();
    },

    /** Care homes with at least one morning summary recipient. */
    async summaryHomes(): Promise<number[]> {
      const rows = await db.selectFrom('care_home_notify').select('provider_id').where('summary_emails', '!=', '[]').execute();
      return rows.map((row) => row.provider_id);
    },

    /** The care home's name, for the summary's subject ('' when it is gone). */
    async careHomeName(providerId: number): Promise<string> {
      return (await db.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirst())?.name ?? '';
    },

    /**
     * Claims a care home's morning summary of `date` for this process: true when the row is new,
     * or when its claim is older than `staleMs` and it was never sent (its process stopped first).
     */
    async claimMorningSummary(providerId: number, date: string, now: number, staleMs: number): Promise<boolean> {
      const inserted = await db
        .insertInto('morning_summaries')
        .values({ provider_id: providerId, date, claimed_at: now, sent_at: null })
        .onConflict((conflict) => conflict.columns(['provider_id', 'date']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
      const retaken = await db
        .updateTable('morning_summaries')
        .set({ claimed_at: now })
        .where('provider_id', '=', providerId)
        .where('date', '=', date)
        .where('sent_at', 'is', null)
        .where('claimed_at', '<', now - staleMs)
        .executeTakeFirst();
      return Number(retaken.numUpdatedRows) > 0;
    },

    async morningSummarySent(providerId: number, date: string, at: number, recipients: number): Promise<void> {
      await db.updateTable('morning_summaries').set({ sent_at: at, recipients }).where('provider_id', '=', providerId).where('date', '=', date).execute();
    },

    /** Gives an unsent claim back, so the next run tries again. */
    async releaseMorningSummary(providerId: number, date: string): Promise<void> {
      await db.deleteFrom('morning_summaries').where('provider_id', '=', providerId).where('date', '=', date).where('sent_at', 'is', null).execute();
    },

    /**
     * The morning summary's recipients (each with the language their email is written in) and
     * local time, and when it last went out. An address stored before recipients had a language
     * reads as English, the language its summary was written in then.
     */
    async summarySetting(providerId: number): Promise<{ recipients: SummaryRecipient[]; time: string; lastSentAt: number | null }> {
      const row = await db.selectFrom('care_home_notify').select(['summary_emails', 'summary_time']).where('provider_id', '=', providerId).executeTakeFirst();
      const last = await db.selectFrom('morning_summaries').select((eb) => eb.fn.max('sent_at').as('at')).where('provider_id', '=', providerId).executeTakeFirst();
      return { recipients: storedRecipients(row?.summary_emails ?? '[]'), time: row?.summary_time ?? '08:00', lastSentAt: last?.at == null ? null : Number(last.at) };
    },

    async saveSummarySetting(providerId: number, values: { recipients?: SummaryRecipient[]; time?: string }, now: number): Promise<void> {
      const set = { updated_at: now, ...(values.recipients ? { summary_emails: JSON.stringify(values.recipients) } : {}), ...(values.time ? { summary_time: values.time } : {}) };
      await db
        .insertInto('care_home_notify')
        .values({ provider_id: providerId, relatives_push: 0, ...set })
        .onConflict((conflict) => conflict.column('provider_id').doUpdateSet(set))
        .execute();
    },

    findChain(providerId: number) {
      return db.selectFrom('escalation_chains').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
    },

    async saveChain(providerId: number, values: { red: string; orange: string; roster: string }, now: number): Promise<void> {
      const row = { ...values, updated_at: now };
      await db
        .insertInto('escalation_chains')
        .values({ provider_id: providerId, ...row })
        .onConflict((conflict) => conflict.column('provider_id').doUpdateSet(row))
        .execute();
    },

    /** Care homes with a chain of at least one step. */
    chains() {
      return db.selectFrom('escalation_chains').selectAll().where((eb) => eb.or([eb('red', '!=', '[]'), eb('orange', '!=', '[]')])).execute();
    },

    /** Every caregiver of the care home, with her grade (for the screen's roster). */
    listCaregivers(providerId: number) {
      return db.selectFrom('caregivers').select(['id', 'name', 'grade']).where('provider_id', '=', providerId).orderBy('name').orderBy('id').execute();
    },

    /** Those of `ids` that are caregivers of the care home. */
    async ownedCaregiverIds(providerId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('caregivers').select('id').where('provider_id', '=', providerId).where('id', 'in', [...ids]).execute();
      return rows.map((row) => row.id);
    },

    allCaregivers(providerId: number): Promise<CaregiverRecipient[]> {
      return caregivers(providerId).orderBy('c.id').execute();
    },
    seniorCaregivers(providerId: number): Promise<CaregiverRecipient[]> {
      return caregivers(providerId).where('c.grade', '=', 'senior').orderBy('c.id').execute();
    },
    caregiversById(providerId: number, ids: readonly number[]): Promise<CaregiverRecipient[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return caregivers(providerId).where('c.id', 'in', [...ids]).orderBy('c.id').execute();
    },
    caregiversOfResident(providerId: number, residentId: number): Promise<CaregiverRecipient[]> {
      return caregivers(providerId)
        .innerJoin('resident_caregivers as rc', 'rc.caregiver_id', 'c.id')
        .where('rc.resident_id', '=', residentId)
        .where('rc.provider_id', '=', providerId)
        .orderBy('c.id')
        .execute();
    },

    /** Pending alarms of the care home raised in [from, to] at the given levels: the ones a chain may still act on. */
    pendingAlarms(providerId: number, levels: readonly number[], from: number, to: number) {
      if (levels.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('alarms')
        .select(['id', 'alert_level', 'raised_at'])
        .where('provider_id', '=', providerId)
        .where('deal_state', '=', 'unDeal')
        .where('relieved', '=', 0)
        .where('alert_level', 'in', [...levels])
        .where('raised_at', '>=', from)
        .where('raised_at', '<=', to)
        .orderBy('raised_at')
        .limit(500)
        .execute();
    },

    async stepKeysOf(alarmIds: readonly number[]): Promise<{ alarm_id: number; step_key: number }[]> {
      if (alarmIds.length === 0) return [];
      const rows = await db.selectFrom('escalation_steps').select(['alarm_id', 'step_key']).where('alarm_id', 'in', [...alarmIds]).execute();
      return rows.map((row) => ({ alarm_id: Number(row.alarm_id), step_key: row.step_key }));
    },

    /** Claims a step of an alarm; false when another process (or an earlier run) has it. */
    async claimStep(alarmId: number, key: number, providerId: number, now: number): Promise<boolean> {
      const result = await db
        .insertInto('escalation_steps')
        .values({ alarm_id: alarmId, step_key: key, provider_id: providerId, claimed_at: now, done_at: null })
        .onConflict((conflict) => conflict.columns(['alarm_id', 'step_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Takes over a step whose process stopped between claiming and finishing it (at most 3 tries). */
    async reclaimStale(before: number, now: number, limit: number): Promise<{ alarm_id: number; step_key: number; provider_id: number }[]> {
      const stale = await db
        .selectFrom('escalation_steps')
        .select(['alarm_id', 'step_key', 'provider_id', 'claimed_at'])
        .where('done_at', 'is', null)
        .where('claimed_at', '<', before)
        .where('attempts', '<', 3)
        .limit(limit)
        .execute();
      const taken: { alarm_id: number; step_key: number; provider_id: number }[] = [];
      for (const row of stale) {
        const result = await db
          .updateTable('escalation_steps')
          .set((eb) => ({ claimed_at: now, attempts: eb('attempts', '+', 1) }))
          .where('alarm_id', '=', row.alarm_id)
          .where('step_key', '=', row.step_key)
          .where('claimed_at', '=', row.claimed_at)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) taken.push({ alarm_id: Number(row.alarm_id), step_key: row.step_key, provider_id: row.provider_id });
      }
      return taken;
    },

    /** Renews a running step's claim (fenced on the last renewal); false when another process took it over. */
    async renewStep(alarmId: number, key: number, claimedAt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('escalation_steps')
        .set({ claimed_at: now })
        .where('alarm_id', '=', alarmId)
        .where('step_key', '=', key)
        .where('claimed_at', '=', claimedAt)
        .where('done_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async finishStep(alarmId: number, key: number, at: number): Promise<void> {
      await db.updateTable('escalation_steps').set({ done_at: at }).where('alarm_id', '=', alarmId).where('step_key', '=', key).execute();
    },

    async addNotifications(rows: readonly NewNotification[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('alarm_notifications').values([...rows]).execute();
    },

    /** Records that the account opened the alarm from its notification (the first time only); its name is the caregiver's, else the account's. */
    async recordOpened(entry: { providerId: number; alarmId: number; level: number; accountId: number; at: number }): Promise<void> {
      const already = await db
        .selectFrom('alarm_notifications')
        .select('id')
        .where('alarm_id', '=', entry.alarmId)
        .where('account_id', '=', entry.accountId)
        .where('status', '=', 'opened')
        .executeTakeFirst();
      if (already) return;
      const caregiver = await db.selectFrom('caregivers').select('name').where('account_id', '=', entry.accountId).where('provider_id', '=', entry.providerId).executeTakeFirst();
      const account = caregiver ? undefined : await db.selectFrom('accounts').select(['nick_name', 'user_name']).where('id', '=', entry.accountId).executeTakeFirst();
      const name = caregiver?.name ?? (account?.nick_name || account?.user_name || '');
      await db
        .insertInto('alarm_notifications')
        .values({ provider_id: entry.providerId, alarm_id: entry.alarmId, level: entry.level, step: null, channel: 'push', account_id: entry.accountId, recipient: name, status: 'opened', at: entry.at })
        .execute();
    },

    notificationsOf(alarmId: number) {
      return db.selectFrom('alarm_notifications').selectAll().where('alarm_id', '=', alarmId).orderBy('at').orderBy('id').execute();
    },

    /** Accounts the chain told of the alarm by push (they are told when it ends). */
    async pushedAccountIds(alarmId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('alarm_notifications')
        .select('account_id')
        .distinct()
        .where('alarm_id', '=', alarmId)
        .where('channel', '=', 'push')
        .where('account_id', 'is not', null)
        .execute();
      return rows.map((row) => row.account_id).filter((id): id is number => id !== null);
    },

    async purge(before: number): Promise<void> {
      await db.deleteFrom('alarm_notifications').where('at', '<', before).execute();
      await db.deleteFrom('escalation_steps').where('claimed_at', '<', before).execute();
    },
  };
}
export type EscalationRepository = ReturnType<typeof escalationRepository>;
