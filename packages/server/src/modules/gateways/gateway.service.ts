import {
  DEVICE_TYPES,
  deviceTypeInfo,
  GATEWAY_HOST_TYPE,
  PAIRING_WINDOW_S,
  RECENT_EVENTS_MAX,
  SUB_DEVICES_PER_HOST_MAX,
  type DeviceSensedEvent,
  type ParsedInputOf,
  type heGetDeviceList,
  type RoomSensor,
} from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import { errors } from '../../http/errors.ts';
import type { SessionInfo } from '../../http/context.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import { scopeIncludes } from '../../tenancy/scope.ts';
import type { DeviceCommands } from './device-commands.ts';
import type { RecentEventLog } from './recent-event-log.ts';
import type { DeviceRow, GatewayRepository } from './gateway.repository.ts';
import { presentHost, presentRecentEvent, sensorStateOf } from './gateway.presenter.ts';

/** True when the type may hang under a gateway host (door, motion and the other security sensors). */
export function isSubDeviceType(type: number): boolean {
  return deviceTypeInfo(type)?.links.includes('gateway') ?? false;
}

/** Door and motion sensor types (gateway sub-devices and stand-alone NB-IoT), by what they report. */
const ROOM_SENSOR_KINDS: Readonly<Record<string, RoomSensor['kind']>> = { doorMagnet: 'door', humanMotion: 'motion' };
const ROOM_SENSOR_TYPES = DEVICE_TYPES.filter((info) => info.kind in ROOM_SENSOR_KINDS).map((info) => info.type);

/** The stock rule for adding a device, with the registry's messages: registered, not already someone's, not withheld (spec 02 §8). */
export function assertTakeable(row: DeviceRow | undefined, providerId: number, field = 'deviceId'): asserts row is DeviceRow {
  if (!row) throw errors.invalidField(field, 'device.notRegistered');
  if (row.provider_id === providerId) throw errors.conflict('device.alreadyAdded');
  if (row.provider_id !== null) throw errors.conflict('device.addedByOther');
  if (row.withheld === 1) throw errors.conflict('device.notInStock');
}

/** What the gateway service works with: its repository, bound to the database or to one transaction, and its collaborators. */
export interface GatewayServiceDeps {
  gateways: GatewayRepository;
  transaction: Transactional<{ gateways: GatewayRepository }>;
  now: () => number;
  commands: DeviceCommands;
  events: RecentEventLog;
  /** Told the IDs of devices whose provider, host or pairing changed. */
  changed?: (deviceIds: readonly string[]) => void;
}

/** Gateway hosts (LHD8100) and their sub-devices: adding, pairing, replacing, removing, moving. */
export function gatewayService({ gateways: repository, transaction, now, commands, events, changed = () => {} }: GatewayServiceDeps) {

  /** The provider's device with that ID; anything else answers exactly like a missing device. */
  async function ownDevice(providerId: number, deviceId: string): Promise<DeviceRow> {
    const row = await repository.findByDeviceId(deviceId);
    assertOwned(row, providerId, 'gateway.deviceNotFound');
    return row;
  }
  async function ownHost(providerId: number, deviceId: string): Promise<DeviceRow> {
    const row = await ownDevice(providerId, deviceId);
    if (row.device_type !== GATEWAY_HOST_TYPE) throw errors.invalidField('hostId', 'gateway.notHost');
    return row;
  }
  async function ownSubDevice(providerId: number, deviceId: string): Promise<{ sub: DeviceRow; host: DeviceRow }> {
    const sub = await ownDevice(providerId, deviceId);
    if (!isSubDeviceType(sub.device_type)) throw errors.invalidField('deviceId', 'gateway.notSubDevice');
    const host = sub.host_id === null ? undefined : await repository.findById(sub.host_id);
    if (!host) throw errors.conflict('gateway.notAttached');
    return { sub, host };
  }
  async function hostView(host: DeviceRow) {
    return presentHost(host, await repository.subDevicesOf([host.id]), now());
  }

  /** Adds a stock sub-device under a host inside a transaction: the host row is locked first, so two adds cannot both take the 49th place. */
  async function attach(repo: GatewayRepository, providerId: number, hostId: number, deviceId: string, location: string, field = 'deviceId'): Promise<number> {
    await repo.update(hostId, {}, now());
    const row = await repo.findByDeviceId(deviceId);
    assertTakeable(row, providerId, field);
    if (!isSubDeviceType(row.device_type)) throw errors.invalidField(field, 'gateway.notSubDevice');
    if ((await repo.countSubDevices(hostId)) >= SUB_DEVICES_PER_HOST_MAX) throw errors.conflict('gateway.hostFull');
    if (!(await repo.takeFromStock(row.id, providerId, { location, hostId, pairing: 'toPair' }, now()))) throw errors.conflict('device.addedByOther');
    return row.id;
  }

  return {
    attach,

    async list(session: SessionInfo, input: ParsedInputOf<typeof heGetDeviceList>) {
      const providerId = workingProviderId(session.scope);
      const { rows, total } = await repository.page(providerId, [GATEWAY_HOST_TYPE], { ...input, withSubDevices: true });
      const subs = await repository.subDevicesOf(rows.map((row) => row.id));
      // Door and motion sensors show what they say now (spec 02 §4).
      const sensors = await repository.latestSensorEvents(subs.filter((sub) => ['doorMagnet', 'humanMotion'].includes(deviceTypeInfo(sub.device_type)?.kind ?? '')).map((sub) => sub.device_id));
      const time = now();
      return { rows: rows.map((row) => presentHost(row, subs.filter((sub) => sub.host_id === row.id), time, sensors)), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** The door and motion sensors of a resident's room with what they say now (spec 02 §4, household page); another provider's resident answers as missing. */
    async roomSensors(session: SessionInfo, input: { userId: number }): Promise<{ roomId: number | null; sensors: RoomSensor[] }> {
      const providerId = workingProviderId(session.scope);
      const roomId = await repository.residentRoomId(providerId, input.userId);
      if (roomId === undefined) throw errors.notFound('resident.notFound');
      if (roomId === null) return { roomId, sensors: [] };
      const rows = await repository.devicesInRoom(providerId, roomId, ROOM_SENSOR_TYPES);
      const latest = await repository.latestSensorEvents(rows.map((row) => row.device_id));
      const sensors = rows.map((row): RoomSensor => {
        const info = deviceTypeInfo(row.device_type);
        const event = latest.get(row.device_id);
        return {
          deviceId: row.device_id, deviceType: row.device_type, model: info?.model ?? '', kind: ROOM_SENSOR_KINDS[info?.kind ?? ''] ?? 'door',
          location: row.location, online: row.online === 1, sensorState: sensorStateOf(event), sensorStateAt: event ? event.received_at : null,
        };
      });
      return { roomId, sensors };
    },

    async addHost(session: SessionInfo, input: { deviceId: string; location: string }) {
      const providerId = workingProviderId(session.scope);
      return transaction(async ({ gateways: repo }) => {
        const row = await repo.findByDeviceId(input.deviceId);
        assertTakeable(row, providerId);
        if (row.device_type !== GATEWAY_HOST_TYPE) throw errors.invalidField('deviceId', 'gateway.notHost');
        if (!(await repo.takeFromStock(row.id, providerId, { location: input.location, hostId: null, pairing: 'none' }, now()))) throw errors.conflict('device.addedByOther');
        return { id: row.id };
      }).then((result) => {
        changed([input.deviceId]);
        return result;
      });
    },

    async insertSubDevice(session: SessionInfo, input: { hostId: string; deviceId: string; location: string }) {
      const providerId = workingProviderId(session.scope);
      const host = await ownHost(providerId, input.hostId);
      const id = await transaction((tx) => attach(tx.gateways, providerId, host.id, input.deviceId, input.location));
      changed([input.deviceId]);
      return { id };
    },

    async replace(session: SessionInfo, input: { deviceId: string; newDeviceId: string }) {
      const providerId = workingProviderId(session.scope);
      const { sub, host } = await ownSubDevice(providerId, input.deviceId);
      const id = await transaction(async ({ gateways: repo }) => {
        const fresh = await repo.findByDeviceId(input.newDeviceId);
        assertTakeable(fresh, providerId, 'newDeviceId');
        if (fresh.device_type !== sub.device_type) throw errors.invalidField('newDeviceId', 'gateway.typeMismatch');
        await repo.returnToStock([sub.id], now());
        if (!(await repo.takeFromStock(fresh.id, providerId, { location: sub.location, hostId: host.id, pairing: 'toPair' }, now()))) throw errors.conflict('device.addedByOther');
        return fresh.id;
      });
      changed([sub.device_id, input.newDeviceId]);
      // The old one leaves the host's radio table when the host can hear us; otherwise the host forgets it on its next pairing.
      if (sub.pairing === 'paired') await commands.sendIfOnline(host, 'unpair', { sub: sub.device_id });
      return { id };
    },

    /** Pair call 1: the host accepts exactly this sub-device. */
    async pairOne(session: SessionInfo, input: { deviceId: string }) {
      const providerId = workingProviderId(session.scope);
      const { sub, host } = await ownSubDevice(providerId, input.deviceId);
      const until = now() + PAIRING_WINDOW_S * 1000;
      await commands.send(host, 'pair', { subs: [sub.device_id], window: PAIRING_WINDOW_S });
      await repository.update(host.id, { pairing_until: until }, now());
      if (sub.pairing !== 'paired') await repository.update(sub.id, { pairing: 'toPair', tested: 0 }, now());
      return { pairingUntil: until };
    },

    /** Pair call 2: the host listens for any sub-device for the pairing window. */
    async openPairing(session: SessionInfo, input: { hostId: string }) {
      const providerId = workingProviderId(session.scope);
      const host = await ownHost(providerId, input.hostId);
      const until = now() + PAIRING_WINDOW_S * 1000;
      await commands.send(host, 'pair', { window: PAIRING_WINDOW_S });
      await repository.update(host.id, { pairing_until: until }, now());
      return { pairingUntil: until };
    },

    async unpair(session: SessionInfo, input: { deviceId: string }) {
      const providerId = workingProviderId(session.scope);
      const { sub, host } = await ownSubDevice(providerId, input.deviceId);
      await commands.send(host, 'unpair', { sub: sub.device_id });
      await repository.update(sub.id, { pairing: 'toPair', tested: 0 }, now());
      return null;
    },

    async pairStatus(session: SessionInfo, input: { hostId: string }) {
      const providerId = workingProviderId(session.scope);
      return hostView(await ownHost(providerId, input.hostId));
    },

    async remove(session: SessionInfo, input: { deviceId: string; deviceType: number }) {
      const providerId = workingProviderId(session.scope);
      const row = await ownDevice(providerId, input.deviceId);
      if (row.device_type !== input.deviceType) throw errors.invalidField('deviceType', 'gateway.typeMismatch');
      if (row.device_type === GATEWAY_HOST_TYPE) {
        const count = await repository.countSubDevices(row.id);
        if (count > 0) throw errors.conflict('gateway.hostHasSubDevices', { count });
      } else if (!isSubDeviceType(row.device_type)) {
        throw errors.invalidField('deviceType', 'gateway.notSubDevice');
      } else if (row.host_id !== null && row.pairing === 'paired') {
        const host = await repository.findById(row.host_id);
        if (host) await commands.sendIfOnline(host, 'unpair', { sub: row.device_id });
      }
      await repository.returnToStock([row.id], now());
      changed([row.device_id]);
      return null;
    },

    /** Moves a host and its sub-devices to another provider in the caller's reach. */
    async changeProvider(session: SessionInfo, input: { deviceId: string; providerId: number }) {
      const { scope } = session;
      const host = await repository.findByDeviceId(input.deviceId);
      if (!host || host.provider_id === null || !scopeIncludes(scope, host.provider_id)) throw errors.notFound('gateway.deviceNotFound');
      if (host.device_type !== GATEWAY_HOST_TYPE) throw errors.invalidField('deviceId', 'gateway.notHost');
      const target = await repository.findLiveProvider(input.providerId);
      if (!target || !scopeIncludes(scope, target.id) || target.enabled !== 1) throw errors.invalidField('providerId', 'gateway.targetProvider');
      if (target.id === host.provider_id) throw errors.conflict('gateway.sameProvider');
      return transaction(async ({ gateways: repo }) => {
        const subs = await repo.subDevicesOf([host.id]);
        await repo.moveToProvider([host.id, ...subs.map((sub) => sub.id)], target.id, now());
        return { moved: subs.length + 1, ids: [host.device_id, ...subs.map((sub) => sub.device_id)] };
      }).then(({ moved, ids }) => {
        changed(ids);
        return { moved };
      });
    },

    async recentEvents(session: SessionInfo, input: { deviceId: string; since: number }) {
      const providerId = workingProviderId(session.scope);
      const row = await ownDevice(providerId, input.deviceId);
      return (await events.recent(row.device_id, input.since, RECENT_EVENTS_MAX)).map(presentRecentEvent);
    },

    /**
     * A device event from ingest: kept for the wizards; a host's `pairing` event pairs
     * (or unpairs) the sub-device, attaching a registered stock device while the host's
     * pairing window is open; any later event of a paired sub-device marks it tested.
     */
    async onDeviceEvent(event: DeviceSensedEvent): Promise<void> {
      const message = event.event;
      const subId = message.sub ?? event.subDevice?.deviceId ?? '';
      events.record({
        device_id: event.deviceId, sub_device_id: subId, sub_device_type: message.subType ?? event.subDevice?.deviceType ?? null,
        event_type: message.type, status: message.status, x: message.x ?? null, y: message.y ?? null, ts: message.ts, received_at: event.receivedAt,
      });
      if (subId === '') return;
      const host = await repository.findByDeviceId(event.deviceId);
      if (!host || host.device_type !== GATEWAY_HOST_TYPE || host.provider_id === null) return;
      const sub = await repository.findByDeviceId(subId);
      if (message.type === 'pairing') {
        if (message.status === 0) {
          if (sub && sub.host_id === host.id) await repository.update(sub.id, { pairing: 'toPair', tested: 0 }, now());
          return;
        }
        if (sub && sub.host_id === host.id) {
          await repository.update(sub.id, { pairing: 'paired', tested: 0 }, now());
          return;
        }
        const windowOpen = host.pairing_until !== null && Number(host.pairing_until) > now();
        if (!sub || sub.provider_id !== null || !windowOpen) return;
        const hostProvider = host.provider_id;
        const attached = await transaction(async (tx) => {
          await attach(tx.gateways, hostProvider, host.id, sub.device_id, '');
          await tx.gateways.update(sub.id, { pairing: 'paired' }, now());
          return true;
        }).catch(() => false);
        // A full host (49) or a device taken meanwhile: the host lets the newcomer go again.
        if (!attached) await commands.sendIfOnline(host, 'unpair', { sub: sub.device_id });
        else changed([sub.device_id]);
        return;
      }
      if (sub && sub.host_id === host.id && sub.pairing === 'paired' && sub.tested === 0) await repository.update(sub.id, { tested: 1 }, now());
    },

    async pruneEvents(before: number) {
      await repository.pruneEvents(before);
    },
  };
}
export type GatewayService = ReturnType<typeof gatewayService>;
