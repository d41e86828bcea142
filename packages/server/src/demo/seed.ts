import type { DeviceKeySeal } from '../ingest/device-key-seal.ts';
import crypto from 'node:crypto';
import type { Role } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import { accountRepository } from '../modules/accounts/account.repository.ts';
import { hashPassword } from '../modules/auth/password-hash.ts';
import { providerRepository } from '../modules/providers/provider.repository.ts';
import { seedCare } from './seed-care.ts';
import { seedDevices } from './seed-devices.ts';

export const DEMO_PASSWORD = 'Demo#2026care';

/** The demo logins, one per role (README lists them). */
export const DEMO_ACCOUNTS: readonly { userName: string; role: Role; nickName: string; provider?: 'one' | 'twoA' | 'twoB' }[] = [
  { userName: 'demosenior', role: 'SENIOR_ROLE', nickName: 'Demo platform administrator' },
  { userName: 'demosuper', role: 'SUPER_ROLE', nickName: 'Demo super administrator' },
  { userName: 'demobusiness', role: 'BUSINESS_ROLE', nickName: 'Demo business' },
  { userName: 'demoone', role: 'ONE_ROLE', nickName: 'Sunrise Care Group', provider: 'one' },
  { userName: 'demotwoa', role: 'TWO_ROLE', nickName: 'Sunrise Riverside Home', provider: 'twoA' },
  { userName: 'demotwob', role: 'TWO_ROLE', nickName: 'Sunrise Hillside Home', provider: 'twoB' },
  { userName: 'demogov', role: 'GOVERNMENT', nickName: 'Demo city health office' },
  { userName: 'demomaintain', role: 'MAINTAIN', nickName: 'Demo installer', provider: 'twoA' },
  // A family login (issue 28): the emergency contact of one Riverside resident, in the caregiver app only.
  { userName: 'demorelative', role: 'RELATIVES', nickName: 'Demo relative', provider: 'twoA' },
];

const DEMO_PROVIDERS = {
  one: { name: 'Sunrise Care Group', code: 'SUN-01', level: 1 as const },
  twoA: { name: 'Sunrise Riverside Home', code: 'SUN-RIV', level: 2 as const },
  twoB: { name: 'Sunrise Hillside Home', code: 'SUN-HIL', level: 2 as const },
};

/**
 * Seeds the demo care home: a class I provider with two class II providers and one
 * account per role, its care data and (unless `devices: false`) its simulated devices.
 * Idempotent: what exists already is left as it is. `cipher` prints the devices' QR codes
 * (the server's `deviceCipher.encode`), so the installer app can scan them (`/device/decodeCipher`).
 */
export async function seedDemo(db: Db, now: () => number, options: { devices?: boolean; cipher?: (deviceId: string) => string; deviceKeys: DeviceKeySeal }): Promise<void> {
  const providers = providerRepository(db);
  const accounts = accountRepository(db);
  const providerIds: Partial<Record<keyof typeof DEMO_PROVIDERS, number>> = {};
  for (const key of ['one', 'twoA', 'twoB'] as const) {
    const spec = DEMO_PROVIDERS[key];
    const existing = await providers.findByNameKey(spec.name.toLowerCase());
    providerIds[key] =
      existing?.id ??
      (await providers.insert({
        name: spec.name,
        code: spec.code,
        domain: crypto.randomBytes(8).toString('hex'),
        level: spec.level,
        parentId: spec.level === 2 ? (providerIds.one ?? null) : null,
        now: now(),
      }));
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await accounts.findByUserName(account.userName)) continue;
    await accounts.insert({
      userName: account.userName,
      passwordHash,
      role: account.role,
      nickName: account.nickName,
      dataPermission: null,
      providerId: account.provider ? (providerIds[account.provider] ?? null) : null,
      isProviderLogin: account.role === 'ONE_ROLE' || account.role === 'TWO_ROLE',
      now: now(),
    });
  }
  // The demo government office oversees one class II home (docs/statistics.md), so its view visibly differs from the group's.
  const government = await accounts.findByUserName('demogov');
  if (government && providerIds.twoA !== undefined) {
    await db.insertInto('government_providers').values({ account_id: government.id, provider_id: providerIds.twoA }).onConflict((conflict) => conflict.doNothing()).execute();
  }
  await seedCare(db, passwordHash, now());
  await linkDemoRelative(db);
  if (options.devices ?? true) await seedDevices(db, now(), options.deviceKeys, options.cipher);
}

/** Makes `demorelative` the emergency contact of Riverside's first admitted resident in a bed (once). */
async function linkDemoRelative(db: Db): Promise<void> {
  const account = await accountRepository(db).findByUserName('demorelative');
  if (!account || account.provider_id === null) return;
  const linked = await db.selectFrom('resident_contacts').select('id').where('account_id', '=', account.id).executeTakeFirst();
  if (linked) return;
  const resident = await db
    .selectFrom('residents')
    .select('id')
    .where('provider_id', '=', account.provider_id)
    .where('state', '=', 'admitted')
    .where('bed_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!resident) return;
  const last = await db.selectFrom('resident_contacts').select((eb) => eb.fn.max('position').as('position')).where('resident_id', '=', resident.id).executeTakeFirst();
  await db
    .insertInto('resident_contacts')
    .values({ provider_id: account.provider_id, resident_id: resident.id, position: Number(last?.position ?? -1) + 1, name: 'Demo relative', phone: '+447700900999', relation: 'children', account_id: account.id })
    .execute();
}
