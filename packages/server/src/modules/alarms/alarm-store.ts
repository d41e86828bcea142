import { activeStatus, alarmGroupOf, alarmMessageConfig, clearedStatus, type AlarmRecord, type AlertType, type ReleaseSource } from '@vigil/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import type { AlarmSettings } from './alarm-settings.ts';
import { presentAlarm } from './alarm.presenter.ts';
import { openKey, type AlarmRepository } from './alarm.repository.ts';
import type { AlarmPlace } from './alarm-places.ts';

export interface StoreLog {
  warn(details: object, message: string): void;
}

/** The device an alarm is about (a gateway's sub-device is its own device here). */
export interface AlarmDevice {
  deviceId: string;
  deviceType: number;
}

/**
 * Commits alarms the rules ask for, then announces them on the bus: an alarm is in the
 * database before any socket hears of it. One open alarm per device and alert type: a
 * repeat updates it (the open_key unique index settles races between processes).
 */
export function alarmStore(deps: {
  alarms: AlarmRepository;
  settings: AlarmSettings;
  bus: EventBus;
  log: StoreLog;
  onRaised?: (kind: 'new' | 'repeat') => void;
}) {
  const present = async (row: Parameters<typeof presentAlarm>[0]): Promise<AlarmRecord> =>
    presentAlarm(row, await deps.settings.levelsOf(row.provider_id), 'en-us');

  return {
    async raise(device: AlarmDevice, place: AlarmPlace, alertType: AlertType, at: number, duration: number | null): Promise<AlarmRecord> {
      if (!alarmMessageConfig(device.deviceType, alertType)) {
        deps.log.warn({ deviceId: device.deviceId, deviceType: device.deviceType, alertType }, 'alarm for a device-type/alert-type pair outside the catalogue: empty alarm info');
      }
      const key = openKey(device.deviceId, alertType);
      const status = activeStatus(alertType);
      let kind: 'new' | 'repeat' = 'repeat';
      let row = await deps.alarms.repeatOpen(key, at, status);
      if (!row) {
        const group = alarmGroupOf(alertType);
        const levels = await deps.settings.levelsOf(place.providerId);
        row = await deps.alarms.insertOpen({
          provider_id: place.providerId,
          device_id: device.deviceId,
          device_type: device.deviceType,
          alert_type: alertType,
          alarm_group: group,
          alert_level: levels.levels[group],
          open_key: key,
          resident_id: place.residentId,
          bed_id: place.bedId,
          room_id: place.roomId,
          floor_id: place.floorId,
          area_id: place.areaId,
          user_name: place.userName,
          bunk: place.bunk,
          room: place.room,
          floor_area: place.floorArea,
          status,
          duration,
          raised_at: at,
          last_at: at,
          repeat_count: 0,
          relieved: 0,
          release_source: 0,
          deal_state: 'unDeal',
        });
        kind = 'new';
        // Another process opened it between our update and insert: ours is a repeat of theirs.
        if (!row) {
          kind = 'repeat';
          row = await deps.alarms.repeatOpen(key, at, status);
        }
        if (!row) throw new Error(`alarm ${key} vanished while it was raised`);
      }
      const alarm = await present(row);
      deps.onRaised?.(kind);
      await deps.bus.publish('alarm.raised', { providerId: row.provider_id, alarm, kind });
      return alarm;
    },

    /** Relieves the open alarm of the device and type, if any (device or automatic release). */
    async relieve(device: AlarmDevice, alertType: AlertType, at: number, source: ReleaseSource): Promise<AlarmRecord | null> {
      const row = await deps.alarms.relieveOpen(openKey(device.deviceId, alertType), at, source, clearedStatus(alertType));
      if (!row) return null;
      const alarm = await present(row);
      await deps.bus.publish('alarm.relieved', { providerId: row.provider_id, alarm });
      return alarm;
    },

    /** Raises pending orange alarms older than the provider's escalation time to red and announces them again. */
    async escalate(now: number): Promise<number> {
      const providers = await deps.alarms.providersWithPendingOrange(now - 60_000);
      let count = 0;
      for (const providerId of providers) {
        const levels = await deps.settings.levelsOf(providerId);
        const rows = await deps.alarms.escalate(providerId, now - levels.escalationMinutes * 60_000, now);
        for (const row of rows) {
          await deps.bus.publish('alarm.raised', { providerId, alarm: await present(row), kind: 'escalated' });
          count += 1;
        }
      }
      return count;
    },
  };
}
export type AlarmStore = ReturnType<typeof alarmStore>;
