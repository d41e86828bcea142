import { z } from 'zod';
import { ID_MAX, PAGE_SIZE_MAX } from '../limits.ts';

/** Query-string and form values arrive as text; these coerce them. */
/** A row id: a positive integer within the databases' 32-bit integer columns. */
export const idSchema = z
  // A JSON number, or decimal digits (query strings and forms are text); never a boolean, an array, hex, exponent or blank text.
  .union([z.number({ error: 'validation.invalid' }), z.string({ error: 'validation.invalid' }).regex(/^[0-9]{1,10}$/, { error: 'validation.invalid' }).transform(Number)], { error: 'validation.invalid' })
  .pipe(z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(ID_MAX, { error: 'validation.invalid' }));
export const booleanish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  keyWord: z.string().trim().max(64, { error: 'validation.tooLong' }).optional(),
});

/** A page of rows with the total count. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
}

export const emptySchema = z.object({}).strict();
export const nullOutput = z.null();
