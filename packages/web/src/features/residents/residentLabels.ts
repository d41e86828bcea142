import type { CONTACT_RELATIONS, GENDERS, MEDICAL_CONDITIONS, ResidentState } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';

export type Gender = (typeof GENDERS)[number];
export type MedicalCondition = (typeof MEDICAL_CONDITIONS)[number];
export type ContactRelation = (typeof CONTACT_RELATIONS)[number];

/** Label keys of the resident states (spec 01 §4). */
export const STATE_LABEL_KEYS: Record<ResidentState, KeyOf<'residents'>> = {
  notAdmitted: 'residents.state.notAdmitted',
  admitted: 'residents.state.admitted',
  checkedOut: 'residents.state.checkedOut',
  deregistered: 'residents.state.deregistered',
};

export const GENDER_LABEL_KEYS: Record<Gender, KeyOf<'residents'>> = {
  male: 'residents.gender.male',
  female: 'residents.gender.female',
};

/** Label keys of the six medical history conditions (spec 01 §3). */
export const CONDITION_LABEL_KEYS: Record<MedicalCondition, KeyOf<'residents'>> = {
  hypertension: 'residents.condition.hypertension',
  hyperlipidaemia: 'residents.condition.hyperlipidaemia',
  hyperglycaemia: 'residents.condition.hyperglycaemia',
  alzheimers: 'residents.condition.alzheimers',
  paralysis: 'residents.condition.paralysis',
  stroke: 'residents.condition.stroke',
};

export const RELATION_LABEL_KEYS: Record<ContactRelation, KeyOf<'residents'>> = {
  children: 'residents.relation.children',
  friend: 'residents.relation.friend',
  others: 'residents.relation.others',
};
