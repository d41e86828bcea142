import { Status } from '@vigil/contracts';
import { ApiError } from '../../api/client.ts';

/**
 * The form field a refusal belongs to: the field the server named (`data.field` of a 400)
 * when the form has it, else `fallback` for the refusals about what was typed (300, 400, 404);
 * null for anything else (no network, no permission), which is shown as a message instead.
 */
export function refusedField<Name extends string>(error: unknown, fields: readonly Name[], fallback: Name): Name | null {
  if (!(error instanceof ApiError)) return null;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'field' in data) {
    const named = fields.find((field) => field === data.field);
    if (named) return named;
  }
  const aboutInput: readonly number[] = [Status.BAD_REQUEST, Status.NOT_FOUND, Status.CONFLICT];
  return aboutInput.includes(error.status) ? fallback : null;
}
