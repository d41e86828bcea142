import { CommandMessageSchema, deviceTopic, type CommandMessage } from '@vigil/contracts';
import type { Downlink } from '../events/downlink.ts';
import type { CommandQueueRepository } from './command-queue.repository.ts';
import type { DeviceKeySeal } from './device-key-seal.ts';

/** A command waits this long for a device that talks HTTP; then it is dropped. */
export const COMMAND_TTL_MS = 10 * 60_000;

/**
 * The downlink: publishes the command on the device's `cmd` topic (QoS 1) for a device that talks
 * MQTT, and keeps it for COMMAND_TTL_MS for a device that talks HTTP, which gets it in the answer
 * to its next request. The device's `ack` (either way) removes it.
 */
export function createDownlink(options: {
  publish: (topic: string, payload: string) => Promise<void>;
  commands: CommandQueueRepository;
  /** Queued commands are kept sealed: a rotateKey command carries the device's new key. */
  deviceKeys: DeviceKeySeal;
  now: () => number;
  /** How the device talked last; undefined when this process has not heard from it. */
  transportOf?: (deviceId: string) => 'mqtt' | 'http' | undefined;
}): Downlink {
  return {
    async send(deviceId: string, message: CommandMessage): Promise<void> {
      const command = CommandMessageSchema.parse(message);
      const payload = JSON.stringify(command);
      // The channel the device uses: an MQTT device gets it on `cmd` only (not again in an HTTP answer),
      // an HTTP device in its next answer only; one not heard from yet, both ways.
      const via = options.transportOf?.(deviceId);
      if (via !== 'mqtt') await options.commands.enqueue(deviceId, command.id, options.deviceKeys.seal(payload), options.now(), COMMAND_TTL_MS);
      if (via !== 'http') await options.publish(deviceTopic(deviceId, 'cmd'), payload);
    },
  };
}
