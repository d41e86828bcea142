import { z } from 'zod';
import {
  CARE_LEVEL_MAX,
  CARE_LEVEL_MIN,
  CAREGIVERS_PER_RESIDENT_MAX,
  CONTACTS_PER_RESIDENT_MAX,
  HEIGHT_MAX,
  HEIGHT_MIN,
  REMARK_MAX,
  WEIGHT_MAX,
  WEIGHT_MIN,
} from '../limits.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { CARE_ROLES, fileOutput, importResultSchema, optionalText, personNameSchema, phoneSchema, spreadsheetUpload } from './care-common.ts';
import { defineOperation } from './define.ts';
import { ABSENCE_REASONS, CONTACT_RELATIONS, GENDERS, MEDICAL_CONDITIONS, RESIDENT_STATES } from './residents-values.ts';

// The schemas and operations; the value lists live in residents-values.ts (no zod), which screens read.
export * from './residents-values.ts';

export const GenderSchema = z.enum(GENDERS, { error: 'validation.gender' });

export const MedicalConditionSchema = z.enum(MEDICAL_CONDITIONS, { error: 'validation.medicalHistory' });

export const ContactRelationSchema = z.enum(CONTACT_RELATIONS, { error: 'validation.relation' });

export const ResidentStateSchema = z.enum(RESIDENT_STATES, { error: 'validation.invalid' });
export type ResidentState = z.infer<typeof ResidentStateSchema>;

/** Actions of /user/getUserCheckIn: check in (again), check out, log out (deregister). */
export const RESIDENT_ACTIONS = ['checkIn', 'checkOut', 'deregister'] as const;


/** A temporary absence in force: since when, planned return (null: until marked back), reason, remark. */
export const residentAbsenceSchema = z.object({
  since: z.number().int(),
  until: z.number().int().nullable().describe('Planned return (epoch ms); the absence ends by itself then. Null: until marked back'),
  reason: z.enum(ABSENCE_REASONS),
  remark: z.string(),
});
export type ResidentAbsence = z.infer<typeof residentAbsenceSchema>;

const DATE_PATTERN = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** Parses YYYY-MM-DD or YYYY/MM/DD into a real calendar date as YYYY-MM-DD, or null. */
export function normalizeBirthDate(text: string): string | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 1880) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const birthDateSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((text, context) => {
    const date = normalizeBirthDate(text);
    if (!date || date > new Date().toISOString().slice(0, 10)) {
      context.addIssue({ code: 'custom', message: 'validation.birthDate' });
      return z.NEVER;
    }
    return date;
  });

/** True when a number has at most one decimal place (65.5, not 65.55). */
export function hasOneDecimalAtMost(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

/** A measure within the limits, whole or with one decimal; numeric text is accepted too. */
function measureSchema(min: number, max: number, key: 'validation.height' | 'validation.weight', precision: 'whole' | 'oneDecimal') {
  return z.coerce
    .number({ error: key })
    .refine((value) => (precision === 'whole' ? Number.isInteger(value) : hasOneDecimalAtMost(value)), { error: key })
    .refine((value) => value >= min && value <= max, { error: key })
    .optional()
    .nullable()
    .transform((value) => value ?? null);
}
/** Height in whole centimetres. */
export const heightSchema = measureSchema(HEIGHT_MIN, HEIGHT_MAX, 'validation.height', 'whole');
/** Weight in kilograms with at most one decimal (65.5 kg). */
export const weightSchema = measureSchema(WEIGHT_MIN, WEIGHT_MAX, 'validation.weight', 'oneDecimal');

export const contactInputSchema = z.object({
  name: personNameSchema,
  phone: phoneSchema,
  relation: ContactRelationSchema,
});

export const residentInputSchema = z.object({
  name: personNameSchema,
  gender: GenderSchema,
  birthDate: birthDateSchema,
  height: heightSchema,
  weight: weightSchema,
  medicalHistory: z
    .array(MedicalConditionSchema)
    .max(MEDICAL_CONDITIONS.length)
    .default([])
    .transform((codes) => MEDICAL_CONDITIONS.filter((code) => codes.includes(code))),
  remark: optionalText(REMARK_MAX),
  contacts: z.array(contactInputSchema).max(CONTACTS_PER_RESIDENT_MAX, { error: 'validation.contactsMax' }).default([]),
  careLevel: z.coerce.number({ error: 'validation.careLevel' }).int({ error: 'validation.careLevel' }).min(CARE_LEVEL_MIN, { error: 'validation.careLevel' }).max(CARE_LEVEL_MAX, { error: 'validation.careLevel' }).optional().nullable().transform((level) => level ?? null),
  attention: booleanish.default(false),
  bunkId: idSchema.optional().nullable().transform((id) => id ?? null),
  caregiverIds: z
    .array(idSchema)
    .max(CAREGIVERS_PER_RESIDENT_MAX, { error: 'validation.caregiversMax' })
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /** Resend with true after the CONFIRM_REQUIRED answer {confirm: 'bedOccupied'}: moves the bed link. */
  confirmBunk: booleanish.default(false),
  /** Resend with true after the CONFIRM_REQUIRED answer {confirm: 'sameName'}. */
  confirmSameName: booleanish.default(false),
});
export type ResidentInput = z.output<typeof residentInputSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  relation: ContactRelationSchema,
  accountId: z.number().int().nullable().describe('The RELATIVES account of this phone'),
  userName: z.string().nullable(),
});

export const residentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: GenderSchema,
  birthDate: z.string(),
  age: z.number().int(),
  height: z.number().int().nullable(),
  weight: z.number().nullable().describe('kg, at most one decimal'),
  medicalHistory: z.array(MedicalConditionSchema),
  remark: z.string(),
  contacts: z.array(contactSchema),
  careLevel: z.number().int().nullable(),
  attention: z.boolean(),
  state: ResidentStateSchema,
  checkInAt: z.number().int().nullable(),
  checkOutAt: z.number().int().nullable(),
  deregisteredAt: z.number().int().nullable(),
  bunkId: z.number().int().nullable(),
  away: residentAbsenceSchema.nullable().describe('Temporary absence in force (no bed alarms; counted as away), or null'),
  bunkName: z.string().nullable(),
  roomName: z.string().nullable(),
  floorName: z.string().nullable(),
  buildingName: z.string().nullable(),
  caregivers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: z.number().int(),
});
export type Resident = z.infer<typeof residentSchema>;

const CARE = CARE_ROLES;

export const userSummary = defineOperation({
  id: 'userManagement.userSummary', method: 'GET', path: '/userManagement/userSummary', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Resident counts: total, per state, and under attention',
  input: z.object({}),
  output: z.object({
    total: z.number().int(),
    notAdmitted: z.number().int(),
    admitted: z.number().int(),
    checkedOut: z.number().int(),
    deregistered: z.number().int(),
    attention: z.number().int(),
  }),
});

export const residentListFilterSchema = pageQuerySchema.extend({
  areaId: idSchema.optional().nullable().describe('An area or a floor'),
  state: ResidentStateSchema.optional().nullable(),
  attention: booleanish.optional().nullable(),
});

export const userList = defineOperation({
  id: 'userManagement.userList', method: 'POST', path: '/userManagement/userList', tag: 'residents', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Page of residents, newest first; keyWord matches name, bed or room; filters: area or floor, state, attention',
  input: residentListFilterSchema,
  output: pageOf(residentSchema),
});

export const getUserMessageById = defineOperation({
  id: 'getUserMessageById', method: 'GET', path: '/getUserMessageById', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'One resident with contacts, caregivers and bed',
  input: z.object({ id: idSchema }),
  output: residentSchema,
});

export const insertUser = defineOperation({
  id: 'userManagement.insertUser', method: 'POST', path: '/userManagement/insertUser', tag: 'residents', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Register a resident (state notAdmitted). Status 301 asks to confirm: data {confirm: "sameName"} or {confirm: "bedOccupied", residentName}; resend with confirmSameName / confirmBunk',
  input: residentInputSchema,
  output: z.object({ id: z.number().int() }),
});

export const updateUser = defineOperation({
  id: 'userManagement.updateUser', method: 'POST', path: '/userManagement/updateUser', tag: 'residents', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Edit a resident (every field; contacts and caregivers are replaced). Same confirmations as insertUser',
  input: residentInputSchema.extend({ id: idSchema }),
  output: nullOutput,
});

export const deleteResident = defineOperation({
  id: 'userManagement.deleteById', method: 'GET', path: '/userManagement/deleteById', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Delete a resident and everything of theirs: contacts, relatives\' accounts no other resident uses, caregiver links, bed link',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const residentStateSchema = z.object({
  id: z.number().int(),
  state: ResidentStateSchema,
  checkInAt: z.number().int().nullable(),
  checkOutAt: z.number().int().nullable(),
  deregisteredAt: z.number().int().nullable(),
  bunkId: z.number().int().nullable(),
});

export const getUserCheckIn = defineOperation({
  id: 'user.getUserCheckIn', method: 'POST', path: '/user/getUserCheckIn', tag: 'residents', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Read a resident\'s check-in state, or change it with action: checkIn (from any other state), checkOut (from admitted; bed kept), deregister (bed link cleared, data kept)',
  input: z.object({ id: idSchema, action: z.enum(RESIDENT_ACTIONS, { error: 'validation.invalid' }).optional() }),
  output: residentStateSchema,
});

export const residentBatchAdd = defineOperation({
  id: 'userManagement.batchAdd', method: 'POST', path: '/userManagement/batchAdd', tag: 'residents', encoding: 'multipart', auth: 'session', roles: CARE,
  summary: 'Import residents from the template onto existing vacant beds (admitted); all or nothing; problems name row and column',
  input: spreadsheetUpload,
  output: importResultSchema,
});

export const residentExcelModel = defineOperation({
  id: 'userManage.excelModel', method: 'GET', path: '/userManage/excelModel', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Resident import template (.xlsx, headers in the caller\'s language)',
  input: z.object({}),
  output: fileOutput,
});

export const residentExportData = defineOperation({
  id: 'userManagement.exportData', method: 'GET', path: '/userManagement/exportData', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Residents matching the list filters as .xlsx (first columns in the import template\'s layout)',
  input: residentListFilterSchema.omit({ pageNum: true, pageSize: true }),
  output: fileOutput,
});

// ---- Relatives (accounts of role RELATIVES made from emergency contacts) -----------------

export const deleteUserFamily = defineOperation({
  id: 'app.deleteUserFamily', method: 'GET', path: '/app/deleteUserFamily', tag: 'relatives', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Remove an emergency contact (by contact id); its relative account goes when no other contact uses the phone',
  input: z.object({ id: idSchema.describe('Contact id') }),
  output: nullOutput,
});

export const resetRelativePassword = defineOperation({
  id: 'app.reset', method: 'GET', path: '/app/reset', tag: 'relatives', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Give the relative account of a contact a new random password, answered once; its sessions end',
  input: z.object({ id: idSchema.describe('Contact id') }),
  output: z.object({ userName: z.string(), password: z.string() }),
});


const absenceAnswer = z.object({ userId: z.number().int(), away: residentAbsenceSchema.nullable() });

export const transientPost = defineOperation({
  id: 'user.transient.post', method: 'POST', path: '/user/transient/post', tag: 'residents', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Mark a checked-in resident temporarily away (hospital, family visit, other), optionally until a planned return: their bed raises no alarms and they count as away on the board and in statistics until back',
  input: z.object({
    userId: idSchema,
    reason: z.enum(ABSENCE_REASONS, { error: 'validation.invalid' }),
    until: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).optional().nullable().transform((until) => until ?? null),
    remark: optionalText(REMARK_MAX),
  }),
  output: absenceAnswer,
});

export const transientDelete = defineOperation({
  id: 'user.transient.delete', method: 'GET', path: '/user/transient/delete', tag: 'residents', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Mark a resident back from a temporary absence: bed alarms resume (answers the same when already back)',
  input: z.object({ userId: idSchema }),
  output: absenceAnswer,
});
