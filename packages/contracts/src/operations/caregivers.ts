import { z } from 'zod';
import { ID_NUMBER_MAX, JOB_MAX, RELATION_TEXT_MAX, RESIDENTS_PER_CAREGIVER_MAX } from '../limits.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { loginNameSchema, newPasswordSchema } from './auth.ts';
import { CARE_ROLES, fileOutput, optionalText, personNameSchema, phoneSchema, spreadsheetUpload } from './care-common.ts';
import { defineOperation } from './define.ts';
import { CAREGIVER_GRADES } from './caregivers-values.ts';

// The schemas and operations; the grades live in caregivers-values.ts (no zod), which screens read.
export * from './caregivers-values.ts';

export const CaregiverGradeSchema = z.enum(CAREGIVER_GRADES, { error: 'validation.grade' });

const residentIdsSchema = z
  .array(idSchema)
  .max(RESIDENTS_PER_CAREGIVER_MAX, { error: 'validation.residentsMax' })
  .default([])
  .transform((ids) => [...new Set(ids)]);

const caregiverFields = {
  name: personNameSchema,
  phone: phoneSchema,
  job: optionalText(JOB_MAX),
  idNumber: optionalText(ID_NUMBER_MAX).refine((text) => /^[A-Za-z0-9-]*$/.test(text), { error: 'validation.idNumber' }),
  relation: optionalText(RELATION_TEXT_MAX),
  grade: CaregiverGradeSchema.default('general'),
  residentIds: residentIdsSchema,
};

export const caregiverSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  userName: z.string().describe('App login account'),
  name: z.string(),
  phone: z.string(),
  job: z.string(),
  idNumber: z.string(),
  relation: z.string(),
  grade: CaregiverGradeSchema,
  enabled: z.boolean(),
  residents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: z.number().int(),
});
export type Caregiver = z.infer<typeof caregiverSchema>;

const CARE = CARE_ROLES;

export const queryNursingList = defineOperation({
  id: 'nursing.queryNursingList', method: 'POST', path: '/nursing/queryNursingList', tag: 'caregivers', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Page of caregivers; keyWord matches name, phone or login; filters grade, enabled',
  input: pageQuerySchema.extend({ grade: CaregiverGradeSchema.optional().nullable(), enabled: booleanish.optional().nullable() }),
  output: pageOf(caregiverSchema),
});

export const getNursing = defineOperation({
  id: 'nursing.getNursing', method: 'GET', path: '/nursing/getNursing', tag: 'caregivers', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'One caregiver of the provider the user works in, with linked residents (for the edit screen)',
  input: z.object({ id: idSchema }),
  output: caregiverSchema,
});

/** The input of `insertNursing`, also the console form's rules. */
export const insertNursingInputSchema = z.object({ ...caregiverFields, userName: loginNameSchema.optional().nullable(), passWord: newPasswordSchema.optional().nullable() });

export const insertNursing = defineOperation({
  id: 'nursing.insertNursing', method: 'POST', path: '/nursing/insertNursing', tag: 'caregivers', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add a caregiver and their NURSING app account (login = userName, or the phone\'s digits). Without passWord a random one is answered once',
  input: insertNursingInputSchema,
  output: z.object({ id: z.number().int(), userName: z.string(), password: z.string().nullable() }),
});

export const operateNursing = defineOperation({
  id: 'nursing.operate', method: 'POST', path: '/nursing/operate', tag: 'caregivers', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'op: enable, disable (ends app sessions) or update (every field; linked residents replaced)',
  input: z.discriminatedUnion('op', [
    z.object({ op: z.literal('enable'), id: idSchema }),
    z.object({ op: z.literal('disable'), id: idSchema }),
    z.object({ op: z.literal('update'), id: idSchema, ...caregiverFields }),
  ], { error: 'validation.invalid' }),
  output: nullOutput,
});

export const resetNursingPassword = defineOperation({
  id: 'nursing.resetPassword', method: 'POST', path: '/nursing/resetPassword', tag: 'caregivers', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'New random password for the caregiver\'s account, answered once; its sessions end',
  input: z.object({ id: idSchema }),
  output: z.object({ userName: z.string(), password: z.string() }),
});

export const deleteNursing = defineOperation({
  id: 'nursing.deleteNursing', method: 'POST', path: '/nursing/deleteNursing', tag: 'caregivers', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Delete a caregiver, their account and their resident links',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const nursingExcelModel = defineOperation({
  id: 'nursing.excelModel', method: 'GET', path: '/nursing/excelModel', tag: 'caregivers', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Caregiver import template (.xlsx, headers in the caller\'s language)',
  input: z.object({}),
  output: fileOutput,
});

export const nursingBatchAdd = defineOperation({
  id: 'nursing.batchAdd', method: 'POST', path: '/nursing/batchAdd', tag: 'caregivers', encoding: 'multipart', auth: 'session', roles: CARE,
  summary: 'Import caregivers from the template; all or nothing. Answers each new login with its random password, once',
  input: spreadsheetUpload,
  output: z.object({ imported: z.number().int(), accounts: z.array(z.object({ userName: z.string(), password: z.string() })) }),
});

export const nursingExportData = defineOperation({
  id: 'nursing.exportData', method: 'GET', path: '/nursing/exportData', tag: 'caregivers', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Every caregiver as .xlsx in the import template\'s layout',
  input: z.object({}),
  output: fileOutput,
});
