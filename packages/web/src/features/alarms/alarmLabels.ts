import type { FollowUp, ReleaseChoice } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/** Labels of the §3 release choices. */
export const RELEASE_LABELS: Readonly<Record<ReleaseChoice, KeyOf<'alarms'>>> = {
  CHECKED: 'alarms.release.checked',
  MISTAKE_RECHECK: 'alarms.release.mistakeRecheck',
  MISTAKE_ABNORMAL: 'alarms.release.mistakeAbnormal',
  TEST: 'alarms.release.test',
  REMOVE_DEVICE: 'alarms.release.removeDevice',
};

/** Labels of the §3 follow-up options. */
export const FOLLOW_UP_LABELS: Readonly<Record<FollowUp, KeyOf<'alarms'>>> = {
  NO_ABNORMALITY: 'alarms.followUp.noAbnormality',
  BED_HOLD_UP: 'alarms.followUp.bedHoldUp',
  SIT_ASIDE_BED: 'alarms.followUp.sitAsideBed',
  LIVING_OR_SIT_IN_TAIL_STOCK: 'alarms.followUp.upOrAtFootOfBed',
};
