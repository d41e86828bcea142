import { PLACE_NAME_MAX, PLACE_NAME_MIN } from '../limits.ts';

// Place-name checks without schemas: the console's screens read them without zod.

/** Control characters and both the ASCII and the full-width comma (the batch separators). */
const PLACE_NAME_FORBIDDEN = /[\u0000-\u001f\u007f,，]/;

/** True when a trimmed name is a well-formed area, floor, room or bed name. */
export function isPlaceNameWellFormed(name: string): boolean {
  return name.length >= PLACE_NAME_MIN && name.length <= PLACE_NAME_MAX && !PLACE_NAME_FORBIDDEN.test(name);
}

/** Splits a comma-separated batch (ASCII or full-width commas), trimming each name and dropping empty ones. */
export function splitBatchNames(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}
