import { Status } from '@vigil/contracts';
import { ApiError } from '../../api/client.ts';

/** What a CONFIRM_REQUIRED (301) answer asks: the bed is someone else's, or the name is taken. */
export type ResidentConfirmation = { kind: 'bedOccupied'; residentName: string; message: string } | { kind: 'sameName'; message: string };

/** Reads a 301 answer of insertUser/updateUser; null for any other outcome. */
export function readConfirmation(error: unknown): ResidentConfirmation | null {
  if (!(error instanceof ApiError) || error.status !== Status.CONFIRM_REQUIRED) return null;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('confirm' in data)) return null;
  if (data.confirm === 'bedOccupied') {
    const residentName = 'residentName' in data && typeof data.residentName === 'string' ? data.residentName : '';
    return { kind: 'bedOccupied', residentName, message: error.message };
  }
  if (data.confirm === 'sameName') return { kind: 'sameName', message: error.message };
  return null;
}
