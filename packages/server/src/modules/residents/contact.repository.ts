import type { Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { ResidentContactsTable } from '../../db/schema.ts';

export type ContactRow = Selectable<ResidentContactsTable>;
export type ContactWithAccount = ContactRow & { user_name: string | null };

/** SQL for residents' emergency contacts and the relative accounts they point to. */
export function contactRepository(db: Db) {
  // Read with every resident list page and detail: built once (compiledOnce).
  const ofResidentIds = compiledOnce(db, (p: { ids: number[] }) =>
    db
      .selectFrom('resident_contacts as c')
      .leftJoin('accounts as a', 'a.id', 'c.account_id')
      .selectAll('c')
      .select('a.user_name')
      .where('c.resident_id', 'in', p.ids)
      .orderBy('c.resident_id')
      .orderBy('c.position'),
  );

  return {
    async findById(id: number): Promise<ContactRow | undefined> {
      return db.selectFrom('resident_contacts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async ofResidents(residentIds: readonly number[]): Promise<ContactWithAccount[]> {
      if (residentIds.length === 0) return [];
      return ofResidentIds({ ids: [...residentIds] });
    },

    async replace(providerId: number, residentId: number, contacts: readonly { name: string; phone: string; relation: string; accountId: number }[]): Promise<void> {
      await db.deleteFrom('resident_contacts').where('resident_id', '=', residentId).execute();
      if (contacts.length === 0) return;
      await db
        .insertInto('resident_contacts')
        .values(
          contacts.map((contact, position) => ({
            provider_id: providerId,
            resident_id: residentId,
            position,
            name: contact.name,
            phone: contact.phone,
            relation: contact.relation,
            account_id: contact.accountId,
          })),
        )
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('resident_contacts').where('id', '=', id).execute();
    },

    /** Relative accounts of a provider that no contact points to any more. */
    async orphanRelativeAccountIds(providerId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('accounts as a')
        .select('a.id')
        .where('a.provider_id', '=', providerId)
        .where('a.role', '=', 'RELATIVES')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('resident_contacts as c').select('c.id').whereRef('c.account_id', '=', 'a.id'))))
        .execute();
      return rows.map((row) => row.id);
    },

    async deleteAccounts(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('sessions').where('account_id', 'in', [...ids]).execute();
      await db.deleteFrom('accounts').where('id', 'in', [...ids]).execute();
    },
  };
}
export type ContactRepository = ReturnType<typeof contactRepository>;
