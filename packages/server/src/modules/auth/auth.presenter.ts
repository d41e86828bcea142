import { landingPath, menuFor, type changeProvider, type LoginResult, type OutputOf, type platformInfo, type Role } from '@vigil/contracts';
import type { AccountRow } from '../accounts/account.repository.ts';
import type { ProviderRow } from '../providers/provider.repository.ts';

/** One provider a user may work in, as the login answer and the provider switch list it. */
export type ProviderChoice = OutputOf<typeof changeProvider>;

/** A provider offered to a user, available or not. */
export function presentProviderChoice(provider: ProviderRow, available: boolean): ProviderChoice {
  return { providerId: provider.id, providerName: provider.name, domain: provider.domain, available };
}

/** The login answer: the session's token and socket key, the account, its role's menu and the provider it works in. */
export function presentLogin(
  account: AccountRow,
  access: { role: Role; providerRole: number | null; current: ProviderRow | null | undefined; providerList: ProviderChoice[] },
  session: { token: string; socketKey: string },
): LoginResult {
  const { role, current, providerList } = access;
  return {
    token: session.token,
    key: session.socketKey,
    permissionType: account.data_permission ?? 1,
    voiceFlag: true,
    role,
    providerRole: access.providerRole,
    uploadDataFlag: false,
    menuList: menuFor(role),
    userId: account.id,
    userName: account.user_name,
    nickName: account.nick_name,
    domain: current?.domain ?? null,
    providerId: current?.id ?? null,
    providerName: current?.name ?? null,
    providerList,
    landingPath: landingPath(role, providerList.some((entry) => entry.available)),
  };
}

/** Who is signed in (admin.platformInfo): the login answer without its credentials, with the platform's name. */
export function presentPlatformInfo(login: LoginResult, platformName: string): OutputOf<typeof platformInfo> {
  return {
    role: login.role,
    providerRole: login.providerRole,
    providerId: login.providerId,
    nickName: login.nickName,
    domain: login.domain,
    platformName,
    userName: login.userName,
    userId: login.userId,
    permissionType: login.permissionType,
    menuList: login.menuList,
    providerName: login.providerName,
    providerList: login.providerList,
    landingPath: login.landingPath,
  };
}
