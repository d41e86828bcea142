import { FOCUS_USERS_MAX, RECENT_SAMPLES_MS, type CaredResident, type ResidentLiveState } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { AlarmRepository } from '../alarms/alarm.repository.ts';
import { FALL_RADAR_TYPES } from '../gateways/fall-radar.service.ts';
import type { TelemetryReader } from '../reports/telemetry-reader.ts';
import type { LiveSamples } from './live-samples.ts';
import { presentLiveState } from './monitor.presenter.ts';
import type { BoardRow, MonitorRepository } from './monitor.repository.ts';

/** What monitoring works with: its repositories (bound to the database or to one transaction) and the live samples. */
export interface MonitorServiceDeps {
  monitor: MonitorRepository;
  alarms: AlarmRepository;
  transaction: Transactional<{ monitor: MonitorRepository }>;
  samples: LiveSamples;
  /** The stored samples (ingest's telemetry store): the household chart's last 10 minutes. */
  telemetry: Pick<TelemetryReader, 'read'>;
  now: () => number;
}

/** Real-time monitoring: residents with live state, and each account's focus residents. */
export function monitorService({ monitor, alarms, transaction, samples, telemetry, now }: MonitorServiceDeps) {
  async function liveStates(providerId: number, accountId: number, rows: BoardRow[]): Promise<ResidentLiveState[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const bedIds = rows.map((row) => row.bed_id).filter((id): id is number => id !== null);
    const roomIds = [...new Set(rows.map((row) => row.room_id).filter((id): id is number => id !== null))];
    // The resident's and bed's devices, and the fall radars of the room (they see where the person is).
    const devices = await monitor.devicesAround(providerId, ids, bedIds, roomIds, FALL_RADAR_TYPES);
    const open = await alarms.openOfResidents(providerId, ids, roomIds);
    const focus = new Set(await monitor.focusedAmong(accountId, ids));
    return rows.map((row) => {
      const own = devices.filter(
        (device) =>
          device.resident_id === row.id ||
          (row.bed_id !== null && device.bed_id === row.bed_id) ||
          (row.room_id !== null && device.room_id === row.room_id && device.bed_id === null && device.resident_id === null),
      );
      // A room-level alarm (a fall in the room's bathroom, a room sensor) marks every resident of the room.
      const openAlarms = open.filter((alarm) => alarm.resident_id === row.id || (alarm.resident_id === null && row.room_id !== null && alarm.room_id === row.room_id));
      return presentLiveState(row, samples.of(providerId, row.id), own, openAlarms, focus.has(row.id), now());
    });
  }

  return {
    async userList(session: SessionInfo, input: { areaId?: number; floorId?: number; keyWord?: string; alarmOnly?: boolean; pageNum: number; pageSize: number }) {
      const providerId = workingProviderId(session.scope);
      const { rows, total } = await monitor.boardPage(providerId, input, input.pageNum, input.pageSize);
      return { rows: await liveStates(providerId, session.accountId, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** Caregiver app: the residents assigned to the signed-in caregiver, with the latest analysed night's score. */
    async caredResidents(session: SessionInfo): Promise<CaredResident[]> {
      const providerId = workingProviderId(session.scope);
      const rows = await monitor.caredBy(providerId, session.accountId);
      const states = await liveStates(providerId, session.accountId, rows);
      const ids = rows.map((row) => row.id);
      const reports = await monitor.analysedReportsOf(providerId, ids);
      return states.map((state) => {
        const latest = reports.find((report) => report.resident_id === state.userId);
        return { ...state, sleepScore: latest?.score ?? null, reportDate: latest?.report_date ?? null };
      });
    },

    async focusUsers(session: SessionInfo): Promise<ResidentLiveState[]> {
      const providerId = workingProviderId(session.scope);
      const rows = await monitor.focusedBy(session.accountId, providerId);
      return liveStates(providerId, session.accountId, rows);
    },

    async addFocus(session: SessionInfo, residentIds: readonly number[]): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const unique = [...new Set(residentIds)];
      const owned = await monitor.ownedResidentIds(providerId, unique);
      if (owned.length !== unique.length) throw errors.invalidField('userIds', 'common.notFound');
      await transaction(async ({ monitor: txMonitor }) => {
        const have = new Set(await txMonitor.focusedIds(session.accountId));
        const fresh = unique.filter((id) => !have.has(id));
        if (have.size + fresh.length > FOCUS_USERS_MAX) throw errors.badRequest('alarm.focusFull', { max: FOCUS_USERS_MAX });
        if (fresh.length === 0) return;
        await txMonitor.addFocus(session.accountId, providerId, fresh, now());
      });
      return null;
    },

    /** The last 10 minutes of the resident's sleep monitors (usually one; a replaced one's samples too), oldest first. */
    async recentSamples(session: SessionInfo, residentId: number) {
      const providerId = workingProviderId(session.scope);
      assertOwned(await monitor.findResident(residentId), providerId, 'common.notFound');
      const to = now();
      const rows = [];
      for (const deviceId of await monitor.sleepMonitorsOf(providerId, residentId)) rows.push(...(await telemetry.read(deviceId, to - RECENT_SAMPLES_MS, to + 1)));
      return rows.sort((a, b) => a.t - b.t).map((sample) => ({ t: sample.t, hr: sample.hr, rr: sample.rr, move: sample.move }));
    },

    async deleteFocus(session: SessionInfo, residentId: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      assertOwned(await monitor.findResident(residentId), providerId, 'common.notFound');
      await monitor.deleteFocus(session.accountId, residentId);
      return null;
    },
  };
}
export type MonitorService = ReturnType<typeof monitorService>;
