import type { HandoverAlarm } from '@vigil/contracts';
import { addressOf } from '../alarms/alarm.presenter.ts';
import type { NightAlarmRow } from './analytics.repository.ts';

/** "Building / Floor / Room / Bed" from the parts that are set. */
export const placeOf = (parts: readonly (string | null)[]): string => parts.filter((part): part is string => !!part).join(' / ');

/** Where a night's alarm stands at handover: handled, relieved (the device cleared it), or still pending. */
export function handoverAlarmState(row: NightAlarmRow): HandoverAlarm['state'] {
  return row.deal_state === 'processed' ? 'handled' : row.relieved ? 'relieved' : 'pending';
}

/** One alarm of the night in the handover summary; who handled it, how fast and how only once it is handled. */
export function presentHandoverAlarm(row: NightAlarmRow): HandoverAlarm {
  const state = handoverAlarmState(row);
  return {
    id: row.id,
    raisedAt: row.raised_at,
    alertType: row.alert_type,
    alertLevel: row.alert_level,
    deviceId: row.device_id,
    userName: row.user_name,
    place: addressOf(row),
    state,
    handlerName: state === 'handled' ? row.handler_name : null,
    responseSeconds: state === 'handled' && row.response_ms !== null ? Math.round(row.response_ms / 1000) : null,
    dealOption: state === 'handled' ? row.deal_option : null,
  };
}
