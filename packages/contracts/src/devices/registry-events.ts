import type { DevicePlacement } from './events.ts';

/** What happened to a device in the registry (docs/devices.md). */
export const DEVICE_CHANGES = ['registered', 'added', 'edited', 'bound', 'released', 'deleted', 'keyRotated'] as const;
export type DeviceChange = (typeof DEVICE_CHANGES)[number];

/**
 * A device's registry entry changed (published after the change is committed): ingest
 * refreshes what it caches of the device (key, placement), the socket hub may tell consoles.
 * For `bound` there may be several events, one per device whose link moved.
 */
export interface DeviceChangedEvent extends DevicePlacement {
  /** Plain device ID. */
  deviceId: string;
  deviceType: number;
  change: DeviceChange;
  /** Server time, epoch ms. */
  changedAt: number;
}

declare module './events.ts' {
  interface DomainEventMap {
    /** The registry changed a device: registered into stock, added to a home, edited, bound, released to stock, deleted. */
    'device.changed': DeviceChangedEvent;
  }
}
