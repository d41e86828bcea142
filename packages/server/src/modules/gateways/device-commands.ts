import type { DeviceCommand, DeviceCommandName } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';

/** The devices module's command service (device-commands.service.ts): records each command and tracks the device's ack. */
export interface CommandIssuer {
  issue(deviceRowId: number, cmd: DeviceCommandName, args: Record<string, unknown>): Promise<DeviceCommand>;
}

/** A device row as the gateway and fall-radar services hold it. */
interface CommandTarget {
  id: number;
  online: number;
}

/**
 * Commands of gateways and fall radars (pair, unpair, configure, realtime) go through the devices
 * module's `issue()`, so they are recorded in device_commands and settled by the device's ack like
 * settings changes are. An offline device is refused with a clear message (spec 02 §8).
 */
export function deviceCommands(issuer: CommandIssuer) {
  return {
    /** Sends to an online device; offline, or a send that failed, answers 300 with `gateway.offline`. */
    async send(device: CommandTarget, cmd: DeviceCommandName, args: Record<string, unknown>): Promise<DeviceCommand> {
      if (device.online !== 1) throw errors.conflict('gateway.offline');
      const command = await issuer.issue(device.id, cmd, args);
      if (command.state === 'failed') throw errors.conflict('gateway.offline');
      return command;
    },
    /** Sends when online; answers whether it was sent. */
    async sendIfOnline(device: CommandTarget, cmd: DeviceCommandName, args: Record<string, unknown>): Promise<boolean> {
      if (device.online !== 1) return false;
      const command = await issuer.issue(device.id, cmd, args);
      return command.state !== 'failed';
    },
  };
}
export type DeviceCommands = ReturnType<typeof deviceCommands>;
