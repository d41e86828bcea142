import {
  CAREGIVERS_PER_RESIDENT_MAX,
  isWeakPassword,
  Status,
  type Caregiver,
} from '@vigil/contracts';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { AppError, errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { AccountRepository } from '../accounts/account.repository.ts';
import { resetCredentials } from '../auth/credentials-reset.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import { generatePassword, hashPassword } from '../auth/password-hash.ts';
import { assertPasswordAllowed } from '../auth/password-policy.ts';
import { isUniqueViolation } from '../care-sql.ts';
import { presentCaregiver } from './caregiver.presenter.ts';
import type { CaregiverFields, CaregiverListRow, CaregiverRepository } from './caregiver.repository.ts';

export interface CaregiverInput extends CaregiverFields {
  residentIds: number[];
}

/** The default app login of a caregiver: the phone's digits (login names are letters and digits). */
export function phoneLogin(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The repositories caregiver changes use inside one transaction. */
export interface CaregiverTransactionRepositories {
  caregivers: CaregiverRepository;
  accounts: AccountRepository;
  sessions: SessionRepository;
}

/** What the caregiver service works with: its repositories, bound to the database or to one transaction. */
export interface CaregiverServiceDeps extends CaregiverTransactionRepositories {
  transaction: Transactional<CaregiverTransactionRepositories>;
  now: () => number;
}

/** Caregivers of the provider the user works in; each is a NURSING account that logs in through the app. */
export function caregiverService({ caregivers, accounts, sessions, transaction, now }: CaregiverServiceDeps) {

  async function owned(providerId: number, id: number): Promise<CaregiverListRow> {
    const row = await caregivers.findById(id);
    assertOwned(row, providerId, 'caregiver.notFound');
    return row;
  }

  /** Checks the linked residents (this provider's, each with room for one more caregiver) and links them. */
  async function linkResidents(repository: CaregiverRepository, providerId: number, caregiverId: number, residentIds: readonly number[], existing: boolean): Promise<void> {
    if ((await repository.ownedResidentIds(providerId, residentIds)).length !== residentIds.length) throw errors.invalidField('residentIds', 'resident.notFound');
    const counts = await repository.caregiverCounts(residentIds, existing ? caregiverId : null);
    if (residentIds.some((id) => (counts.get(id) ?? 0) >= CAREGIVERS_PER_RESIDENT_MAX)) throw errors.invalidField('residentIds', 'validation.caregiversMax');
    await repository.replaceResidents(providerId, caregiverId, residentIds);
  }

  /**
   * Creates the NURSING account and the caregiver in the caller's transaction.
   * Answers the login and the password when one was generated (shown once).
   */
  async function create(
    tx: CaregiverTransactionRepositories,
    providerId: number,
    input: CaregiverInput & { userName?: string | null; passWord?: string | null },
  ): Promise<{ id: number; userName: string; password: string | null }> {
    const userName = input.userName || phoneLogin(input.phone);
    if (input.passWord) assertPasswordAllowed(input.passWord, userName);
    const generated = input.passWord ? null : generatePassword();
    if (await tx.accounts.findByUserName(userName)) throw errors.conflict('account.exists');
    const time = now();
    const accountId = await tx.accounts.insert({
      userName,
      passwordHash: await hashPassword(input.passWord || (generated ?? '')),
      role: 'NURSING',
      nickName: input.name,
      dataPermission: null,
      providerId,
      isProviderLogin: false,
      now: time,
    });
    const id = await tx.caregivers.insert({ ...input, providerId, accountId, now: time });
    await linkResidents(tx.caregivers, providerId, id, input.residentIds, false);
    return { id, userName, password: generated };
  }

  return {
    create,

    async list(session: SessionInfo, filter: { pageNum: number; pageSize: number; keyWord?: string; grade?: string | null; enabled?: boolean | null }) {
      const { rows, total } = await caregivers.page(workingProviderId(session.scope), filter, filter);
      const residents = await caregivers.residentsOf(rows.map((row) => row.id));
      return {
        rows: rows.map((row) => presentCaregiver(row, residents.filter((resident) => resident.caregiver_id === row.id))),
        total,
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
      };
    },

    async get(session: SessionInfo, id: number): Promise<Caregiver> {
      const row = await owned(workingProviderId(session.scope), id);
      const residents = await caregivers.residentsOf([row.id]);
      return presentCaregiver(row, residents);
    },

    async insert(session: SessionInfo, input: CaregiverInput & { userName?: string | null; passWord?: string | null }) {
      const providerId = workingProviderId(session.scope);
      try {
        return await transaction((tx) => create(tx, providerId, input));
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('account.exists');
        throw error;
      }
    },

    async operate(session: SessionInfo, input: { op: 'enable' | 'disable'; id: number } | ({ op: 'update'; id: number } & CaregiverInput)): Promise<null> {
      const providerId = workingProviderId(session.scope);
      const row = await owned(providerId, input.id);
      if (input.op === 'update') {
        const fields = input;
        await transaction(async (tx) => {
          await tx.caregivers.update(row.id, fields, now());
          await tx.accounts.update(row.account_id, { nick_name: fields.name }, now());
          await linkResidents(tx.caregivers, providerId, row.id, fields.residentIds, true);
        });
      } else if (input.op === 'enable') {
        await accounts.update(row.account_id, { enabled: 1 }, now());
      } else {
        await accounts.update(row.account_id, { enabled: 0 }, now());
        await sessions.revokeAccounts([row.account_id]);
      }
      return null;
    },

    async resetPassword(session: SessionInfo, id: number): Promise<{ userName: string; password: string }> {
      const row = await owned(workingProviderId(session.scope), id);
      const password = await resetCredentials({ accounts, sessions }, row.account_id, now());
      return { userName: row.user_name, password };
    },

    /** Deletes the caregiver, their resident links and their account (its sessions end with it). */
    async remove(session: SessionInfo, id: number): Promise<null> {
      const providerId = workingProviderId(session.scope);
      await transaction(async (tx) => {
        const row = await tx.caregivers.findById(id);
        assertOwned(row, providerId, 'caregiver.notFound');
        await tx.caregivers.delete(row.id);
        await tx.sessions.revokeAccounts([row.account_id]);
        await tx.accounts.delete(row.account_id);
      });
      return null;
    },
  };
}
export type CaregiverService = ReturnType<typeof caregiverService>;
