import type { DeviceKeySeal } from '../../ingest/device-key-seal.ts';
import {
  deviceTypeInfo,
  shownInEdition,
  type BindingInput,
  type Device,
  type DeviceDetail,
  type DeviceChange,
  type DeviceFilter,
} from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { isUniqueViolation } from '../care-sql.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import { scopeIncludes } from '../../tenancy/scope.ts';
import { bindDeviceIn } from './device-binding.ts';
import { isVendor, platformEdition, reachOf, typesOf, visibleDevice } from './device-access.ts';
import { newDeviceKey, type DeviceCipher } from './device-cipher.ts';
import { presentDevice, presentDeviceDetail } from './device.presenter.ts';
import type { DeviceRepository, DeviceRow } from './device.repository.ts';
import type { SettingsRepository } from '../system/settings.repository.ts';

export interface StockEntry {
  deviceId: string;
  deviceType: number;
  imei: string;
  moduleImei: string;
  iccid: string;
  commMethod: string;
  remark: string;
}

export interface AddEntry {
  deviceId: string;
  deviceType: number;
  location: string;
  remark: string;
  binding: BindingInput | null;
  confirm: boolean;
}

export interface DeviceEdit {
  id: number;
  location?: string;
  remark?: string;
  imei?: string;
  moduleImei?: string;
  iccid?: string;
  commMethod?: string;
  withheld?: boolean;
}

const VENDOR_FIELDS = ['imei', 'moduleImei', 'iccid', 'commMethod', 'withheld'] as const;
const CARE_FIELDS = ['location'] as const;

/** What the device registry works with: its repositories, bound to the database or to one transaction, and its collaborators. */
export interface DeviceServiceDeps {
  devices: DeviceRepository;
  settings: Pick<SettingsRepository, 'get'>;
  transaction: Transactional<{ devices: DeviceRepository }>;
  now: () => number;
  cipher: DeviceCipher;
  /** Device keys are stored sealed and opened only to show them to a vendor. */
  deviceKeys: DeviceKeySeal;
  bus: EventBus;
}

/** The device registry: the vendor's stock, care homes adding from it, edits, deletes and reads (docs/devices.md). */
export function deviceService({ devices, settings, transaction, now, cipher, deviceKeys, bus }: DeviceServiceDeps) {

  /** Tells the bus (after the commit) what changed, with each device's placement as it is now; `moved` lost their link to these. */
  async function announce(change: DeviceChange, ids: readonly number[], moved: readonly number[] = []): Promise<void> {
    for (const [id, what] of [...ids.map((id): [number, DeviceChange] => [id, change]), ...moved.map((id): [number, DeviceChange] => [id, 'bound'])]) {
      const row = await devices.findById(id);
      if (row) await publish(row, what);
    }
  }

  async function publish(row: DeviceRow, change: DeviceChange, placement: Pick<DeviceRow, 'provider_id' | 'bed_id' | 'room_id' | 'resident_id'> = row): Promise<void> {
    await bus.publish('device.changed', {
      deviceId: row.device_id,
      deviceType: row.device_type,
      change,
      providerId: placement.provider_id,
      bedId: placement.bed_id,
      roomId: placement.room_id,
      residentId: placement.resident_id,
      changedAt: now(),
    });
  }

  /** Checks a type is in the catalogue and shown in this edition; answers its entry. */
  async function supportedType(type: number) {
    const info = deviceTypeInfo(type);
    if (!info || !shownInEdition(info, await platformEdition(settings))) throw errors.invalidField('deviceType', 'device.notSupported');
    return info;
  }

  /** Puts one device ID into stock inside the caller's transaction (registerDevice and the vendor import). */
  async function registerIn(repository: DeviceRepository, entry: StockEntry): Promise<{ id: number; cipherId: string; deviceKey: string }> {
    if (await repository.findByDeviceId(entry.deviceId)) throw errors.conflict('device.exists', { deviceId: entry.deviceId });
    const time = now();
    const cipherId = cipher.encode(entry.deviceId);
    const deviceKey = newDeviceKey();
    const id = await repository.insert({
      device_id: entry.deviceId,
      cipher_id: cipherId,
      device_type: entry.deviceType,
      device_key: deviceKeys.seal(deviceKey),
      provider_id: null,
      added_at: null,
      imei: entry.imei || null,
      module_imei: entry.moduleImei || null,
      iccid: entry.iccid || null,
      comm_method: entry.commMethod || null,
      remark: entry.remark,
      location: '',
      pairing: 'none',
      online: 0,
      withheld: 0,
      settings: '{}',
      created_at: time,
      updated_at: time,
    });
    return { id, cipherId, deviceKey };
  }

  /**
   * The stock device a care home may add, or the §5/§8 refusal: not registered, already
   * added (here), added by another provider, type mismatch, not in stock (withheld).
   */
  async function addableIn(repository: DeviceRepository, providerId: number, deviceId: string, deviceType: number): Promise<DeviceRow> {
    const row = await repository.findByDeviceId(deviceId);
    if (!row) throw errors.invalidField('deviceId', 'device.notRegistered');
    if (row.provider_id === providerId) throw errors.conflict('device.alreadyAdded');
    // Another home's device: say only that (not even its registered type).
    if (row.provider_id !== null) throw errors.conflict('device.addedByOther');
    if (row.device_type !== deviceType) throw errors.invalidField('deviceType', 'device.typeMismatch', { model: deviceTypeInfo(row.device_type)?.model ?? String(row.device_type) });
    if (row.withheld === 1) throw errors.conflict('device.notInStock');
    return row;
  }

  /** Adds a stock device to the provider inside the caller's transaction, then binds it; answers its id and the other devices whose link moved. */
  async function addIn(repository: DeviceRepository, providerId: number, entry: AddEntry): Promise<{ id: number; moved: number[] }> {
    const row = await addableIn(repository, providerId, entry.deviceId, entry.deviceType);
    const time = now();
    const claimed = await repository.claim(row.id, { provider_id: providerId, added_at: time, location: entry.location, remark: entry.remark, settings: '{}', updated_at: time });
    if (!claimed) {
      // Another request took it meanwhile: answer as if it had been first.
      await addableIn(repository, providerId, entry.deviceId, entry.deviceType);
      throw errors.conflict('device.addedByOther');
    }
    let moved: number[] = [];
    if (entry.binding) {
      const claimedRow = await repository.findById(row.id);
      if (claimedRow) moved = await bindDeviceIn(repository, claimedRow, entry.binding, entry.confirm, time);
    }
    return { id: row.id, moved };
  }

  return {
    registerIn,
    addIn,
    announce,
    supportedType,

    async list(session: SessionInfo, filter: DeviceFilter & { pageNum: number; pageSize: number }) {
      const types = typesOf(await platformEdition(settings), filter).map((info) => info.type);
      const { rows, total } = await devices.page(reachOf(session.scope, types), filter, filter.pageNum, filter.pageSize);
      return { rows: rows.map(presentDevice), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    /** Every device matching the filters (for export). */
    async all(session: SessionInfo, filter: DeviceFilter): Promise<Device[]> {
      const types = typesOf(await platformEdition(settings), filter).map((info) => info.type);
      return (await devices.all(reachOf(session.scope, types), filter)).map(presentDevice);
    },

    async summary(session: SessionInfo, filter: Pick<DeviceFilter, 'deviceType' | 'screen' | 'kind' | 'providerId'>) {
      const types = typesOf(await platformEdition(settings), filter).map((info) => info.type);
      const counts = await devices.counts(reachOf(session.scope, types), { providerId: filter.providerId });
      const sum = (keep: (row: (typeof counts)[number]) => boolean) => counts.filter(keep).reduce((total, row) => total + row.n, 0);
      return {
        total: sum(() => true),
        online: sum((row) => row.online === 1),
        offline: sum((row) => row.online !== 1),
        bound: sum((row) => row.bound === 1),
        unbound: sum((row) => row.bound !== 1),
        inStock: sum((row) => row.stock === 1),
        added: sum((row) => row.stock !== 1),
      };
    },

    async types(screen: DeviceFilter['screen']) {
      return typesOf(await platformEdition(settings), { screen }).map((info) => ({
        type: info.type,
        model: info.model,
        code: info.code,
        kind: info.kind,
        screen: info.screen,
        bindsTo: [...info.bindsTo],
        settings: info.settings,
      }));
    },

    async get(session: SessionInfo, id: number): Promise<DeviceDetail> {
      const row = await visibleDevice(devices, session, id);
      // The device key is a credential: vendor roles only, like an access token (never care homes).
      return presentDeviceDetail(row, await devices.lastCommand(row.id), isVendor(session.scope) ? deviceKeys.open(row.device_key) : null, now());
    },

    async register(entry: StockEntry) {
      await supportedType(entry.deviceType);
      try {
        const registered = await transaction((tx) => registerIn(tx.devices, entry));
        await announce('registered', [registered.id]);
        return registered;
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('device.exists', { deviceId: entry.deviceId });
        throw error;
      }
    },

    /** The plain ID of a scanned code, and its type when registered. */
    async decode(cipherId: string) {
      const deviceId = cipher.decode(cipherId);
      if (deviceId === null) throw errors.invalidField('cipherId', 'device.cipherInvalid');
      return { deviceId, deviceType: (await devices.findByDeviceId(deviceId))?.device_type ?? null };
    },

    async add(session: SessionInfo, input: { deviceId?: string; cipherId?: string } & Omit<AddEntry, 'deviceId'>): Promise<{ id: number }> {
      const providerId = workingProviderId(session.scope);
      let deviceId = input.deviceId;
      if (deviceId === undefined && input.cipherId !== undefined) {
        deviceId = cipher.decode(input.cipherId) ?? undefined;
        if (deviceId === undefined) throw errors.invalidField('cipherId', 'device.cipherInvalid');
      }
      if (deviceId === undefined) throw errors.invalidField('deviceId', 'validation.required');
      await supportedType(input.deviceType);
      const plainId = deviceId;
      const added = await transaction((tx) => addIn(tx.devices, providerId, { ...input, deviceId: plainId }));
      await announce('added', [added.id], added.moved);
      return { id: added.id };
    },

    async update(session: SessionInfo, edit: DeviceEdit): Promise<null> {
      const row = await visibleDevice(devices, session, edit.id);
      const vendor = isVendor(session.scope);
      const forbidden = vendor ? CARE_FIELDS.find((field) => edit[field] !== undefined) : VENDOR_FIELDS.find((field) => edit[field] !== undefined);
      if (forbidden) throw errors.invalidField(forbidden, vendor ? 'device.careOnly' : 'device.vendorOnly');
      const time = now();
      await devices.update(row.id, {
        ...(edit.location !== undefined ? { location: edit.location } : {}),
        ...(edit.remark !== undefined ? { remark: edit.remark } : {}),
        ...(edit.imei !== undefined ? { imei: edit.imei || null } : {}),
        ...(edit.moduleImei !== undefined ? { module_imei: edit.moduleImei || null } : {}),
        ...(edit.iccid !== undefined ? { iccid: edit.iccid || null } : {}),
        ...(edit.commMethod !== undefined ? { comm_method: edit.commMethod || null } : {}),
        ...(edit.withheld !== undefined ? { withheld: edit.withheld ? 1 : 0 } : {}),
        updated_at: time,
      });
      await announce('edited', [row.id]);
      return null;
    },

    async bind(session: SessionInfo, input: BindingInput & { id: number; confirm: boolean }): Promise<null> {
      const visible = await visibleDevice(devices, session, input.id);
      if (visible.provider_id === null || !scopeIncludes(session.scope, visible.provider_id)) throw errors.notFound('device.notFound');
      const moved = await transaction(async ({ devices: repository }) => {
        const row = await repository.findById(visible.id);
        if (!row) throw errors.notFound('device.notFound');
        return bindDeviceIn(repository, row, { target: input.target, targetId: input.targetId }, input.confirm, now());
      });
      await announce('bound', [visible.id], moved);
      return null;
    },

    /**
     * Care home: the device leaves the home and returns to stock (unbound, settings and
     * command history cleared). Vendor: a stock device leaves the registry; one a home
     * has added is refused (300) so no home loses a working device from under it.
     */
    async remove(session: SessionInfo, input: { id: number; deviceId?: string; deviceType?: number }): Promise<null> {
      const row = await visibleDevice(devices, session, input.id);
      if ((input.deviceId !== undefined && input.deviceId !== row.device_id) || (input.deviceType !== undefined && input.deviceType !== row.device_type)) {
        throw errors.notFound('device.notFound');
      }
      if (isVendor(session.scope)) {
        if (row.provider_id !== null) throw errors.conflict('device.inUse', { provider: row.provider_name ?? '' });
        await devices.delete(row.id);
        await publish(row, 'deleted', { provider_id: null, bed_id: null, room_id: null, resident_id: null });
        return null;
      }
      const time = now();
      await transaction(async ({ devices: repository }) => {
        await repository.deleteCommands(row.id);
        await repository.update(row.id, { provider_id: null, added_at: null, bed_id: null, room_id: null, resident_id: null, location: '', remark: '', settings: '{}', updated_at: time });
      });
      await announce('released', [row.id]);
      return null;
    },
  };
}
export type DeviceService = ReturnType<typeof deviceService>;
