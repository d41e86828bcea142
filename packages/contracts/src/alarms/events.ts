import type { AlarmRecord } from './record.ts';
import type { ResidentSample } from '../operations/monitor.ts';

/** Alarm domain events, added to the bus's DomainEventMap. */
declare module '../devices/events.ts' {
  interface DomainEventMap {
    /** An alarm was committed: new, a repeat of an open one, or escalated to red. Crosses processes. */
    'alarm.raised': AlarmRaisedEvent;
    /** An operator handled an alarm (/alarm/dealStatus). Crosses processes. */
    'alarm.handled': AlarmChangedEvent;
    /** An alarm was relieved: by the device, automatically, or released from the console. Crosses processes. */
    'alarm.relieved': AlarmChangedEvent;
    /** Live resident state changed (throttled per resident). Crosses processes. */
    'monitor.data': MonitorDataEvent;
  }
}

export interface AlarmRaisedEvent {
  providerId: number;
  alarm: AlarmRecord;
  kind: 'new' | 'repeat' | 'escalated';
}
export interface AlarmChangedEvent {
  providerId: number;
  alarm: AlarmRecord;
}
export interface MonitorDataEvent {
  providerId: number;
  states: ResidentSample[];
}

/**
 * Events the Redis bus carries between processes. Device events stay in the process that
 * received them from the broker (ingest's shared subscription gives each message to one
 * process), so rules run once per message. `auth.changed` (auth-events.ts) drops every
 * process's cached sessions.
 */
export const DISTRIBUTED_EVENTS = ['alarm.raised', 'alarm.handled', 'alarm.relieved', 'monitor.data', 'auth.changed'] as const;
