/** Sign-in events, added to the bus's DomainEventMap. */
declare module './devices/events.ts' {
  interface DomainEventMap {
    /**
     * A session, account or provider changed (committed): every process drops the sessions
     * it resolved and cached (who is signed in, in which providers), so the next request
     * reads them again. Crosses processes.
     */
    'auth.changed': AuthChangedEvent;
  }
}

export interface AuthChangedEvent {
  /** Server time of the change, epoch ms. */
  changedAt: number;
}
