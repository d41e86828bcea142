import { activeStatus, alarmGroupOf, alarmMessageConfig, clearedStatus, type AlarmRecord, type AlertType, type DeviceLogMessage, type ReleaseSource } from '@vigil/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import type { AlarmSettings } from './alarm-settings.ts';
import { presentAlarm } from './alarm.presenter.ts';
import { openKey, type AlarmRepository, type AlarmRow, type NewAlarm } from './alarm.repository.ts';
import type { AlarmPlace } from './alarm-places.ts';

export interface StoreLog {
  warn(details: object, message: string): void;
}

/** The device an alarm is about (a gateway's sub-device is its own device here). */
export interface AlarmDevice {
  deviceId: string;
  deviceType: number;
}

/** The most alarms committed in one transaction. */
const RAISE_BATCH_MAX = 200;

/**
 * Collects the raises of one event-loop turn and commits them in one transaction (a storm
 * of alarms costs a commit per turn, not per alarm). Each caller gets its own row once the
 * transaction has committed; a failed batch is retried one alarm at a time, so one bad row
 * cannot lose the others.
 */
export function raiseBatcher(alarms: Pick<AlarmRepository, 'raiseOpen' | 'raiseOpenMany'>, log: StoreLog) {
  type Waiting = { row: NewAlarm; resolve: (result: { row: AlarmRow; inserted: boolean }) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let scheduled = false;

  async function commit(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      alarms.raiseOpen(batch[0].row).then(batch[0].resolve, batch[0].reject);
      return;
    }
    try {
      const results = await alarms.raiseOpenMany(batch.map((waiting) => waiting.row));
      batch.forEach((waiting, index) => waiting.resolve(results[index]));
    } catch (error) {
      log.warn({ err: error, alarms: batch.length }, 'batched alarm commit failed: committing one by one');
      for (const waiting of batch) alarms.raiseOpen(waiting.row).then(waiting.resolve, waiting.reject);
    }
  }

  return (row: NewAlarm): Promise<{ row: AlarmRow; inserted: boolean }> =>
    new Promise((resolve, reject) => {
      queue.push({ row, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const all = queue;
        queue = [];
        for (let start = 0; start < all.length; start += RAISE_BATCH_MAX) void commit(all.slice(start, start + RAISE_BATCH_MAX));
      });
    });
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
  const raiseOpen = raiseBatcher(deps.alarms, deps.log);
  const present = async (row: Parameters<typeof presentAlarm>[0]): Promise<AlarmRecord> =>
    presentAlarm(row, await deps.settings.levelsOf(row.provider_id), 'en-us');

  return {
    /**
     * `source` is the device-log message that caused it (several processes): a message handled
     * again after a crash finds the alarm it raised then, and raises and announces nothing.
     */
    async raise(device: AlarmDevice, place: AlarmPlace, alertType: AlertType, at: number, duration: number | null, source?: DeviceLogMessage): Promise<AlarmRecord> {
      if (source?.replayed) {
        const earlier = await deps.alarms.raisedBy(source.key, device.deviceId, alertType);
        if (earlier) return present(earlier);
      }
      if (!alarmMessageConfig(device.deviceType, alertType)) {
        deps.log.warn({ deviceId: device.deviceId, deviceType: device.deviceType, alertType }, 'alarm for a device-type/alert-type pair outside the catalogue: empty alarm info');
      }
      const key = openKey(device.deviceId, alertType);
      const status = activeStatus(alertType);
      const group = alarmGroupOf(alertType);
      const levels = await deps.settings.levelsOf(place.providerId);
      const { row, inserted } = await raiseOpen({
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
        source_message: source?.key ?? null,
      });
      const kind = inserted ? 'new' : 'repeat';
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
