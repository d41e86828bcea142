import { SLEEP_MONITOR_TYPES } from '@vigil/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Residents on the board: not checked out or deregistered. */
const ON_BOARD_STATES = ['admitted', 'notAdmitted'];

/** A resident on the monitoring board, with the names of their place. */
export interface BoardRow {
  id: number;
  name: string;
  bed_id: number | null;
  room_id: number | null;
  bunk: string | null;
  room: string | null;
  floor: string | null;
  area: string | null;
  state: string;
  away_since: number | null;
  away_until: number | null;
  away_reason: string | null;
  away_remark: string | null;
}

/** Filters of the monitoring board's page. */
export interface BoardFilter {
  areaId?: number;
  floorId?: number;
  keyWord?: string;
  alarmOnly?: boolean;
}

/** SQL of real-time monitoring: the board of residents, their devices and latest nights, and each account's focus residents. */
export function monitorRepository(db: Db) {
  function board(providerId: number) {
    return db
      .selectFrom('residents')
      .leftJoin('beds', 'beds.id', 'residents.bed_id')
      .leftJoin('rooms', 'rooms.id', 'beds.room_id')
      .leftJoin('areas as floor', 'floor.id', 'rooms.floor_id')
      .leftJoin('areas as area', 'area.id', 'floor.parent_id')
      .where('residents.provider_id', '=', providerId)
      .where('residents.state', 'in', ON_BOARD_STATES);
  }
  const boardColumns = ['residents.id', 'residents.name', 'residents.bed_id', 'beds.room_id', 'beds.name as bunk', 'rooms.name as room', 'floor.name as floor', 'area.name as area', 'residents.state', 'residents.away_since', 'residents.away_until', 'residents.away_reason', 'residents.away_remark'] as const;

  return {
    /** A page of the board in place order (area, floor, room, bed), and the count of all that match. */
    async boardPage(providerId: number, filter: BoardFilter, pageNum: number, pageSize: number): Promise<{ rows: BoardRow[]; total: number }> {
      let query = board(providerId);
      if (filter.areaId !== undefined) query = query.where('area.id', '=', filter.areaId);
      if (filter.floorId !== undefined) query = query.where('floor.id', '=', filter.floorId);
      if (filter.keyWord) {
        const like = `%${filter.keyWord.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or(['residents.name', 'beds.name', 'rooms.name'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`))),
        );
      }
      if (filter.alarmOnly) {
        query = query.where((eb) => eb.exists(eb.selectFrom('alarms').select('alarms.id').whereRef('alarms.resident_id', '=', 'residents.id').where('alarms.open_key', 'is not', null)));
      }
      const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await query.select(boardColumns).orderBy('area.name').orderBy('floor.name').orderBy('rooms.name').orderBy('beds.name').orderBy('residents.id').limit(pageSize).offset((pageNum - 1) * pageSize).execute();
      return { rows, total: Number(count.n) };
    },

    /** The board's residents assigned to the caregiver whose account this is. */
    async caredBy(providerId: number, accountId: number): Promise<BoardRow[]> {
      return board(providerId)
        .innerJoin('resident_caregivers', 'resident_caregivers.resident_id', 'residents.id')
        .innerJoin('caregivers', 'caregivers.id', 'resident_caregivers.caregiver_id')
        .where('caregivers.account_id', '=', accountId)
        .where('caregivers.provider_id', '=', providerId)
        .select(boardColumns)
        .orderBy('rooms.name')
        .orderBy('beds.name')
        .orderBy('residents.id')
        .execute();
    },

    /** The board's residents the account focuses on, in the order they were added. */
    async focusedBy(accountId: number, providerId: number): Promise<BoardRow[]> {
      return board(providerId)
        .innerJoin('focus_residents', 'focus_residents.resident_id', 'residents.id')
        .where('focus_residents.account_id', '=', accountId)
        .select(boardColumns)
        .orderBy('focus_residents.created_at')
        .orderBy('residents.id')
        .execute();
    },

    /** The residents' and beds' devices, and the devices of the rooms' types (fall radars) bound to the room alone. */
    async devicesAround(providerId: number, residentIds: readonly number[], bedIds: readonly number[], roomIds: readonly number[], roomDeviceTypes: readonly number[]) {
      return db
        .selectFrom('devices')
        .select(['device_id', 'device_type', 'online', 'resident_id', 'bed_id', 'room_id'])
        .where('provider_id', '=', providerId)
        .where((eb) =>
          eb.or([
            eb('resident_id', 'in', [...residentIds]),
            ...(bedIds.length ? [eb('bed_id', 'in', [...bedIds])] : []),
            ...(roomIds.length ? [eb.and([eb('room_id', 'in', [...roomIds]), eb('bed_id', 'is', null), eb('resident_id', 'is', null), eb('device_type', 'in', [...roomDeviceTypes])])] : []),
          ]),
        )
        .execute();
    },

    /** The analysed sleep reports of the residents, newest night first. */
    async analysedReportsOf(providerId: number, residentIds: readonly number[]) {
      if (residentIds.length === 0) return [];
      return db
        .selectFrom('daily_reports')
        .select(['resident_id', 'report_date', 'score'])
        .where('provider_id', '=', providerId)
        .where('resident_id', 'in', [...residentIds])
        .where('analysed', '=', 1)
        .orderBy('report_date', 'desc')
        .execute();
    },

    /** Which of the residents the account focuses on. */
    async focusedAmong(accountId: number, residentIds: readonly number[]): Promise<number[]> {
      const rows = await db.selectFrom('focus_residents').select('resident_id').where('account_id', '=', accountId).where('resident_id', 'in', [...residentIds]).execute();
      return rows.map((row) => row.resident_id);
    },

    /** Every resident the account focuses on. */
    async focusedIds(accountId: number): Promise<number[]> {
      const rows = await db.selectFrom('focus_residents').select('resident_id').where('account_id', '=', accountId).execute();
      return rows.map((row) => row.resident_id);
    },

    async addFocus(accountId: number, providerId: number, residentIds: readonly number[], now: number): Promise<void> {
      await db
        .insertInto('focus_residents')
        .values(residentIds.map((id) => ({ account_id: accountId, resident_id: id, provider_id: providerId, created_at: now })))
        .onConflict((conflict) => conflict.columns(['account_id', 'resident_id']).doNothing())
        .execute();
    },

    async deleteFocus(accountId: number, residentId: number): Promise<void> {
      await db.deleteFrom('focus_residents').where('account_id', '=', accountId).where('resident_id', '=', residentId).execute();
    },

    /** The provider's residents among the ids. */
    async ownedResidentIds(providerId: number, residentIds: readonly number[]): Promise<number[]> {
      const rows = await db.selectFrom('residents').select('id').where('provider_id', '=', providerId).where('id', 'in', [...residentIds]).execute();
      return rows.map((row) => row.id);
    },

    /** The resident's provider, for the ownership check. */
    /** The sleep monitors watching a resident: bound to them or to their bed. */
    async sleepMonitorsOf(providerId: number, residentId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('devices')
        .select('device_id')
        .where('provider_id', '=', providerId)
        .where('device_type', 'in', [...SLEEP_MONITOR_TYPES])
        .where((eb) =>
          eb.or([
            eb('resident_id', '=', residentId),
            eb('bed_id', '=', eb.selectFrom('residents').select('bed_id').where('id', '=', residentId).where('provider_id', '=', providerId)),
          ]),
        )
        .orderBy('id')
        .execute();
      return rows.map((row) => row.device_id);
    },

    async findResident(residentId: number) {
      return db.selectFrom('residents').select('provider_id').where('id', '=', residentId).executeTakeFirst();
    },
  };
}
export type MonitorRepository = ReturnType<typeof monitorRepository>;
