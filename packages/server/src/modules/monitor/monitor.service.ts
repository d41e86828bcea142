import { AlertTypeSchema, FOCUS_USERS_MAX, type CaredResident, type ResidentLiveState } from '@vigil/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { alarmRepository } from '../alarms/alarm.repository.ts';
import { FALL_RADAR_TYPES } from '../gateways/fall-radar.service.ts';
import type { LiveSamples } from './live-samples.ts';

/** Residents on the board: not checked out or deregistered. */
const ON_BOARD_STATES = ['admitted', 'notAdmitted'];

interface BoardRow {
  id: number;
  name: string;
  bed_id: number | null;
  room_id: number | null;
  bunk: string | null;
  room: string | null;
  floor: string | null;
  area: string | null;
}

/** Real-time monitoring: residents with live state, and each account's focus residents. */
export function monitorService(db: Db, samples: LiveSamples, now: () => number) {
  const alarms = alarmRepository(db);

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
  const boardColumns = ['residents.id', 'residents.name', 'residents.bed_id', 'beds.room_id', 'beds.name as bunk', 'rooms.name as room', 'floor.name as floor', 'area.name as area'] as const;

  async function liveStates(providerId: number, accountId: number, rows: BoardRow[]): Promise<ResidentLiveState[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const bedIds = rows.map((row) => row.bed_id).filter((id): id is number => id !== null);
    const roomIds = [...new Set(rows.map((row) => row.room_id).filter((id): id is number => id !== null))];
    // The resident's and bed's devices, and the fall radars of the room (they see where the person is).
    const devices = await db
      .selectFrom('devices')
      .select(['device_id', 'device_type', 'online', 'resident_id', 'bed_id', 'room_id'])
      .where('provider_id', '=', providerId)
      .where((eb) =>
        eb.or([
          eb('resident_id', 'in', ids),
          ...(bedIds.length ? [eb('bed_id', 'in', bedIds)] : []),
          ...(roomIds.length ? [eb.and([eb('room_id', 'in', roomIds), eb('bed_id', 'is', null), eb('resident_id', 'is', null), eb('device_type', 'in', [...FALL_RADAR_TYPES])])] : []),
        ]),
      )
      .execute();
    const open = await alarms.openOfResidents(providerId, ids);
    const focus = new Set(
      (await db.selectFrom('focus_residents').select('resident_id').where('account_id', '=', accountId).where('resident_id', 'in', ids).execute()).map((row) => row.resident_id),
    );
    return rows.map((row) => {
      const own = devices.filter(
        (device) =>
          device.resident_id === row.id ||
          (row.bed_id !== null && device.bed_id === row.bed_id) ||
          (row.room_id !== null && device.room_id === row.room_id && device.bed_id === null && device.resident_id === null),
      );
      return {
        ...samples.of(providerId, row.id),
        userName: row.name,
        bunk: row.bunk ?? '',
        room: row.room ?? '',
        floorArea: [row.area, row.floor].filter((part): part is string => typeof part === 'string' && part.length > 0).join(' / '),
        deviceOnline: own.length === 0 ? null : own.every((device) => device.online === 1),
        devices: own.map((device) => ({ deviceId: device.device_id, deviceType: device.device_type, online: device.online === 1 })),
        openAlarms: open
          .filter((alarm) => alarm.resident_id === row.id)
          .map((alarm) => ({ id: alarm.id, alertType: AlertTypeSchema.parse(alarm.alert_type), alertLevel: alarm.alert_level, timeStamp: Math.floor(alarm.raised_at / 1000) })),
        focused: focus.has(row.id),
      };
    });
  }

  return {
    async userList(session: SessionInfo, input: { areaId?: number; floorId?: number; keyWord?: string; alarmOnly?: boolean; pageNum: number; pageSize: number }) {
      const providerId = workingProviderId(session.scope);
      let query = board(providerId);
      if (input.areaId !== undefined) query = query.where('area.id', '=', input.areaId);
      if (input.floorId !== undefined) query = query.where('floor.id', '=', input.floorId);
      if (input.keyWord) {
        const like = `%${input.keyWord.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or(['residents.name', 'beds.name', 'rooms.name'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`))),
        );
      }
      if (input.alarmOnly) {
        query = query.where((eb) => eb.exists(eb.selectFrom('alarms').select('alarms.id').whereRef('alarms.resident_id', '=', 'residents.id').where('alarms.open_key', 'is not', null)));
      }
      const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await query.select(boardColumns).orderBy('area.name').orderBy('floor.name').orderBy('rooms.name').orderBy('beds.name').orderBy('residents.id').limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize).execute();
      return { rows: await liveStates(providerId, session.accountId, rows), total: Number(count.n), pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** Caregiver app: the residents assigned to the signed-in caregiver, with the latest analysed night's score. */
    async caredResidents(session: SessionInfo): Promise<CaredResident[]> {
      const providerId = workingProviderId(session.scope);
      const rows = await board(providerId)
        .innerJoin('resident_caregivers', 'resident_caregivers.resident_id', 'residents.id')
        .innerJoin('caregivers', 'caregivers.id', 'resident_caregivers.caregiver_id')
        .where('caregivers.account_id', '=', session.accountId)
        .where('caregivers.provider_id', '=', providerId)
        .select(boardColumns)
        .orderBy('rooms.name')
        .orderBy('beds.name')
        .orderBy('residents.id')
        .execute();
      const states = await liveStates(providerId, session.accountId, rows);
      const ids = rows.map((row) => row.id);
      const reports = ids.length === 0 ? [] : await db
        .selectFrom('daily_reports')
        .select(['resident_id', 'report_date', 'score'])
        .where('provider_id', '=', providerId)
        .where('resident_id', 'in', ids)
        .where('analysed', '=', 1)
        .orderBy('report_date', 'desc')
        .execute();
      return states.map((state) => {
        const latest = reports.find((report) => report.resident_id === state.userId);
        return { ...state, sleepScore: latest?.score ?? null, reportDate: latest?.report_date ?? null };
      });
    },

    async focusUsers(session: SessionInfo): Promise<ResidentLiveState[]> {
      const providerId = workingProviderId(session.scope);
      const rows = await board(providerId)
        .innerJoin('focus_residents', 'focus_residents.resident_id', 'residents.id')
        .where('focus_residents.account_id', '=', session.accountId)
        .select(boardColumns)
        .orderBy('focus_residents.created_at')
        .orderBy('residents.id')
        .execute();
      return liveStates(providerId, session.accountId, rows);
    },

    async addFocus(session: SessionInfo, residentIds: readonly number[]): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const unique = [...new Set(residentIds)];
      const owned = await db.selectFrom('residents').select('id').where('provider_id', '=', providerId).where('id', 'in', unique).execute();
      if (owned.length !== unique.length) throw errors.invalidField('userIds', 'common.notFound');
      await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('focus_residents').select('resident_id').where('account_id', '=', session.accountId).execute();
        const have = new Set(existing.map((row) => row.resident_id));
        const fresh = unique.filter((id) => !have.has(id));
        if (have.size + fresh.length > FOCUS_USERS_MAX) throw errors.badRequest('alarm.focusFull', { max: FOCUS_USERS_MAX });
        if (fresh.length === 0) return;
        await trx
          .insertInto('focus_residents')
          .values(fresh.map((id) => ({ account_id: session.accountId, resident_id: id, provider_id: providerId, created_at: now() })))
          .onConflict((conflict) => conflict.columns(['account_id', 'resident_id']).doNothing())
          .execute();
      });
      return null;
    },

    async deleteFocus(session: SessionInfo, residentId: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const row = await db.selectFrom('residents').select('provider_id').where('id', '=', residentId).executeTakeFirst();
      if (!row || row.provider_id !== providerId) throw errors.notFound();
      await db.deleteFrom('focus_residents').where('account_id', '=', session.accountId).where('resident_id', '=', residentId).execute();
      return null;
    },
  };
}
export type MonitorService = ReturnType<typeof monitorService>;
