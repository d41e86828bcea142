import { testDeviceKeys } from '../../test/device-keys.ts';
import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AlarmsTable } from '../../db/schema.ts';

/** Small factories for a hand-counted statistics data set (direct rows, so every field is known). */
export function statisticsFixtures(db: Db, now: number) {
  const stamp = { created_at: now, updated_at: now };
  const key = () => crypto.randomBytes(4).toString('hex');
  return {
    async provider(name: string, timeZone: string | null, parentId: number | null = null): Promise<number> {
      const row = await db
        .insertInto('providers')
        .values({ name, name_key: name.toLowerCase(), code: null, domain: key(), level: parentId === null ? 1 : 2, parent_id: parentId, enabled: 1, deleted_at: null, time_zone: timeZone, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** An area with one floor and one room holding the named beds: answers the ids. */
    async place(providerId: number, area: string, beds: string[]) {
      const areaRow = await db.insertInto('areas').values({ provider_id: providerId, parent_id: null, parent_key: 0, level: 1, name: area, name_key: area.toLowerCase(), ...stamp }).returning('id').executeTakeFirstOrThrow();
      const floor = await db.insertInto('areas').values({ provider_id: providerId, parent_id: areaRow.id, parent_key: areaRow.id, level: 2, name: '1F', name_key: '1f', ...stamp }).returning('id').executeTakeFirstOrThrow();
      const room = await db.insertInto('rooms').values({ provider_id: providerId, floor_id: floor.id, name: `${area} 1`, name_key: `${area} 1`.toLowerCase(), ...stamp }).returning('id').executeTakeFirstOrThrow();
      const bedIds: number[] = [];
      for (const bed of beds) {
        const row = await db.insertInto('beds').values({ provider_id: providerId, room_id: room.id, name: bed, name_key: bed.toLowerCase(), device_code: null, ...stamp }).returning('id').executeTakeFirstOrThrow();
        bedIds.push(row.id);
      }
      return { areaId: areaRow.id, roomId: room.id, bedIds };
    },
    async resident(providerId: number, values: { name: string; state: string; bedId?: number | null; checkInAt?: number | null; checkOutAt?: number | null }): Promise<number> {
      const row = await db
        .insertInto('residents')
        .values({
          provider_id: providerId, name: values.name, name_key: values.name.toLowerCase(), gender: 1, birth_date: '1940-01-01', height_cm: null, weight_kg: null,
          medical_history: '', remark: '', care_level: null, attention: 0, state: values.state, check_in_at: values.checkInAt ?? null, check_out_at: values.checkOutAt ?? null,
          deregistered_at: null, bed_id: values.bedId ?? null, ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async device(providerId: number, values: { deviceType: number; online: boolean; battery?: number | null; bedId?: number | null; roomId?: number | null }): Promise<void> {
      const deviceId = `ST-${key()}`;
      await db
        .insertInto('devices')
        .values({
          device_id: deviceId, cipher_id: `C${deviceId}`, device_type: values.deviceType, device_key: testDeviceKeys.seal(key()), provider_id: providerId, bed_id: values.bedId ?? null, room_id: values.roomId ?? null,
          resident_id: null, pairing: 'none', online: values.online ? 1 : 0,
          // Seen "later" than any clock the tests set, so supervision never marks an online fixture silent.
          last_seen_at: values.online ? Date.parse('2030-01-01T00:00:00Z') : null, battery: values.battery ?? null, location: '', settings: '{}', remark: '', ...stamp,
        })
        .execute();
    },
    async caregiver(providerId: number, name: string, residentIds: number[]): Promise<void> {
      const account = await db
        .insertInto('accounts')
        .values({ user_name: `cg${key()}`, user_name_key: `cg${key()}`, password_hash: 'x', role: 'NURSING', nick_name: name, data_permission: null, provider_id: providerId, is_provider_login: 0, enabled: 1, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      const caregiver = await db
        .insertInto('caregivers')
        .values({ provider_id: providerId, account_id: account.id, name, phone: '', job: '', id_number: '', relation: '', grade: '', ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const residentId of residentIds) await db.insertInto('resident_caregivers').values({ resident_id: residentId, caregiver_id: caregiver.id, provider_id: providerId }).execute();
    },
    async alarm(providerId: number, values: { alertType: string; level: 1 | 2; raisedAt: number; areaId?: number | null; dealTime?: number | null; responseMs?: number | null }): Promise<void> {
      const handled = values.dealTime !== undefined && values.dealTime !== null;
      const row: Insertable<AlarmsTable> = {
        provider_id: providerId, device_id: `ST-${key()}`, device_type: 20993, alert_type: values.alertType, alarm_group: 'sos', alert_level: values.level,
        open_key: handled ? null : `ST-${key()}|${values.alertType}`, resident_id: null, bed_id: null, room_id: null, floor_id: null, area_id: values.areaId ?? null,
        user_name: '', bunk: '', room: '', floor_area: '', status: 1, duration: null, raised_at: values.raisedAt, last_at: values.raisedAt, repeat_count: 0, escalated_at: null,
        relieved: 0, release_source: 0, relieved_at: null, remove_reason: null, deal_state: handled ? 'processed' : 'unDeal', handler_id: null, handler_name: null,
        deal_time: values.dealTime ?? null, deal_option: handled ? 'CHECKED' : null, follow_up: null, remark: null, response_ms: values.responseMs ?? null,
      };
      await db.insertInto('alarms').values(row).execute();
    },
    async report(providerId: number, residentId: number, date: string, values: { score: number; ahi: number | null; af: string | null }): Promise<void> {
      await db
        .insertInto('daily_reports')
        .values({
          provider_id: providerId, resident_id: residentId, device_id: 'ST', report_date: date, window_from: now, window_to: now, analysed: 1, reason: null, score: values.score,
          sleep_minutes: 420, time_in_bed_minutes: 480, efficiency: 85, deep_share: 20, wake_ups: 1, left_bed_count: 0, body_movement_index: 1, hr_mean: 60, rr_mean: 14,
          ahi: values.ahi, apnea_grade: null, af_grade: values.af, bed_time: null, wake_time: null, analysis: '{}', created_at: now,
        })
        .execute();
    },
  };
}
