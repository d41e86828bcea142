import type { Area, Room } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import { isUniqueViolation } from '../care-sql.ts';
import { presentArea, presentBed, presentRoom } from './address.presenter.ts';
import type { AreaRepository } from './area.repository.ts';
import { checkBatchNames } from './batch-names.ts';
import type { BedRepository } from './bed.repository.ts';

/** What the address service works with: its repositories, bound to the database or to one transaction. */
export interface AddressServiceDeps {
  areas: AreaRepository;
  beds: BedRepository;
  transaction: Transactional<{ areas: AreaRepository }>;
  now: () => number;
}

/** Areas (buildings or communities), floors and rooms of the provider the user works in. */
export function addressService({ areas, beds: bedList, transaction, now }: AddressServiceDeps) {

  async function ownedArea(repository: AreaRepository, providerId: number, id: number) {
    const area = await repository.findArea(id);
    assertOwned(area, providerId, 'area.notFound');
    return area;
  }

  async function ownedFloor(repository: AreaRepository, providerId: number, id: number, field: string) {
    const floor = await repository.findArea(id);
    assertOwned(floor, providerId, 'area.notFound');
    if (floor.level !== 2) throw errors.invalidField(field, 'area.floorRequired');
    return floor;
  }

  async function ownedRoom(repository: AreaRepository, providerId: number, id: number) {
    const room = await repository.findRoom(id);
    assertOwned(room, providerId, 'room.notFound');
    return room;
  }

  /** Refuses a name its siblings already use; the unique index backs this up against races. */
  async function assertAreaNameFree(repository: AreaRepository, providerId: number, parentId: number | null, name: string, exceptId?: number) {
    const existing = await repository.findAreaByName(providerId, parentId ?? 0, name.toLowerCase());
    if (existing && existing.id !== exceptId) throw errors.conflict(parentId === null ? 'area.nameExists' : 'area.floorNameExists', { name });
  }

  return {
    async listAreas(session: SessionInfo, filter: { parentId?: number | null; level?: 1 | 2 }): Promise<Area[]> {
      return (await areas.listAreas(workingProviderId(session.scope), filter)).map(presentArea);
    },

    /** Adds an area (no parent) or a floor (parent = an area). */
    async insertArea(session: SessionInfo, input: { name: string; parentId?: number | null }): Promise<{ id: number }> {
      const providerId = workingProviderId(session.scope);
      const parentId = input.parentId ?? null;
      try {
        return await transaction(async ({ areas: repository }) => {
          if (parentId !== null) {
            const parent = await ownedArea(repository, providerId, parentId);
            if (parent.level !== 1) throw errors.invalidField('parentId', 'area.parentInvalid');
          }
          await assertAreaNameFree(repository, providerId, parentId, input.name);
          return { id: await repository.insertArea({ providerId, parentId, name: input.name, now: now() }) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(parentId === null ? 'area.nameExists' : 'area.floorNameExists', { name: input.name });
        throw error;
      }
    },

    async updateArea(session: SessionInfo, input: { id: number; name: string }): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const area = await ownedArea(areas, providerId, input.id);
      await assertAreaNameFree(areas, providerId, area.parent_id, input.name, area.id);
      try {
        await areas.renameArea(area.id, input.name, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(area.parent_id === null ? 'area.nameExists' : 'area.floorNameExists', { name: input.name });
        throw error;
      }
      return null;
    },

    /** Deletes an empty area or floor; the refusal says what is still inside. */
    async deleteArea(session: SessionInfo, id: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async ({ areas: repository }) => {
        const area = await ownedArea(repository, providerId, id);
        if (area.level === 1 && (await repository.countFloors(area.id)) > 0) throw errors.conflict('area.hasFloors');
        if (area.level === 2 && (await repository.countRooms(area.id)) > 0) throw errors.conflict('area.hasRooms');
        await repository.deleteArea(area.id);
      });
      return null;
    },

    /** The whole tree: areas → floors → rooms → beds, each bed with the devices bound to it. */
    async tree(session: SessionInfo) {
      const providerId = workingProviderId(session.scope);
      const allAreas = (await areas.listAreas(providerId)).map(presentArea);
      const rooms = (await areas.listRooms(providerId, {})).rows.map(presentRoom);
      const devicesByBed = new Map<number, { deviceId: string; deviceType: number }[]>();
      for (const row of await bedList.devicesOnBeds(providerId)) {
        const list = devicesByBed.get(row.bed_id) ?? [];
        list.push({ deviceId: row.device_id, deviceType: row.device_type });
        devicesByBed.set(row.bed_id, list);
      }
      const beds = (await bedList.listBeds(providerId, {})).rows.map((row) => ({ ...presentBed(row), devices: devicesByBed.get(row.id) ?? [] }));
      return allAreas
        .filter((area) => area.level === 1)
        .map((area) => ({
          ...area,
          floors: allAreas
            .filter((floor) => floor.parentId === area.id)
            .map((floor) => ({
              ...floor,
              rooms: rooms.filter((room) => room.floorId === floor.id).map((room) => ({ ...room, beds: beds.filter((bed) => bed.roomId === room.id) })),
            })),
        }));
    },

    /** Rooms of a floor, or of every floor of an area. */
    async roomsOfArea(session: SessionInfo, areaId: number): Promise<Room[]> {
      const providerId = workingProviderId(session.scope);
      await ownedArea(areas, providerId, areaId);
      return (await areas.listRooms(providerId, { areaId })).rows.map(presentRoom);
    },

    async listRooms(session: SessionInfo, filter: { areaId?: number | null; keyWord?: string; pageNum: number; pageSize: number }) {
      const providerId = workingProviderId(session.scope);
      if (filter.areaId) await ownedArea(areas, providerId, filter.areaId);
      const { rows, total } = await areas.listRooms(providerId, filter, filter);
      return { rows: rows.map(presentRoom), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    /** Every room, optionally of an area or floor, for pickers. */
    async roomsForPicker(session: SessionInfo, areaId?: number): Promise<Room[]> {
      const providerId = workingProviderId(session.scope);
      if (areaId) await ownedArea(areas, providerId, areaId);
      return (await areas.listRooms(providerId, { areaId })).rows.map(presentRoom);
    },

    /** Adds rooms to a floor from comma-separated names, all or nothing. */
    async insertRooms(session: SessionInfo, input: { floorId: number; names: string }): Promise<{ ids: number[] }> {
      const providerId = workingProviderId(session.scope);
      try {
        return await transaction(async ({ areas: repository }) => {
          const floor = await ownedFloor(repository, providerId, input.floorId, 'floorId');
          const names = checkBatchNames(input.names, await repository.roomNamesOnFloor(floor.id), 'room.nameExists');
          const ids: number[] = [];
          for (const name of names) ids.push(await repository.insertRoom({ providerId, floorId: floor.id, name, now: now() }));
          return { ids };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('room.nameExists', { name: input.names });
        throw error;
      }
    },

    async updateRoom(session: SessionInfo, input: { id: number; name: string }): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const room = await ownedRoom(areas, providerId, input.id);
      const taken = await areas.roomNamesOnFloor(room.floor_id);
      if (taken.has(input.name.toLowerCase()) && room.name_key !== input.name.toLowerCase()) throw errors.conflict('room.nameExists', { name: input.name });
      try {
        await areas.renameRoom(room.id, input.name, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('room.nameExists', { name: input.name });
        throw error;
      }
      return null;
    },

    async deleteRoom(session: SessionInfo, id: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async ({ areas: repository }) => {
        const room = await ownedRoom(repository, providerId, id);
        if ((await repository.countBeds(room.id)) > 0) throw errors.conflict('room.hasBeds');
        await repository.deleteRoom(room.id);
      });
      return null;
    },
  };
}
export type AddressService = ReturnType<typeof addressService>;
