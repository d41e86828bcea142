import { AlertTypeSchema, type ResidentLiveState, type ResidentSample } from '@vigil/contracts';
import type { AlarmRow } from '../alarms/alarm.repository.ts';
import { absenceOf } from '../residents/resident.presenter.ts';
import type { BoardRow, MonitorRepository } from './monitor.repository.ts';

type DeviceNearRow = Awaited<ReturnType<MonitorRepository['devicesAround']>>[number];

/** A resident on the board: their latest sample, place names, devices (online when all are) and open alarms. */
export function presentLiveState(row: BoardRow, sample: ResidentSample, devices: readonly DeviceNearRow[], openAlarms: readonly AlarmRow[], focused: boolean, now: number): ResidentLiveState {
  return {
    ...sample,
    userName: row.name,
    bunk: row.bunk ?? '',
    room: row.room ?? '',
    roomId: row.room_id,
    floorArea: [row.area, row.floor].filter((part): part is string => typeof part === 'string' && part.length > 0).join(' / '),
    deviceOnline: devices.length === 0 ? null : devices.every((device) => device.online === 1),
    devices: devices.map((device) => ({ deviceId: device.device_id, deviceType: device.device_type, online: device.online === 1 })),
    openAlarms: openAlarms.map((alarm) => ({ id: alarm.id, alertType: AlertTypeSchema.parse(alarm.alert_type), alertLevel: alarm.alert_level, timeStamp: Math.floor(alarm.raised_at / 1000) })),
    focused,
    away: absenceOf(row, now),
  };
}
