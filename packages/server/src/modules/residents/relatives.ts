import type { AccountRepository } from '../accounts/account.repository.ts';
import { UNMATCHABLE_HASH } from '../auth/password-hash.ts';
import type { ContactRepository } from './contact.repository.ts';

/**
 * Login names a relative account may take, in order: "rel" + the phone's digits,
 * then the same with the provider id when another provider or role holds the first.
 */
function relativeLoginNames(phone: string, providerId: number): string[] {
  const digits = phone.replace(/\D/g, '');
  return [`rel${digits}`, `rel${digits}p${providerId}`];
}

/**
 * Relative accounts (role RELATIVES): one per contact phone per provider, made from
 * residents' emergency contacts (spec 01 §6). They start without a usable password;
 * /app/reset issues one. Every call takes the transaction's repositories.
 */
export function relativeAccounts({ accounts, contacts }: { accounts: AccountRepository; contacts: ContactRepository }, now: number) {

  return {
    /** The account of a phone in a provider, created when missing. */
    async accountFor(providerId: number, phone: string, contactName: string): Promise<number> {
      const names = relativeLoginNames(phone, providerId);
      for (const userName of names) {
        const existing = await accounts.findByUserName(userName);
        if (existing && existing.role === 'RELATIVES' && existing.provider_id === providerId) return existing.id;
        if (existing) continue;
        return accounts.insert({
          userName,
          passwordHash: UNMATCHABLE_HASH,
          role: 'RELATIVES',
          nickName: contactName,
          dataPermission: null,
          providerId,
          isProviderLogin: false,
          now,
        });
      }
      throw new Error(`no free relative login name for phone in provider ${providerId}`);
    },

    /** Deletes relative accounts of the provider that no contact uses any more. */
    async dropOrphans(providerId: number): Promise<void> {
      await contacts.deleteAccounts(await contacts.orphanRelativeAccountIds(providerId));
    },
  };
}
