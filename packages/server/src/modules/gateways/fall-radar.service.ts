import {
  DEVICE_TYPES,
  FALL_RADAR_DEFAULTS,
  FALL_REALTIME_MAX_S,
  FallRadarSettingsSchema,
  type DeviceStatusEvent,
  type FallRadar,
  type FallRadarSettings,
} from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { SessionInfo } from '../../http/context.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { DeviceCommands } from './device-commands.ts';
import type { RecentEventLog } from './recent-event-log.ts';
import type { DeviceRow, GatewayRepository } from './gateway.repository.ts';

/** Fall radar types (ED719W overseas, ED719N domestic). */
export const FALL_RADAR_TYPES: readonly number[] = DEVICE_TYPES.filter((info) => info.settings === 'fallRadar').map((info) => info.type);

/** The stored settings, or the defaults when none (or unreadable ones from an older version) were saved. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function storedFallSettings(row: DeviceRow): FallRadarSettings {
  const result = FallRadarSettingsSchema.safeParse(parseJson(row.settings));
  return result.success ? result.data : FALL_RADAR_DEFAULTS;
}

function presentFallRadar(row: DeviceRow, place: string): FallRadar {
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceType: row.device_type,
    location: row.location,
    place,
    online: row.online === 1,
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    settings: storedFallSettings(row),
    settingsPending: row.settings_pending === 1,
    configured: FallRadarSettingsSchema.safeParse(parseJson(row.settings)).success,
  };
}

/** What the fall-monitor service works with: its repository and collaborators. */
export interface FallRadarServiceDeps {
  gateways: GatewayRepository;
  now: () => number;
  commands: DeviceCommands;
  events: RecentEventLog;
}

/** Fall-monitor settings, current site and real-time mode. */
export function fallRadarService({ gateways: repository, now, commands, events }: FallRadarServiceDeps) {

  async function ownRadar(session: SessionInfo, deviceId: string): Promise<DeviceRow> {
    const providerId = workingProviderId(session.scope);
    const row = await repository.findByDeviceId(deviceId);
    assertOwned(row, providerId, 'gateway.deviceNotFound');
    if (!FALL_RADAR_TYPES.includes(row.device_type)) throw errors.invalidField('deviceId', 'fallRadar.notRadar');
    return row;
  }

  return {
    async list(session: SessionInfo, input: { pageNum: number; pageSize: number; keyWord?: string }) {
      const providerId = workingProviderId(session.scope);
      const { rows, total } = await repository.page(providerId, FALL_RADAR_TYPES, input);
      const places = await repository.placesOf(providerId, rows.map((row) => row.id));
      return { rows: rows.map((row) => presentFallRadar(row, places.get(row.id) ?? '')), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async get(session: SessionInfo, deviceId: string) {
      const row = await ownRadar(session, deviceId);
      const places = await repository.placesOf(row.provider_id ?? 0, [row.id]);
      return presentFallRadar(row, places.get(row.id) ?? '');
    },

    async save(session: SessionInfo, input: { deviceId: string; location?: string; settings: FallRadarSettings }) {
      const row = await ownRadar(session, input.deviceId);
      await repository.update(row.id, { settings: JSON.stringify(input.settings), settings_pending: 1, ...(input.location === undefined ? {} : { location: input.location }) }, now());
      const sent = await commands.sendIfOnline(row, 'configure', { fallRadar: input.settings });
      if (sent) await repository.update(row.id, { settings_pending: 0 }, now());
      return { sent };
    },

    async currentSite(session: SessionInfo, deviceId: string) {
      const row = await ownRadar(session, deviceId);
      const [site] = await events.recent(row.device_id, 0, 1, 'site');
      const until = row.realtime_until === null ? null : Number(row.realtime_until);
      return {
        deviceId: row.device_id,
        x: site?.x ?? null,
        y: site?.y ?? null,
        at: site ? Number(site.ts) : null,
        present: site ? site.status !== 0 : false,
        realtimeUntil: until !== null && until > now() ? until : null,
      };
    },

    async startRealtime(session: SessionInfo, deviceId: string) {
      const row = await ownRadar(session, deviceId);
      await commands.send(row, 'realtime', { on: true, seconds: FALL_REALTIME_MAX_S });
      const until = now() + FALL_REALTIME_MAX_S * 1000;
      await repository.update(row.id, { realtime_until: until }, now());
      return { realtimeUntil: until };
    },

    async stopRealtime(session: SessionInfo, deviceId: string) {
      const row = await ownRadar(session, deviceId);
      await commands.sendIfOnline(row, 'realtime', { on: false });
      await repository.update(row.id, { realtime_until: null }, now());
      return null;
    },

    /** A radar that comes back online gets the settings saved while it was away. */
    async onDeviceStatus(event: DeviceStatusEvent): Promise<void> {
      if (!event.online || event.wasOnline || !FALL_RADAR_TYPES.includes(event.deviceType)) return;
      const row = await repository.findByDeviceId(event.deviceId);
      if (!row || row.settings_pending !== 1) return;
      if (await commands.sendIfOnline({ id: row.id, online: 1 }, 'configure', { fallRadar: storedFallSettings(row) })) {
        await repository.update(row.id, { settings_pending: 0 }, now());
      }
    },
  };
}
export type FallRadarService = ReturnType<typeof fallRadarService>;
