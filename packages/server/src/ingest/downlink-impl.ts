import { CommandMessageSchema, deviceTopic, type CommandMessage } from '@vigil/contracts';
import type { Downlink } from '../events/downlink.ts';
import type { CommandQueueRepository } from './command-queue.repository.ts';

/** A command waits this long for a device that talks HTTP; then it is dropped. */
export const COMMAND_TTL_MS = 10 * 60_000;

/**
 * The downlink: publishes the command on the device's `cmd` topic (QoS 1) and keeps it
 * for COMMAND_TTL_MS for a device that talks HTTP, which gets it in the answer to its next
 * request. The device's `ack` (either way) removes it.
 */
export function createDownlink(options: { publish: (topic: string, payload: string) => Promise<void>; commands: CommandQueueRepository; now: () => number }): Downlink {
  return {
    async send(deviceId: string, message: CommandMessage): Promise<void> {
      const command = CommandMessageSchema.parse(message);
      const payload = JSON.stringify(command);
      await options.commands.enqueue(deviceId, command.id, payload, options.now(), COMMAND_TTL_MS);
      await options.publish(deviceTopic(deviceId, 'cmd'), payload);
    },
  };
}
