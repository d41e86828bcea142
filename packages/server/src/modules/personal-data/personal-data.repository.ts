import { ERASED_RESIDENT_NAME } from '@vigil/contracts';
import type { Db } from '../../db/database.ts';

/** Everything Vigil holds about one resident, and its erasure (docs/audit.md "Personal data"). */
export function personalDataRepository(db: Db) {
  return {
    resident: (id: number) => db.selectFrom('residents').selectAll().where('id', '=', id).executeTakeFirst(),
    contacts: (id: number) => db.selectFrom('resident_contacts').select(['name', 'phone', 'relation', 'position']).where('resident_id', '=', id).orderBy('position').execute(),
    caregivers: (id: number) =>
      db.selectFrom('resident_caregivers').innerJoin('caregivers', 'caregivers.id', 'resident_caregivers.caregiver_id').select(['caregivers.id', 'caregivers.name']).where('resident_caregivers.resident_id', '=', id).execute(),
    alarmSettings: (id: number) => db.selectFrom('resident_alarm_settings').select(['settings', 'updated_at']).where('resident_id', '=', id).executeTakeFirst(),
    alarms: (id: number) =>
      db
        .selectFrom('alarms')
        .select(['id', 'device_id', 'device_type', 'alert_type', 'alert_level', 'bunk', 'room', 'floor_area', 'raised_at', 'last_at', 'repeat_count', 'relieved_at', 'deal_state', 'handler_name', 'deal_time', 'deal_option', 'follow_up', 'remark', 'response_ms'])
        .where('resident_id', '=', id)
        .orderBy('raised_at')
        .execute(),
    dailyReports: (id: number) => db.selectFrom('daily_reports').selectAll().where('resident_id', '=', id).orderBy('report_date').execute(),
    monthlyReports: (id: number) => db.selectFrom('monthly_reports').selectAll().where('resident_id', '=', id).orderBy('month').execute(),
    /** Devices on the resident's bed or assigned to them now. */
    devices: (id: number, bedId: number | null) => {
      let query = db.selectFrom('devices').select(['device_id', 'device_type', 'location', 'online', 'last_seen_at', 'bed_id']);
      query = bedId === null ? query.where('resident_id', '=', id) : query.where((eb) => eb.or([eb('resident_id', '=', id), eb('bed_id', '=', bedId)]));
      return query.execute();
    },
    /** Stored one-second samples per device and UTC day within [from, to]. */
    async sampleDays(deviceIds: string[], from: number, to: number) {
      if (deviceIds.length === 0) return [];
      const rows = await db.selectFrom('telemetry_chunks').select(['device_id', 'start_at', 'sample_count']).where('device_id', 'in', deviceIds).where('start_at', '>=', from).where('start_at', '<=', to).execute();
      const days = new Map<string, { deviceId: string; day: string; samples: number }>();
      for (const row of rows) {
        const day = new Date(Number(row.start_at)).toISOString().slice(0, 10);
        const entry = days.get(`${row.device_id} ${day}`) ?? { deviceId: row.device_id, day, samples: 0 };
        entry.samples += Number(row.sample_count);
        days.set(`${row.device_id} ${day}`, entry);
      }
      return [...days.values()].sort((a, b) => a.deviceId.localeCompare(b.deviceId) || a.day.localeCompare(b.day));
    },
    /** Residents checked out (or deregistered) before `time` and not yet erased. */
    async checkedOutBefore(time: number) {
      return db
        .selectFrom('residents')
        .select(['id', 'provider_id'])
        .where('state', 'in', ['checkedOut', 'deregistered'])
        .where((eb) => eb.or([eb('check_out_at', '<', time), eb.and([eb('check_out_at', 'is', null), eb('deregistered_at', '<', time)])]))
        .where('name_key', 'not like', 'erased:%')
        .execute();
    },
    /**
     * Erases one resident in one transaction: contacts, caregiver links, alarm settings, focus
     * marks and sleep reports go; alarms stay for the statistics but lose the name and the
     * resident link (remarks too: they may name people); the resident row keeps only what the
     * statistics count (gender, birth year, care level, state and its dates) under an anonymous name.
     */
    async erase(id: number, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('residents').select(['birth_date']).where('id', '=', id).executeTakeFirstOrThrow();
        await trx.deleteFrom('resident_contacts').where('resident_id', '=', id).execute();
        await trx.deleteFrom('resident_caregivers').where('resident_id', '=', id).execute();
        await trx.deleteFrom('resident_alarm_settings').where('resident_id', '=', id).execute();
        await trx.deleteFrom('focus_residents').where('resident_id', '=', id).execute();
        await trx.deleteFrom('daily_reports').where('resident_id', '=', id).execute();
        await trx.deleteFrom('monthly_reports').where('resident_id', '=', id).execute();
        await trx.updateTable('alarms').set({ user_name: ERASED_RESIDENT_NAME, resident_id: null, remark: null, remove_reason: null }).where('resident_id', '=', id).execute();
        await trx.updateTable('devices').set({ resident_id: null }).where('resident_id', '=', id).execute();
        await trx
          .updateTable('residents')
          .set({
            name: `${ERASED_RESIDENT_NAME} ${id}`, name_key: `erased:${id}`, birth_date: `${row.birth_date.slice(0, 4)}-01-01`, height_cm: null, weight_kg: null,
            medical_history: '[]', remark: '', attention: 0, bed_id: null, updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      });
    },
  };
}
export type PersonalDataRepository = ReturnType<typeof personalDataRepository>;
