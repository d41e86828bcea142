import { z } from 'zod';
import { BATCH_NAMES_MAX, PERSON_NAME_MAX, PHONE_PATTERN, PLACE_NAME_MAX } from '../limits.ts';
import { isPlaceNameWellFormed, splitBatchNames } from './care-common-values.ts';

// In roles.ts (no chained schemas there): the console's shell reads it.
export { CARE_ROLES } from '../role-values.ts';
// The place-name checks live in care-common-values.ts (no zod), which screens read.
export * from './care-common-values.ts';

/** An area, floor, room or bed name: trimmed, 1–32 characters, no control characters or commas. */
export const placeNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .refine(isPlaceNameWellFormed, { error: 'validation.placeName' });

/** Comma-separated names for a batch add; each name is checked by the server, which names the offending one. */
export const batchNamesSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(BATCH_NAMES_MAX * (PLACE_NAME_MAX + 1), { error: 'validation.batchNames' })
  .refine((text) => splitBatchNames(text).length > 0, { error: 'validation.required' })
  .refine((text) => splitBatchNames(text).length <= BATCH_NAMES_MAX, { error: 'validation.batchNames' });

/** A person's name (resident, caregiver, contact). */
export const personNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(PERSON_NAME_MAX, { error: 'validation.personName' })
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: 'validation.personName' });

/** A mobile phone: digits with an optional leading +, 6–20 digits; spaces and dashes people type are dropped. */
export const phoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((phone) => phone.replace(/[\s-]/g, ''))
  .refine((phone) => PHONE_PATTERN.test(phone), { error: 'validation.phone' });

/** Optional free text with a length limit (job, relation, ID number …). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), { error: 'validation.invalid' })
    .optional()
    .nullable()
    .transform((text) => text ?? '');
}

/** A downloaded file (content-disposition names it); shown as binary in the API document. */
export const fileOutput = z.string().describe('binary file (content-disposition names it)');

/** A spreadsheet upload: multipart field "file", .xls or .xlsx checked from the bytes. */
export const spreadsheetUpload = z.object({ file: z.string().describe('binary .xls or .xlsx (multipart field "file")').optional() });

/** One problem of a rejected import: the spreadsheet row (1-based, as Excel shows it) and column. */
export const importProblemSchema = z.object({
  row: z.number().int(),
  column: z.string().describe('Column letter as Excel shows it, e.g. "C"'),
  field: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What an import answers: the count imported. A rejected file answers status 400 with data {problems, total}. */
export const importResultSchema = z.object({ imported: z.number().int() });
