import type { MessageKey, ResidentState } from '@vigil/contracts';
import type { ResidentValues } from './resident.repository.ts';

/** The columns of "no temporary absence": leaving the home ends an absence. */
export const BACK = { away_since: null, away_until: null, away_reason: null, away_remark: null } as const;

export type ResidentAction = 'checkIn' | 'checkOut' | 'deregister';

/**
 * The state machine of spec 01 §4: check in from any other state (again after a
 * check-out or a log-out), check out only when checked in (data and bed kept), log
 * out from any other state (bed link cleared, data kept). Answers the row changes,
 * or the message key of the refusal.
 */
export function transition(current: ResidentState, action: ResidentAction, now: number): Partial<ResidentValues> | { refused: MessageKey } {
  switch (action) {
    case 'checkIn':
      if (current === 'admitted') return { refused: 'resident.alreadyAdmitted' };
      return { state: 'admitted', check_in_at: now, check_out_at: null, deregistered_at: null, updated_at: now };
    case 'checkOut':
      if (current !== 'admitted') return { refused: 'resident.notAdmitted' };
      return { state: 'checkedOut', check_out_at: now, updated_at: now, ...BACK };
    case 'deregister':
      if (current === 'deregistered') return { refused: 'resident.alreadyDeregistered' };
      return { state: 'deregistered', deregistered_at: now, bed_id: null, updated_at: now, ...BACK };
  }
}
