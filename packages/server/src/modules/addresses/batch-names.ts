import { isPlaceNameWellFormed, splitBatchNames } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';

/**
 * Splits and checks a comma-separated batch before anything is written: every name
 * well formed, none repeated, none already taken (`taken` holds lower-cased names).
 * The refusal names the first offending name.
 */
export function checkBatchNames(text: string, taken: ReadonlySet<string>, existsKey: 'room.nameExists' | 'bed.nameExists'): string[] {
  const names = splitBatchNames(text);
  const seen = new Set<string>();
  for (const name of names) {
    if (!isPlaceNameWellFormed(name)) throw errors.invalidField('names', 'validation.placeNameNamed', { name });
    const key = name.toLowerCase();
    if (seen.has(key)) throw errors.invalidField('names', 'validation.batchRepeated', { name });
    if (taken.has(key)) throw errors.conflict(existsKey, { name });
    seen.add(key);
  }
  return names;
}
