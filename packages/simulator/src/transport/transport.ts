import type { CommandMessage, DEVICE_UPLINK_CHANNELS } from '@vigil/contracts';

export type UplinkChannel = (typeof DEVICE_UPLINK_CHANNELS)[number];

/** What a transport tells the device it carries. */
export interface LinkHandlers {
  /** The link is up (first time or again): the device announces itself. */
  connected(): void;
  /** A command arrived on `cmd` (already validated). */
  command(message: CommandMessage): void;
  /** A problem worth a log line (refused credentials, unreachable broker). */
  problem(message: string): void;
}

export type CloseMode = 'announce' | 'crash' | 'silent';

/** One device's link to Vigil. */
export interface DeviceLink {
  publish(channel: UplinkChannel, message: object, options?: { retain?: boolean }): Promise<void>;
  /**
   * Drops the link. `announce`: switched off on purpose, says `{"online":false}` first;
   * `crash`: a power cut, over MQTT the socket just closes and the broker publishes the
   * last will; `silent`: a clean disconnect that says nothing (test clean-up).
   */
  close(mode: CloseMode): Promise<void>;
  /** Removes the retained status from the broker (test clean-up on a shared broker); HTTP has none. */
  clearRetained(): Promise<void>;
}

/** MQTT or HTTP: opens a link per device. */
export interface Transport {
  readonly name: 'mqtt' | 'http';
  open(device: { deviceId: string; key: string }, handlers: LinkHandlers): DeviceLink;
}
