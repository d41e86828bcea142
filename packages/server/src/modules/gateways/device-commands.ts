import crypto from 'node:crypto';
import type { DeviceCommandName } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { Downlink } from '../../events/downlink.ts';

/** Sends commands to online devices; an offline device is refused with a clear message (spec 02 §8). */
export function deviceCommands(downlink: Downlink) {
  return {
    async send(device: { device_id: string; online: number }, cmd: DeviceCommandName, args: Record<string, unknown>): Promise<void> {
      if (device.online !== 1) throw errors.conflict('gateway.offline');
      await downlink.send(device.device_id, { id: crypto.randomUUID(), cmd, args });
    },
    /** Sends when online; answers whether it was sent. */
    async sendIfOnline(device: { device_id: string; online: number }, cmd: DeviceCommandName, args: Record<string, unknown>): Promise<boolean> {
      if (device.online !== 1) return false;
      await downlink.send(device.device_id, { id: crypto.randomUUID(), cmd, args });
      return true;
    },
  };
}
export type DeviceCommands = ReturnType<typeof deviceCommands>;
