import type { Bunk } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import { isUniqueViolation } from '../care-sql.ts';
import { presentAdminBed, presentBed } from './address.presenter.ts';
import type { AreaRepository } from './area.repository.ts';
import { checkBatchNames } from './batch-names.ts';
import type { BedFilter, BedRepository } from './bed.repository.ts';

/** What the bed service works with: its repositories, bound to the database or to one transaction. */
export interface BedServiceDeps {
  beds: BedRepository;
  areas: AreaRepository;
  transaction: Transactional<{ beds: BedRepository; areas: AreaRepository }>;
  now: () => number;
}

/** Beds of the provider the user works in: lists, counts, add, rename, delete. */
export function bedService({ beds, areas, transaction, now }: BedServiceDeps) {

  async function assertAreaOwned(providerId: number, areaId: number | null | undefined) {
    if (!areaId) return;
    assertOwned(await areas.findArea(areaId), providerId, 'area.notFound');
  }

  async function list(providerId: number, filter: BedFilter): Promise<Bunk[]> {
    return (await beds.listBeds(providerId, filter)).rows.map(presentBed);
  }

  return {
    async summary(session: SessionInfo) {
      const counts = await beds.summary(workingProviderId(session.scope));
      return { total: counts.total, occupied: counts.occupied, vacant: counts.total - counts.occupied, withDevice: counts.withDevice };
    },

    async page(session: SessionInfo, filter: BedFilter & { pageNum: number; pageSize: number }) {
      const providerId = workingProviderId(session.scope);
      await assertAreaOwned(providerId, filter.areaId);
      if (filter.roomId) assertOwned(await areas.findRoom(filter.roomId), providerId, 'room.notFound');
      const { rows, total } = await beds.listBeds(providerId, filter, filter);
      return { rows: rows.map(presentBed), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async bedsOfRoom(session: SessionInfo, roomId: number): Promise<Bunk[]> {
      const providerId = workingProviderId(session.scope);
      assertOwned(await areas.findRoom(roomId), providerId, 'room.notFound');
      return list(providerId, { roomId });
    },

    async bedsByRoomName(session: SessionInfo, input: { roomName: string; areaId?: number }): Promise<Bunk[]> {
      const providerId = workingProviderId(session.scope);
      await assertAreaOwned(providerId, input.areaId);
      return list(providerId, { roomName: input.roomName, areaId: input.areaId });
    },

    /** Beds with residents (all beds when asked), for the monitor and the relatives' views. */
    async userBunkList(session: SessionInfo, input: { areaId?: number; all?: boolean }): Promise<Bunk[]> {
      const providerId = workingProviderId(session.scope);
      await assertAreaOwned(providerId, input.areaId);
      return list(providerId, { areaId: input.areaId, occupied: input.all ? null : true });
    },

    async configuration(session: SessionInfo) {
      return beds.levelCounts(workingProviderId(session.scope));
    },

    async adminBunkList(session: SessionInfo, input: { vacantOnly?: boolean }) {
      const rows = (await beds.listBeds(workingProviderId(session.scope), { occupied: input.vacantOnly ? false : null })).rows;
      return rows.map(presentAdminBed);
    },

    /** Adds beds to a room from comma-separated names, all or nothing. */
    async insertBeds(session: SessionInfo, input: { roomId: number; names: string }): Promise<{ ids: number[] }> {
      const providerId = workingProviderId(session.scope);
      try {
        return await transaction(async (tx) => {
          const repository = tx.beds;
          const room = await tx.areas.findRoom(input.roomId);
          assertOwned(room, providerId, 'room.notFound');
          const names = checkBatchNames(input.names, await repository.bedNamesInRoom(room.id), 'bed.nameExists');
          const ids: number[] = [];
          for (const name of names) ids.push(await repository.insertBed({ providerId, roomId: room.id, name, deviceCode: null, now: now() }));
          return { ids };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('bed.nameExists', { name: input.names });
        throw error;
      }
    },

    async updateBed(session: SessionInfo, input: { id: number; name: string; deviceCode: string | null }): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const bed = await beds.findBed(input.id);
      assertOwned(bed, providerId, 'bed.notFound');
      const clash = await beds.findBedByName(bed.room_id, input.name.toLowerCase());
      if (clash && clash.id !== bed.id) throw errors.conflict('bed.nameExists', { name: input.name });
      try {
        await beds.updateBed(bed.id, { name: input.name, deviceCode: input.deviceCode }, now());
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('bed.nameExists', { name: input.name });
        throw error;
      }
      return null;
    },

    /** Deletes a bed nobody is linked to: a resident's bed is never removed from under them. */
    async deleteBed(session: SessionInfo, id: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async ({ beds: repository }) => {
        const bed = await repository.findBedListRow(providerId, id);
        if (!bed) throw errors.notFound('bed.notFound');
        if (bed.resident_id !== null) throw errors.conflict('bed.occupied', { name: bed.resident_name ?? '' });
        await repository.deleteBed(bed.id);
      });
      return null;
    },
  };
}
export type BedService = ReturnType<typeof bedService>;
