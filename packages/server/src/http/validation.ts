import { isMessageKey, type MessageKey } from '@vigil/contracts';
import type { z } from 'zod';
import { ValidationError } from './errors.ts';

/**
 * Turns the first schema issue into a ValidationError naming the field: the
 * schema's message key when it has one, otherwise "required", "too long" or "not valid".
 * The limits a keyed message states come from the contract (MESSAGE_LIMITS, filled by
 * formatMessage); the issue's own maximum only fills the generic "too long".
 */
export function validationError(error: z.ZodError): ValidationError {
  const issue = error.issues[0];
  const field = String(issue?.path.find((part) => typeof part === 'string') ?? 'input');
  let key: MessageKey = 'validation.invalid';
  const params: Record<string, string | number> = {};
  if (issue && isMessageKey(issue.message)) {
    key = issue.message;
  } else if (issue?.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
    key = 'validation.required';
  } else if (issue?.code === 'too_big' && issue.origin === 'string') {
    key = 'validation.tooLong';
  }
  if (issue?.code === 'too_big') params.max = Number(issue.maximum);
  return new ValidationError(field, key, params);
}
