import { REMINDER_ALERT_TYPES, type AlarmLogFilter } from '@vigil/contracts';
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AlarmsTable, Database } from '../../db/schema.ts';

export type AlarmRow = Selectable<AlarmsTable>;
export type NewAlarm = Insertable<AlarmsTable>;

/** The key that holds one open alarm per device and alert type. */
export const openKey = (deviceId: string, alertType: string): string => `${deviceId}|${alertType}`;

export type ListFilter = Omit<AlarmLogFilter, 'pageNum' | 'pageSize'> & {
  pendingOnly?: boolean;
  /** Keyset cursor: only rows after this one in the list's order (older for desc). */
  before?: { raisedAt: number; id: number };
};

/** Opens the alarm or counts a repeat of the open one with its key: one statement, the open_key unique index decides. */
async function upsertOpen(db: Db | Transaction<Database>, row: NewAlarm): Promise<{ row: AlarmRow; inserted: boolean }> {
  const result = await db
    .insertInto('alarms')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('open_key').doUpdateSet((eb) => ({
        last_at: eb.ref('excluded.last_at'),
        status: eb.ref('excluded.status'),
        repeat_count: eb('alarms.repeat_count', '+', 1),
        source_message: eb.ref('excluded.source_message'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row: result, inserted: result.repeat_count === 0 };
}

/** SQL for alarm records. */
export function alarmRepository(db: Db) {
  function filtered(providerId: number, filter: ListFilter) {
    let query = db.selectFrom('alarms').where('provider_id', '=', providerId);
    if (filter.pendingOnly) query = query.where('open_key', 'is not', null);
    if (filter.before) {
      const { raisedAt, id } = filter.before;
      const op = filter.order === 'asc' ? '>' : '<';
      query = query.where((eb) => eb.or([eb('raised_at', op, raisedAt), eb.and([eb('raised_at', '=', raisedAt), eb('id', op, id)])]));
    }
    if (filter.startTime !== undefined) query = query.where('raised_at', '>=', filter.startTime);
    if (filter.endTime !== undefined) query = query.where('raised_at', '<=', filter.endTime);
    if (filter.alertType?.length) query = query.where('alert_type', 'in', filter.alertType);
    if (filter.type?.length) query = query.where('alarm_group', 'in', filter.type);
    if (filter.alertLevel !== undefined) query = query.where('alert_level', '=', filter.alertLevel);
    if (filter.dealState !== undefined) query = query.where('deal_state', '=', filter.dealState);
    if (filter.areaId !== undefined) query = query.where('area_id', '=', filter.areaId);
    if (filter.floorId !== undefined) query = query.where('floor_id', '=', filter.floorId);
    if (filter.roomId !== undefined) query = query.where('room_id', '=', filter.roomId);
    if (filter.userId !== undefined) query = query.where('resident_id', '=', filter.userId);
    if (filter.keyWord) {
      const like = `%${filter.keyWord.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or(['user_name', 'device_id', 'room', 'bunk', 'floor_area'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`))),
      );
    }
    return query;
  }

  return {
    /**
     * Opens the alarm, or counts a repeat of the one already open for its key, in one
     * statement (the open_key unique index decides; safe between processes).
     */
    async raiseOpen(row: NewAlarm): Promise<{ row: AlarmRow; inserted: boolean }> {
      return upsertOpen(db, row);
    },

    /**
     * raiseOpen for several alarms in one transaction (one commit, one WAL flush), in
     * open_key order so that two processes committing overlapping batches take the index
     * locks in the same order and cannot deadlock. All or none: the caller retries one by
     * one if the batch fails.
     */
    async raiseOpenMany(rows: readonly NewAlarm[]): Promise<{ row: AlarmRow; inserted: boolean }[]> {
      const order = rows.map((row, index) => ({ row, index })).sort((x, y) => (String(x.row.open_key) < String(y.row.open_key) ? -1 : String(x.row.open_key) > String(y.row.open_key) ? 1 : x.index - y.index));
      const results = new Array<{ row: AlarmRow; inserted: boolean }>(rows.length);
      await db.transaction().execute(async (trx) => {
        for (const { row, index } of order) results[index] = await upsertOpen(trx, row);
      });
      return results;
    },

    /** Whether the device-log message already raised (or repeated) an alarm of this device and type: handled before a crash. */
    async raisedBy(sourceMessage: string, deviceId: string, alertType: string): Promise<AlarmRow | undefined> {
      return db
        .selectFrom('alarms')
        .selectAll()
        .where('source_message', '=', sourceMessage)
        .where('device_id', '=', deviceId)
        .where('alert_type', '=', alertType)
        .executeTakeFirst();
    },

    /** Relieves the open alarm of the key (device or automatic release). */
    async relieveOpen(key: string, at: number, source: number, status: number): Promise<AlarmRow | undefined> {
      return db
        .updateTable('alarms')
        .set({ relieved: 1, release_source: source, relieved_at: at, status, open_key: null })
        .where('open_key', '=', key)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Handles a pending alarm: only the first of concurrent calls changes it. A relieved alarm
     * is no longer pending (it left the list), so it is refused like a handled one (issue 26).
     */
    async handle(id: number, providerId: number, fields: Pick<AlarmRow, 'handler_id' | 'handler_name' | 'deal_time' | 'deal_option' | 'follow_up' | 'remark'>): Promise<AlarmRow | undefined> {
      return db
        .updateTable('alarms')
        .set((eb) => ({ ...fields, deal_state: 'processed', open_key: null, response_ms: eb(eb.val(fields.deal_time ?? 0), '-', eb.ref('raised_at')) }))
        .where('id', '=', id)
        .where('provider_id', '=', providerId)
        .where('deal_state', '=', 'unDeal')
        .where('relieved', '=', 0)
        .returningAll()
        .executeTakeFirst();
    },

    /** Releases a pending alarm from the console (software release); only the first of concurrent calls changes it. */
    async softwareRelieve(id: number, providerId: number, at: number, removeReason: string | null, status: number): Promise<AlarmRow | undefined> {
      return db
        .updateTable('alarms')
        .set({ relieved: 1, release_source: 1, relieved_at: at, remove_reason: removeReason, status, open_key: null })
        .where('id', '=', id)
        .where('provider_id', '=', providerId)
        .where('deal_state', '=', 'unDeal')
        .where('relieved', '=', 0)
        .returningAll()
        .executeTakeFirst();
    },

    async find(id: number): Promise<AlarmRow | undefined> {
      return db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async page(providerId: number, filter: ListFilter, page: { pageNum: number; pageSize: number }): Promise<{ rows: AlarmRow[]; total: number }> {
      const base = filtered(providerId, filter);
      const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('raised_at', filter.order)
        .orderBy('id', filter.order)
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute();
      return { rows, total: Number(count.n) };
    },

    async all(providerId: number, filter: ListFilter, max: number): Promise<AlarmRow[]> {
      return filtered(providerId, filter).selectAll().orderBy('raised_at', filter.order).orderBy('id', filter.order).limit(max).execute();
    },

    async hasPending(providerId: number): Promise<boolean> {
      const row = await db.selectFrom('alarms').select('id').where('provider_id', '=', providerId).where('open_key', 'is not', null).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Open alarms of residents (for the monitoring board). */
    /** Open alarms of the residents, and the room-level ones (no resident) of the rooms. */
    async openOfResidents(providerId: number, residentIds: readonly number[], roomIds: readonly number[] = []): Promise<AlarmRow[]> {
      if (residentIds.length === 0) return [];
      return db
        .selectFrom('alarms')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('open_key', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('resident_id', 'in', [...residentIds]),
            ...(roomIds.length ? [eb.and([eb('resident_id', 'is', null), eb('room_id', 'in', [...roomIds])])] : []),
          ]),
        )
        .orderBy('raised_at', 'desc')
        .execute();
    },

    /** Pending orange alarms raised before the cutoff, per provider (escalation); reminders never escalate (issue 25). */
    async escalate(providerId: number, cutoff: number, at: number): Promise<AlarmRow[]> {
      return db
        .updateTable('alarms')
        .set({ alert_level: 1, escalated_at: at })
        .where('provider_id', '=', providerId)
        .where('open_key', 'is not', null)
        .where('alert_level', '=', 2)
        .where('escalated_at', 'is', null)
        .where('raised_at', '<=', cutoff)
        .where('alert_type', 'not in', [...REMINDER_ALERT_TYPES])
        .returningAll()
        .execute();
    },

    async providersWithPendingOrange(cutoff: number): Promise<number[]> {
      const rows = await db
        .selectFrom('alarms')
        .select('provider_id')
        .distinct()
        .where('open_key', 'is not', null)
        .where('alert_level', '=', 2)
        .where('escalated_at', 'is', null)
        .where('raised_at', '<=', cutoff)
        .where('alert_type', 'not in', [...REMINDER_ALERT_TYPES])
        .execute();
      return rows.map((row) => row.provider_id);
    },

    /** Deletes closed alarms raised before the time (retention); open ones stay until they close. */
    async purgeBefore(time: number): Promise<number> {
      const result = await db.deleteFrom('alarms').where('raised_at', '<', time).where('open_key', 'is', null).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AlarmRepository = ReturnType<typeof alarmRepository>;
