import { RESIDENTS_PER_CAREGIVER_MAX, Status, type Resident, type ResidentInput, type ResidentState } from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { AccountRepository } from '../accounts/account.repository.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { BedRepository } from '../addresses/bed.repository.ts';
import type { ContactRepository } from './contact.repository.ts';
import { relativeAccounts } from './relatives.ts';
import { presentResident } from './resident.presenter.ts';
import type { ResidentFilter, ResidentListRow, ResidentRepository, ResidentRow, ResidentValues } from './resident.repository.ts';

/** The repositories resident changes use inside one transaction (relatives' accounts among them). */
export interface ResidentTransactionRepositories {
  residents: ResidentRepository;
  beds: BedRepository;
  contacts: ContactRepository;
  accounts: AccountRepository;
}

/** What the resident service works with: its repositories, bound to the database or to one transaction. */
export interface ResidentServiceDeps {
  residents: ResidentRepository;
  contacts: ContactRepository;
  transaction: Transactional<ResidentTransactionRepositories>;
  now: () => number;
}

/** Residents of the provider the user works in: register, edit, list, delete, with the confirm-to-continue rules. */
export function residentService({ residents, contacts: contactList, transaction, now }: ResidentServiceDeps) {
  async function owned(repository: ResidentRepository, providerId: number, id: number): Promise<ResidentRow> {
    const row = await repository.findById(id);
    assertOwned(row, providerId, 'resident.notFound');
    return row;
  }

  /** Presents rows with their contacts and caregivers, two queries for the whole page. */
  async function present(rows: ResidentListRow[]): Promise<Resident[]> {
    const ids = rows.map((row) => row.id);
    const contacts = await contactList.ofResidents(ids);
    const caregivers = await residents.caregiversOf(ids);
    const time = now();
    return rows.map((row) =>
      presentResident(
        row,
        contacts.filter((contact) => contact.resident_id === row.id),
        caregivers.filter((caregiver) => caregiver.resident_id === row.id),
        time,
      ),
    );
  }

  /**
   * Writes a resident inside the caller's transaction, after the confirmations: a
   * same-name resident, then a bed held by another resident (confirming moves the
   * link here in this same transaction). Contacts, relative accounts and caregiver
   * links are replaced as given.
   */
  async function save(tx: ResidentTransactionRepositories, providerId: number, input: ResidentInput, existing: ResidentRow | null): Promise<number> {
    const repository = tx.residents;
    const time = now();
    const nameKey = input.name.toLowerCase();
    if (!input.confirmSameName && existing?.name_key !== nameKey) {
      const other = await repository.findOtherWithName(providerId, nameKey, existing?.id ?? null);
      if (other) throw new AppError(Status.CONFIRM_REQUIRED, 'resident.confirmSameName', { name: input.name }, { confirm: 'sameName', residentId: other.id });
    }
    if (input.bunkId !== null && input.bunkId !== existing?.bed_id) {
      const bed = await tx.beds.findBed(input.bunkId);
      assertOwned(bed, providerId, 'bed.notFound', 'bunkId');
      const holder = await repository.findByBed(bed.id);
      if (holder && holder.id !== existing?.id) {
        if (!input.confirmBunk) {
          throw new AppError(Status.CONFIRM_REQUIRED, 'resident.confirmBedOccupied', { name: holder.name }, { confirm: 'bedOccupied', residentName: holder.name, residentId: holder.id });
        }
        await repository.clearBed(bed.id, time);
      }
    }
    const caregiverIds = input.caregiverIds;
    if ((await repository.ownedCaregiverIds(providerId, caregiverIds)).length !== caregiverIds.length) throw errors.invalidField('caregiverIds', 'caregiver.notFound');
    const counts = await repository.residentCounts(caregiverIds, existing?.id ?? null);
    if (caregiverIds.some((id) => (counts.get(id) ?? 0) >= RESIDENTS_PER_CAREGIVER_MAX)) throw errors.invalidField('caregiverIds', 'validation.residentsMax');

    const values: Omit<ResidentValues, 'provider_id' | 'state' | 'created_at'> = {
      name: input.name,
      name_key: nameKey,
      gender: input.gender === 'male' ? 1 : 0,
      birth_date: input.birthDate,
      height_cm: input.height,
      weight_kg: input.weight,
      medical_history: input.medicalHistory.join(','),
      remark: input.remark,
      care_level: input.careLevel,
      attention: input.attention ? 1 : 0,
      bed_id: input.bunkId,
      updated_at: time,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await repository.update(id, values);
    } else {
      id = await repository.insert({ ...values, provider_id: providerId, state: 'notAdmitted', created_at: time });
    }
    const relatives = relativeAccounts(tx, time);
    const contacts = [];
    for (const contact of input.contacts) contacts.push({ ...contact, accountId: await relatives.accountFor(providerId, contact.phone, contact.name) });
    await tx.contacts.replace(providerId, id, contacts);
    await repository.replaceCaregivers(providerId, id, caregiverIds);
    await relatives.dropOrphans(providerId);
    return id;
  }

  return {
    save,

    async summary(session: SessionInfo) {
      const counts = await residents.stateCounts(workingProviderId(session.scope));
      const count = (state: ResidentState) => counts.filter((row) => row.state === state).reduce((sum, row) => sum + row.n, 0);
      return {
        total: counts.reduce((sum, row) => sum + row.n, 0),
        notAdmitted: count('notAdmitted'),
        admitted: count('admitted'),
        checkedOut: count('checkedOut'),
        deregistered: count('deregistered'),
        attention: counts.filter((row) => row.attention === 1).reduce((sum, row) => sum + row.n, 0),
      };
    },

    async list(session: SessionInfo, filter: ResidentFilter & { pageNum: number; pageSize: number }) {
      const providerId = workingProviderId(session.scope);
      const { rows, total } = await residents.page(providerId, filter, filter.pageNum, filter.pageSize);
      return { rows: await present(rows), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async get(session: SessionInfo, id: number): Promise<Resident> {
      const row = await residents.findListRow(workingProviderId(session.scope), id);
      if (!row) throw errors.notFound('resident.notFound');
      return (await present([row]))[0];
    },

    /** Every resident matching the filters, presented (for export). */
    async all(session: SessionInfo, filter: ResidentFilter): Promise<Resident[]> {
      return present(await residents.all(workingProviderId(session.scope), filter));
    },

    async insert(session: SessionInfo, input: ResidentInput): Promise<{ id: number }> {
      const providerId = workingProviderId(session.scope);
      return { id: await transaction((tx) => save(tx, providerId, input, null)) };
    },

    async update(session: SessionInfo, input: ResidentInput & { id: number }): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async (tx) => save(tx, providerId, input, await owned(tx.residents, providerId, input.id)));
      return null;
    },

    /** Deletes the resident with contacts, caregiver links and relative accounts nobody else uses. */
    async remove(session: SessionInfo, id: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async (tx) => {
        const row = await owned(tx.residents, providerId, id);
        await tx.residents.delete(row.id);
        await relativeAccounts(tx, now()).dropOrphans(providerId);
      });
      return null;
    },
  };
}
export type ResidentService = ReturnType<typeof residentService>;
