import type { Db } from '../../db/database.ts';

/** One alarm as the tests describe it: raised (UTC text) and how it ended. */
export interface AlarmSpec {
  providerId: number;
  raised: string;
  alertType: string;
  level: 1 | 2;
  deviceId: string;
  deviceType?: number;
  residentId?: number | null;
  userName?: string;
  room?: string;
  /** Handled after this many seconds by the handler, with the release choice. */
  handled?: { seconds: number; handlerId: number; handlerName: string; option: string };
  /** Relieved (automatic) this many seconds after raised. */
  relievedAfter?: number;
}

/** Inserts an alarm row in its final state (the store and handling paths have their own tests). */
export async function insertAlarm(db: Db, spec: AlarmSpec): Promise<number> {
  const raisedAt = Date.parse(spec.raised);
  if (Number.isNaN(raisedAt)) throw new Error(`bad time ${spec.raised}`);
  const pending = !spec.handled && spec.relievedAfter === undefined;
  const row = await db
    .insertInto('alarms')
    .values({
      provider_id: spec.providerId, device_id: spec.deviceId, device_type: spec.deviceType ?? 20993, alert_type: spec.alertType, alarm_group: 'sos',
      alert_level: spec.level, open_key: pending ? `${spec.deviceId}|${spec.alertType}` : null, resident_id: spec.residentId ?? null,
      user_name: spec.userName ?? '', bunk: '', room: spec.room ?? '', floor_area: '', status: 1, raised_at: raisedAt, last_at: raisedAt, repeat_count: 0,
      relieved: spec.relievedAfter !== undefined ? 1 : 0, release_source: spec.relievedAfter !== undefined ? 2 : 0,
      relieved_at: spec.relievedAfter !== undefined ? raisedAt + spec.relievedAfter * 1000 : null,
      deal_state: spec.handled ? 'processed' : 'unDeal',
      handler_id: spec.handled?.handlerId ?? null, handler_name: spec.handled?.handlerName ?? null,
      deal_time: spec.handled ? raisedAt + spec.handled.seconds * 1000 : null, deal_option: spec.handled?.option ?? null,
      response_ms: spec.handled ? spec.handled.seconds * 1000 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
