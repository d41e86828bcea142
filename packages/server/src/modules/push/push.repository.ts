import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Tables of migration 016 (declared here, merged into the database type). */
declare module '../../db/schema.ts' {
  interface Database {
    web_push_keys: WebPushKeysTable;
    push_subscriptions: PushSubscriptionsTable;
    push_claims: PushClaimsTable;
    care_home_notify: CareHomeNotifyTable;
    relative_alarm_optins: RelativeAlarmOptinsTable;
    morning_summaries: MorningSummariesTable;
  }
}

/** A care home's notification settings beside its escalation chains (migration 027). */
export interface CareHomeNotifyTable {
  provider_id: number;
  /** 1: relatives who opt in are pushed their resident's red alarms. */
  relatives_push: number;
  /** JSON: who gets the morning summary email, [{ email, language }] (migration 028; plain addresses before languages). */
  summary_emails: import('kysely').ColumnType<string, string | undefined, string>;
  /** Local HH:MM the morning summary goes out (migration 028). */
  summary_time: import('kysely').ColumnType<string, string | undefined, string>;
  updated_at: number;
}

/** A care home's morning summary of a date, claimed before it is sent (migration 028). */
export interface MorningSummariesTable {
  provider_id: number;
  date: string;
  claimed_at: number;
  sent_at: number | null;
  recipients: import('kysely').ColumnType<number, number | undefined, number>;
}

/** A relative who asked to be pushed their resident's red alarms (migration 027). */
export interface RelativeAlarmOptinsTable {
  account_id: number;
  provider_id: number;
  created_at: number;
}

export interface WebPushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

export interface PushSubscriptionsTable {
  id: import('kysely').Generated<number>;
  account_id: number;
  provider_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  language: string;
  created_at: number;
  updated_at: number;
  last_sent_at: number | null;
  last_status: number | null;
}

export interface PushClaimsTable {
  alarm_id: number;
  /** new | escalated | handled | relieved */
  event: string;
  provider_id: number;
  claimed_at: number;
  sent_at: number | null;
  attempts: import('kysely').Generated<number>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  id: number;
  accountId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
}

export type PushEvent = 'new' | 'escalated' | 'handled' | 'relieved';

/** A relative's alarm events, claimed apart from the caregivers' (push_claims.event). */
export type FamilyPushEvent = 'family-new' | 'family-handled' | 'family-relieved';
export const FAMILY_PUSH_EVENTS: readonly string[] = ['family-new', 'family-handled', 'family-relieved'];

/** A relative's phone, with the name of the resident the alarm is about. */
export interface FamilyTarget extends PushTarget {
  residentName: string;
}

export function pushRepository(db: Db) {
  return {
    /** The deployment's VAPID keys: the first process to start stores its pair; every process reads the stored one. */
    async vapidKeys(make: () => VapidKeys, now: number): Promise<VapidKeys> {
      const existing = await db.selectFrom('web_push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
      if (existing) return { publicKey: existing.public_key, privateKey: existing.private_key };
      const made = make();
      await db
        .insertInto('web_push_keys')
        .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: now })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const stored = await db.selectFrom('web_push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
      return { publicKey: stored.public_key, privateKey: stored.private_key };
    },

    /** Keeps the endpoint's subscription for this account (an endpoint belongs to the one account signed in on that phone). */
    async upsert(row: { accountId: number; providerId: number; endpoint: string; p256dh: string; auth: string; device: string; language: string }, now: number): Promise<number> {
      const values = { account_id: row.accountId, provider_id: row.providerId, p256dh: row.p256dh, auth: row.auth, device: row.device, language: row.language, updated_at: now };
      const saved = await db
        .insertInto('push_subscriptions')
        .values({ ...values, endpoint: row.endpoint, created_at: now })
        .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      return saved.id;
    },

    async removeForAccount(accountId: number, endpoint: string): Promise<boolean> {
      const result = await db.deleteFrom('push_subscriptions').where('account_id', '=', accountId).where('endpoint', '=', endpoint).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async noteSent(id: number, status: number, at: number): Promise<void> {
      await db.updateTable('push_subscriptions').set({ last_sent_at: at, last_status: status }).where('id', '=', id).execute();
    },

    /**
     * Subscriptions of the care home's caregivers: accounts still enabled, still caregivers, still
     * of this care home (a caregiver moved or disabled stops getting its alarms at once).
     */
    async caregiverTargets(providerId: number): Promise<PushTarget[]> {
      return db
        .selectFrom('push_subscriptions as s')
        .innerJoin('accounts as a', 'a.id', 's.account_id')
        .select(['s.id', 's.account_id as accountId', 's.endpoint', 's.p256dh', 's.auth', 's.language'])
        .where('s.provider_id', '=', providerId)
        .where('a.provider_id', '=', providerId)
        .where('a.role', '=', 'NURSING')
        .where('a.enabled', '=', 1)
        .orderBy('s.id')
        .execute();
    },

    /** Whether the care home lets relatives receive alarm notifications (off until turned on). */
    async relativesAllowed(providerId: number): Promise<boolean> {
      const row = await db.selectFrom('care_home_notify').select('relatives_push').where('provider_id', '=', providerId).executeTakeFirst();
      return row?.relatives_push === 1;
    },

    async optedIn(accountId: number): Promise<boolean> {
      return (await db.selectFrom('relative_alarm_optins').select('account_id').where('account_id', '=', accountId).executeTakeFirst()) !== undefined;
    },

    async setOptIn(accountId: number, providerId: number, on: boolean, now: number): Promise<void> {
      if (!on) {
        await db.deleteFrom('relative_alarm_optins').where('account_id', '=', accountId).execute();
        return;
      }
      await db
        .insertInto('relative_alarm_optins')
        .values({ account_id: accountId, provider_id: providerId, created_at: now })
        .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ provider_id: providerId }))
        .execute();
    },

    /**
     * Phones of the relatives to push a red alarm of this resident to: enabled family accounts
     * of this care home that are the resident's emergency contact and opted in, while the care
     * home allows it.
     */
    async familyTargets(providerId: number, residentId: number): Promise<FamilyTarget[]> {
      return db
        .selectFrom('push_subscriptions as s')
        .innerJoin('accounts as a', 'a.id', 's.account_id')
        .innerJoin('relative_alarm_optins as o', 'o.account_id', 'a.id')
        .innerJoin('care_home_notify as n', 'n.provider_id', 's.provider_id')
        .innerJoin('residents as r', (join) => join.on('r.id', '=', residentId))
        .select(['s.id', 's.account_id as accountId', 's.endpoint', 's.p256dh', 's.auth', 's.language', 'r.name as residentName'])
        .where('s.provider_id', '=', providerId)
        .where('a.provider_id', '=', providerId)
        .where('a.role', '=', 'RELATIVES')
        .where('a.enabled', '=', 1)
        .where('o.provider_id', '=', providerId)
        .where('n.relatives_push', '=', 1)
        .where('r.provider_id', '=', providerId)
        .where('a.id', 'in', db.selectFrom('resident_contacts').select('account_id').where('resident_id', '=', residentId).where('provider_id', '=', providerId).where('account_id', 'is not', null).$narrowType<{ account_id: number }>())
        .orderBy('s.id')
        .execute();
    },

    async hasAnySubscription(): Promise<boolean> {
      return (await db.selectFrom('push_subscriptions').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /** Claims an alarm event for pushing; answers false when another process (or an earlier run) has it. */
    async claim(alarmId: number, event: PushEvent | FamilyPushEvent, providerId: number, now: number): Promise<boolean> {
      const result = await db
        .insertInto('push_claims')
        .values({ alarm_id: alarmId, event, provider_id: providerId, claimed_at: now, sent_at: null })
        .onConflict((conflict) => conflict.columns(['alarm_id', 'event']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Takes over a claim whose process never finished it (it stopped, or crashed, after claiming). */
    async reclaim(alarmId: number, event: PushEvent | FamilyPushEvent, claimedAt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('push_claims')
        .set({ claimed_at: now, attempts: sql<number>`attempts + 1` })
        .where('alarm_id', '=', alarmId)
        .where('event', '=', event)
        .where('claimed_at', '=', claimedAt)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whether the alarm's raise (or escalation) was pushed: only then is its end pushed. */
    async wasPushed(alarmId: number): Promise<boolean> {
      const row = await db.selectFrom('push_claims').select('alarm_id').where('alarm_id', '=', alarmId).where('event', 'in', ['new', 'escalated']).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Whether this alarm event was claimed (a relative told of the raise is told of its end). */
    async wasClaimed(alarmId: number, event: string): Promise<boolean> {
      return (await db.selectFrom('push_claims').select('alarm_id').where('alarm_id', '=', alarmId).where('event', '=', event).executeTakeFirst()) !== undefined;
    },

    async markSent(alarmId: number, event: PushEvent | FamilyPushEvent, at: number): Promise<void> {
      await db.updateTable('push_claims').set({ sent_at: at }).where('alarm_id', '=', alarmId).where('event', '=', event).execute();
    },

    /** Claims not finished, claimed before `before` (at most 3 attempts each). */
    async staleClaims(before: number, limit: number): Promise<{ alarm_id: number; event: string; claimed_at: number }[]> {
      return db
        .selectFrom('push_claims')
        .select(['alarm_id', 'event', 'claimed_at'])
        .where('sent_at', 'is', null)
        .where('claimed_at', '<', before)
        .where('attempts', '<', 3)
        .orderBy('claimed_at')
        .limit(limit)
        .execute();
    },

    /**
     * Pending alarms committed in [from, to) of care homes with subscriptions and no claim for
     * their first push: those whose process stopped between the commit and the claim.
     */
    async unclaimedAlarms(from: number, to: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('alarms as a')
        .leftJoin('push_claims as c', (join) => join.onRef('c.alarm_id', '=', 'a.id').on('c.event', '=', 'new'))
        .select('a.id')
        .where('a.raised_at', '>=', from)
        .where('a.raised_at', '<', to)
        .where('a.deal_state', '=', 'unDeal')
        .where('a.relieved', '=', 0)
        .where('c.alarm_id', 'is', null)
        .where('a.provider_id', 'in', db.selectFrom('push_subscriptions').select('provider_id'))
        .orderBy('a.raised_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Pending alarms turned red in [from, to) of care homes with subscriptions whose red push no
     * process claimed: their process stopped between the escalation's commit and the claim.
     */
    async unclaimedEscalations(from: number, to: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('alarms as a')
        .leftJoin('push_claims as c', (join) => join.onRef('c.alarm_id', '=', 'a.id').on('c.event', '=', 'escalated'))
        .select('a.id')
        .where('a.escalated_at', '>=', from)
        .where('a.escalated_at', '<', to)
        .where('a.deal_state', '=', 'unDeal')
        .where('a.relieved', '=', 0)
        .where('c.alarm_id', 'is', null)
        .where('a.provider_id', 'in', db.selectFrom('push_subscriptions').select('provider_id'))
        .orderBy('a.escalated_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Alarms pushed to the caregivers (raise or red) and handled or relieved in [from, to) without
     * that end being claimed: their process stopped before telling the phones it is over.
     */
    async unclaimedEnds(from: number, to: number, limit: number): Promise<{ alarmId: number; event: 'handled' | 'relieved' }[]> {
      const rows = await db
        .selectFrom('alarms as a')
        .leftJoin('push_claims as ended', (join) => join.onRef('ended.alarm_id', '=', 'a.id').on('ended.event', 'in', ['handled', 'relieved']))
        .select(['a.id', 'a.deal_state'])
        .where((eb) =>
          eb.or([
            eb.and([eb('a.deal_state', '=', 'processed'), eb('a.deal_time', '>=', from), eb('a.deal_time', '<', to)]),
            eb.and([eb('a.relieved', '=', 1), eb('a.relieved_at', '>=', from), eb('a.relieved_at', '<', to)]),
          ]),
        )
        .where('a.id', 'in', db.selectFrom('push_claims').select('alarm_id').where('event', 'in', ['new', 'escalated']))
        .where('ended.alarm_id', 'is', null)
        .orderBy('a.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ alarmId: row.id, event: row.deal_state === 'processed' ? 'handled' : 'relieved' }));
    },

    /**
     * Pending red alarms of a resident, committed (or turned red) in [from, to), that a relative
     * would be pushed and whose raise no process claimed for the relatives: their process stopped
     * between the commit and the claim (or its queue was full).
     */
    async unclaimedFamilyRaises(from: number, to: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('alarms as a')
        .innerJoin('care_home_notify as n', 'n.provider_id', 'a.provider_id')
        .leftJoin('push_claims as c', (join) => join.onRef('c.alarm_id', '=', 'a.id').on('c.event', '=', 'family-new'))
        .select('a.id')
        .where((eb) => eb.or([eb.and([eb('a.raised_at', '>=', from), eb('a.raised_at', '<', to)]), eb.and([eb('a.escalated_at', '>=', from), eb('a.escalated_at', '<', to)])]))
        .where('a.alert_level', '=', 1)
        .where('a.deal_state', '=', 'unDeal')
        .where('a.relieved', '=', 0)
        .where('a.resident_id', 'in', db
          .selectFrom('resident_contacts as rc')
          .innerJoin('relative_alarm_optins as o', 'o.account_id', 'rc.account_id')
          .innerJoin('push_subscriptions as s', 's.account_id', 'rc.account_id')
          .select('rc.resident_id'))
        .where('n.relatives_push', '=', 1)
        .where('c.alarm_id', 'is', null)
        .orderBy('a.raised_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Red alarms whose raise was claimed for the relatives and which were handled or relieved in
     * [from, to) without that end being claimed: their process stopped before telling the relatives.
     */
    async unclaimedFamilyEnds(from: number, to: number, limit: number): Promise<{ alarmId: number; event: 'family-handled' | 'family-relieved' }[]> {
      const rows = await db
        .selectFrom('push_claims as raise')
        .innerJoin('alarms as a', 'a.id', 'raise.alarm_id')
        .leftJoin('push_claims as ended', (join) => join.onRef('ended.alarm_id', '=', 'a.id').on('ended.event', 'in', ['family-handled', 'family-relieved']))
        .select(['a.id', 'a.deal_state'])
        .where('raise.event', '=', 'family-new')
        .where((eb) =>
          eb.or([
            eb.and([eb('a.deal_state', '=', 'processed'), eb('a.deal_time', '>=', from), eb('a.deal_time', '<', to)]),
            eb.and([eb('a.relieved', '=', 1), eb('a.relieved_at', '>=', from), eb('a.relieved_at', '<', to)]),
          ]),
        )
        .where('ended.alarm_id', 'is', null)
        .orderBy('a.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ alarmId: row.id, event: row.deal_state === 'processed' ? 'family-handled' : 'family-relieved' }));
    },

    async purgeClaims(before: number): Promise<void> {
      await db.deleteFrom('push_claims').where('claimed_at', '<', before).execute();
    },
  };
}
export type PushRepository = ReturnType<typeof pushRepository>;
