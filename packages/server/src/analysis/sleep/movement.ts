import { isOnBed, type NightColumns } from './columns.ts';
import { ANALYSIS } from './parameters.ts';

/**
 * Body movements on the bed within [from, to): seconds with movement ≥ movementMin, where
 * movements less than 30 s apart are one (one turn-over is one movement, however many seconds it lasts).
 */
export function countBodyMovements(columns: NightColumns, from: number, to: number): number {
  const { t, move, bed } = columns;
  const mergeMs = ANALYSIS.movementMergeSeconds * 1000;
  let count = 0;
  let lastMoving = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < columns.length; i += 1) {
    if (t[i] < from || t[i] >= to || move[i] < ANALYSIS.movementMin || !isOnBed(bed[i])) continue;
    if (t[i] - lastMoving > mergeMs) count += 1;
    lastMoving = t[i];
  }
  return count;
}
