import { z } from 'zod';
import { idSchema, nullOutput } from './common.ts';
import { CARE_ROLES, fileOutput } from './care-common.ts';
import { defineOperation } from './define.ts';

/**
 * A resident's personal data (docs/audit.md "Personal data"): everything Vigil holds about them as
 * one .zip, and erasure after check-out keeping only anonymised statistics. Both are recorded in
 * the audit trail.
 */

/** The name an erased resident keeps in lists and statistics. */
export const ERASED_RESIDENT_NAME = 'Erased resident';

export const residentPersonalData = defineOperation({
  id: 'userManagement.personalData', method: 'GET', path: '/userManagement/personalData', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE_ROLES,
  summary: 'Everything Vigil holds about one resident as a .zip of JSON files: profile, contacts, caregivers, alarm settings, alarms, sleep reports, devices and a summary of their data',
  input: z.object({ id: idSchema }),
  output: fileOutput,
});

export const residentErase = defineOperation({
  id: 'userManagement.erase', method: 'POST', path: '/userManagement/erase', tag: 'residents', encoding: 'json', auth: 'session', roles: CARE_ROLES,
  summary: 'Erase a checked-out resident\'s personal data (profile, contacts, reports, settings; alarms keep no name), keeping anonymised statistics; refused (resident.eraseNotCheckedOut) before check-out',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});
