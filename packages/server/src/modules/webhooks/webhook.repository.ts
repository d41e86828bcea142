import { sql, type Generated } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Tables of migration 017 (declared here, merged into the database type). */
declare module '../../db/schema.ts' {
  interface Database {
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}

export interface WebhooksTable {
  id: Generated<number>;
  provider_id: number;
  url: string;
  description: string;
  /** Comma list of events. */
  events: string;
  /** Comma list of alert types; '' for every type. */
  alert_types: string;
  /** Comma list of levels (1, 2). */
  levels: string;
  enabled: number;
  secret: string;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: number;
  provider_id: number;
  event: string;
  alarm_id: number;
  /** 0, or the escalation step (level * 100 + index) of an alarm.escalated delivery. */
  seq: import('kysely').ColumnType<number, number | undefined, number>;
  payload: string;
  /** pending | delivered | failed */
  state: string;
  attempts: Generated<number>;
  /** When it is due (pending), or until when a sender holds it. */
  next_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  retry_until: number;
  delivered_at: number | null;
}

/** Alarm events the sweep catches up on, with the alarm column that says when each happened. */
export type SweptEvent = 'alarm.raised' | 'alarm.escalated' | 'alarm.handled' | 'alarm.relieved';
const SWEPT_EVENT_TIME = { 'alarm.raised': 'raised_at', 'alarm.escalated': 'escalated_at', 'alarm.handled': 'deal_time', 'alarm.relieved': 'relieved_at' } as const;

export type WebhookRow = Awaited<ReturnType<ReturnType<typeof webhookRepository>['list']>>[number];
export type DeliveryRow = WebhookDeliveriesTable & { attempts: number };

export function webhookRepository(db: Db) {
  return {
    list(providerId: number) {
      return db.selectFrom('webhooks').selectAll().where('provider_id', '=', providerId).orderBy('id').execute();
    },
    find(providerId: number, id: number) {
      return db.selectFrom('webhooks').selectAll().where('provider_id', '=', providerId).where('id', '=', id).executeTakeFirst();
    },
    async count(providerId: number): Promise<number> {
      const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number | string>().as('n')).where('provider_id', '=', providerId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(row: Omit<WebhooksTable, 'id'>): Promise<number> {
      return (await db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    async update(providerId: number, id: number, values: Partial<Omit<WebhooksTable, 'id' | 'provider_id'>>): Promise<boolean> {
      const result = await db.updateTable('webhooks').set(values).where('provider_id', '=', providerId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(providerId: number, id: number): Promise<boolean> {
      await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).where('provider_id', '=', providerId).execute();
      const result = await db.deleteFrom('webhooks').where('provider_id', '=', providerId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    enabledOf(providerId: number) {
      return db.selectFrom('webhooks').selectAll().where('provider_id', '=', providerId).where('enabled', '=', 1).execute();
    },
    /** One delivery per endpoint, alarm and event: answers false when another process made it first. */
    async addDelivery(row: Omit<WebhookDeliveriesTable, 'attempts' | 'last_status' | 'last_error' | 'delivered_at' | 'seq'> & { seq: number }): Promise<boolean> {
      const result = await db
        .insertInto('webhook_deliveries')
        .values({ ...row, last_status: null, last_error: null, delivered_at: null })
        .onConflict((conflict) => conflict.columns(['webhook_id', 'alarm_id', 'event', 'seq']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    /**
     * Alarm events in [from, to) that an endpoint of their care home should have had a delivery of
     * and has none: their process stopped between the alarm's commit and writing its deliveries.
     * An endpoint made after the event is not owed it.
     */
    async unrecorded(event: SweptEvent, from: number, to: number, limit: number): Promise<{ alarmId: number; providerId: number; at: number }[]> {
      const column = SWEPT_EVENT_TIME[event];
      const commaList = (list: string) => sql<string>`(',' || ${sql.ref(list)} || ',')`;
      let query = db
        .selectFrom('alarms as a')
        .innerJoin('webhooks as w', 'w.provider_id', 'a.provider_id')
        .leftJoin('webhook_deliveries as d', (join) => join.onRef('d.webhook_id', '=', 'w.id').onRef('d.alarm_id', '=', 'a.id').on('d.event', '=', event).on('d.seq', '=', 0))
        .select(['a.id', 'a.provider_id', sql.ref<number>(`a.${column}`).as('at')])
        .distinct()
        .where(sql.ref(`a.${column}`), '>=', from)
        .where(sql.ref(`a.${column}`), '<', to)
        .where('w.enabled', '=', 1)
        .where('w.created_at', '<=', sql.ref<number>(`a.${column}`))
        .where(commaList('w.events'), 'like', `%,${event},%`)
        // An alarm turned red since was raised orange: its raise went to the endpoints of orange alarms.
        .where(commaList('w.levels'), 'like', event === 'alarm.raised' ? sql<string>`case when a.escalated_at is null then '%,' || cast(a.alert_level as varchar(8)) || ',%' else '%,2,%' end` : sql<string>`'%,' || cast(a.alert_level as varchar(8)) || ',%'`)
        .where((eb) => eb.or([eb('w.alert_types', '=', ''), eb(commaList('w.alert_types'), 'like', sql<string>`'%,' || a.alert_type || ',%'`)]))
        .where('d.id', 'is', null);
      if (event === 'alarm.handled') query = query.where('a.deal_state', '=', 'processed');
      if (event === 'alarm.relieved') query = query.where('a.relieved', '=', 1);
      const rows = await query.orderBy('at').limit(limit).execute();
      return rows.map((row) => ({ alarmId: row.id, providerId: row.provider_id, at: Number(row.at) }));
    },
    due(now: number, limit: number) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
        .select(['d.id', 'd.next_at', 'd.attempts', 'd.payload', 'd.event', 'd.retry_until', 'w.url', 'w.secret'])
        .where('d.state', '=', 'pending')
        .where('d.next_at', '<=', now)
        .orderBy('d.next_at')
        .limit(limit)
        .execute();
    },
    /** Takes a due delivery for one send (compare-and-set on next_at): of several processes one sends it. */
    async take(id: string, seenNextAt: number, holdUntil: number): Promise<boolean> {
      const result = await db.updateTable('webhook_deliveries').set({ next_at: holdUntil }).where('id', '=', id).where('state', '=', 'pending').where('next_at', '=', seenNextAt).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async finish(id: string, values: { state: 'pending' | 'delivered' | 'failed'; attempts: number; nextAt: number | null; status: number | null; error: string | null; deliveredAt: number | null }): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ state: values.state, attempts: values.attempts, next_at: values.nextAt, last_status: values.status, last_error: values.error?.slice(0, 400) ?? null, delivered_at: values.deliveredAt })
        .where('id', '=', id)
        .execute();
    },
    async page(providerId: number, webhookId: number | undefined, pageNum: number, pageSize: number) {
      let base = db.selectFrom('webhook_deliveries as d').innerJoin('webhooks as w', 'w.id', 'd.webhook_id').where('d.provider_id', '=', providerId);
      if (webhookId !== undefined) base = base.where('d.webhook_id', '=', webhookId);
      const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await base
        .select(['d.id', 'd.webhook_id', 'w.url', 'd.event', 'd.alarm_id', 'd.state', 'd.attempts', 'd.last_status', 'd.last_error', 'd.created_at', 'd.next_at', 'd.delivered_at'])
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      return { rows, total };
    },
    findDelivery(providerId: number, id: string) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
        .select(['d.id', 'd.webhook_id', 'w.url', 'd.event', 'd.alarm_id', 'd.state', 'd.attempts', 'd.last_status', 'd.last_error', 'd.created_at', 'd.next_at', 'd.delivered_at'])
        .where('d.provider_id', '=', providerId)
        .where('d.id', '=', id)
        .executeTakeFirst();
    },
    /** "Send again": due now, retried for another window. */
    async resend(providerId: number, id: string, now: number, retryUntil: number): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ state: 'pending', next_at: now, retry_until: retryUntil, delivered_at: null })
        .where('provider_id', '=', providerId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async purge(before: number): Promise<void> {
      await db.deleteFrom('webhook_deliveries').where('created_at', '<', before).where('state', '!=', 'pending').execute();
    },
    async providerName(providerId: number): Promise<string> {
      return (await db.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirst())?.name ?? '';
    },
  };
}
export type WebhookRepository = ReturnType<typeof webhookRepository>;
