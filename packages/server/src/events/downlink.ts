import type { CommandMessage } from '@vigil/contracts';

/**
 * Sends a command to a device on its `cmd` channel (MQTT, or the HTTP poll for devices
 * that use HTTP). Implemented by ingest; modules that configure, restart, pair or
 * upgrade devices depend on this interface only. The device answers on `ack`, which
 * ingest publishes as a `device.ack` event.
 */
export interface Downlink {
  send(deviceId: string, message: CommandMessage): Promise<void>;
}
