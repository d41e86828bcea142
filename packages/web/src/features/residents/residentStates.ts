import type { ResidentState } from '@vigil/contracts';

/** antd tag colours of the states. */
export const STATE_COLORS: Record<ResidentState, string> = {
  notAdmitted: 'default',
  admitted: 'green',
  checkedOut: 'orange',
  deregistered: 'red',
};

/**
 * What can be done from a state (the server's state machine): check in from any other
 * state, check out only when admitted, log out (deregister) from any other state.
 */
export function stateActions(state: ResidentState): { checkIn: boolean; checkOut: boolean; deregister: boolean } {
  return { checkIn: state !== 'admitted', checkOut: state === 'admitted', deregister: state !== 'deregistered' };
}
