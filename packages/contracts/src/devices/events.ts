import type { AckMessage, EventMessage, StatusMessage, TelemetrySample } from './protocol.ts';

/**
 * Domain events on Vigil's event bus (ARCHITECTURE: ingest → rules → alarms → sockets),
 * by name. Payloads are plain JSON (they may cross processes over Redis).
 * Other areas add their own entries with
 * `declare module '@vigil/contracts' { interface DomainEventMap { … } }`.
 */
export interface DomainEventMap {
  /** A device came online, went offline (last will or silence) or reported new status fields. */
  'device.status': DeviceStatusEvent;
  /** A batch of one-second samples from a sleep monitor, stored before it is published. */
  'device.samples': DeviceSamplesEvent;
  /** Something a device sensed (door, motion, smoke, SOS, fall …), including a gateway's sub-devices. */
  'device.event': DeviceSensedEvent;
  /** A device answered a command. */
  'device.ack': DeviceAckEvent;
}
export type DomainEventName = keyof DomainEventMap;

/** Where a device is bound when the message arrives; null parts are unbound. */
export interface DevicePlacement {
  /** Owning care home; null while the device is in the vendor's stock. */
  providerId: number | null;
  bedId: number | null;
  roomId: number | null;
  residentId: number | null;
}

interface DeviceEventBase extends DevicePlacement {
  /** Plain device ID. */
  deviceId: string;
  deviceType: number;
  /** Server receive time, epoch ms. */
  receivedAt: number;
  /** The device-log message it came from (several processes, docs/scale-out.md); absent outside the log. */
  logMessage?: DeviceLogMessage;
}

/**
 * A message of the durable device log: its key (stream and sequence) goes on the alarms it
 * raises, and `replayed` says it may have been handled before a crash (handled again, it must
 * raise nothing twice).
 */
export interface DeviceLogMessage {
  key: string;
  replayed: boolean;
}

export interface DeviceStatusEvent extends DeviceEventBase {
  online: boolean;
  /** Why: a status message, the broker's last will, silence past three report intervals, or its first message after that. */
  reason: 'message' | 'lastWill' | 'silence' | 'returned';
  /** Online state before this event. */
  wasOnline: boolean;
  status: Omit<StatusMessage, 'online'>;
}

export interface DeviceSamplesEvent extends DeviceEventBase {
  samples: TelemetrySample[];
}

export interface DeviceSensedEvent extends DeviceEventBase {
  /** The sub-device that sensed it (a gateway reports for it); its own type and placement. */
  subDevice: ({ deviceId: string; deviceType: number } & DevicePlacement) | null;
  event: EventMessage;
}

export interface DeviceAckEvent extends DeviceEventBase {
  ack: AckMessage;
}
