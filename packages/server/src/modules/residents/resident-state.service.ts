import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { AccountRepository } from '../accounts/account.repository.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import { resetCredentials } from '../auth/credentials-reset.ts';
import type { BedRepository } from '../addresses/bed.repository.ts';
import type { ContactRepository } from './contact.repository.ts';
import { relativeAccounts } from './relatives.ts';
import type { AbsenceReason } from '@vigil/contracts';
import { absenceOf, presentResidentState, stateOf } from './resident.presenter.ts';
import type { ResidentRepository } from './resident.repository.ts';
import { BACK, transition, type ResidentAction } from './resident-state.ts';

/** What the resident state service works with: its repositories, bound to the database or to one transaction. */
export interface ResidentStateServiceDeps {
  residents: ResidentRepository;
  beds: BedRepository;
  contacts: ContactRepository;
  accounts: AccountRepository;
  sessions: SessionRepository;
  transaction: Transactional<{ residents: ResidentRepository; contacts: ContactRepository; accounts: AccountRepository }>;
  now: () => number;
  /** Told when a resident's absence starts or ends, so the alarm rules read their settings again at once. */
  onAbsenceChange?: (residentId: number) => void;
}

/** Check-in, check-out and log-out of residents, and their relatives' contacts and accounts. */
export function residentStateService({ residents, beds, contacts, accounts, sessions, transaction, now, onAbsenceChange }: ResidentStateServiceDeps) {
  async function applyAction(providerId: number, id: number, action: ResidentAction) {
    return transaction(async (tx) => {
      const repository = tx.residents;
      const row = await repository.findById(id);
      assertOwned(row, providerId, 'resident.notFound');
      const change = transition(stateOf(row), action, now());
      if ('refused' in change) throw errors.conflict(change.refused);
      await repository.update(row.id, change);
      if (row.away_since !== null && change.away_since === null) onAbsenceChange?.(row.id);
      return presentResidentState({ ...row, ...change });
    });
  }

  return {
    /** Reads the state, or applies an action (checkIn, checkOut, deregister). */
    async checkIn(session: SessionInfo, input: { id: number; action?: ResidentAction }) {
      const providerId = workingProviderId(session.scope);
      if (input.action) return applyAction(providerId, input.id, input.action);
      const row = await residents.findById(input.id);
      assertOwned(row, providerId, 'resident.notFound');
      return presentResidentState(row);
    },

    /** Checks out the checked-in resident on a bed. */
    async checkOutBed(session: SessionInfo, bedId: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const bed = await beds.findBed(bedId);
      assertOwned(bed, providerId, 'bed.notFound');
      const resident = await residents.findByBed(bed.id);
      if (!resident || stateOf(resident) !== 'admitted') throw errors.conflict('bed.noAdmittedResident');
      await applyAction(providerId, resident.id, 'checkOut');
      return null;
    },

    /** Marks a checked-in resident temporarily away (spec 02 §7 /user/transient/post); a new absence replaces the one in force. */
    async markAway(session: SessionInfo, input: { userId: number; reason: AbsenceReason; until: number | null; remark: string }) {
      const providerId = workingProviderId(session.scope);
      const row = await residents.findById(input.userId);
      assertOwned(row, providerId, 'resident.notFound');
      if (stateOf(row) !== 'admitted') throw errors.conflict('resident.awayNotAdmitted');
      const at = now();
      if (input.until !== null && input.until <= at) throw errors.invalidField('until', 'resident.awayUntilPast');
      const current = absenceOf(row, at);
      const values = { away_since: current?.since ?? at, away_until: input.until, away_reason: input.reason, away_remark: input.remark, updated_at: at };
      await residents.update(row.id, values);
      onAbsenceChange?.(row.id);
      return { userId: row.id, away: absenceOf({ ...row, ...values }, at) };
    },

    /** Marks a resident back (spec 02 §7 /user/transient/delete); answers the same when already back. */
    async markBack(session: SessionInfo, userId: number) {
      const providerId = workingProviderId(session.scope);
      const row = await residents.findById(userId);
      assertOwned(row, providerId, 'resident.notFound');
      if (row.away_since !== null) {
        await residents.update(row.id, { ...BACK, updated_at: now() });
        onAbsenceChange?.(row.id);
      }
      return { userId: row.id, away: null };
    },

    /** Removes one emergency contact; its relative account goes when no other contact uses it. */
    async deleteContact(session: SessionInfo, contactId: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async (tx) => {
        const contact = await tx.contacts.findById(contactId);
        assertOwned(contact, providerId, 'contact.notFound');
        await tx.contacts.delete(contact.id);
        await relativeAccounts(tx, now()).dropOrphans(providerId);
      });
      return null;
    },

    /** Gives a contact's relative account a new random password, answered once, and ends its sessions. */
    async resetRelative(session: SessionInfo, contactId: number): Promise<{ userName: string; password: string }> {
      const providerId = workingProviderId(session.scope);
      const contact = await contacts.findById(contactId);
      assertOwned(contact, providerId, 'contact.notFound');
      if (contact.account_id === null) throw errors.notFound('contact.notFound');
      const account = await accounts.findById(contact.account_id);
      assertOwned(account, providerId, 'contact.notFound');
      if (account.role !== 'RELATIVES') throw errors.notFound('contact.notFound');
      const password = await resetCredentials({ accounts, sessions }, account.id, now());
      return { userName: account.user_name, password };
    },
  };
}
export type ResidentStateService = ReturnType<typeof residentStateService>;
