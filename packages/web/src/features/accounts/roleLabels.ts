import type { DataPermission, Role } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/** i18n keys of role names, written out so the key extractor finds them. */
export const ROLE_LABEL_KEYS: Record<Role, KeyOf<'accounts'>> = {
  SENIOR_ROLE: 'accounts.role.SENIOR_ROLE',
  SUPER_ROLE: 'accounts.role.SUPER_ROLE',
  BUSINESS_ROLE: 'accounts.role.BUSINESS_ROLE',
  ONE_ROLE: 'accounts.role.ONE_ROLE',
  TWO_ROLE: 'accounts.role.TWO_ROLE',
  GOVERNMENT: 'accounts.role.GOVERNMENT',
  MAINTAIN: 'accounts.role.MAINTAIN',
  SOCIAL_WORKER: 'accounts.role.SOCIAL_WORKER',
  RELATIVES: 'accounts.role.RELATIVES',
  SUB_ROLE: 'accounts.role.SUB_ROLE',
  NURSING: 'accounts.role.NURSING',
};

/** i18n keys of the data permissions: 1 manage, 2 read only. */
export const DATA_PERMISSION_LABEL_KEYS: Record<DataPermission, KeyOf<'accounts'>> = {
  1: 'accounts.dataPermission.manage',
  2: 'accounts.dataPermission.readOnly',
};
