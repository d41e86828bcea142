import { openDeviceKeySeal } from '../../packages/server/src/ingest/device-key-seal.ts';
import type { RunningVigil } from './vigil.ts';

/**
 * Device keys as the running Vigil keeps them (docs/devices.md "Device key": sealed with the
 * device-key secret of its data dir): for specs that put a device into the database themselves,
 * or read a demo device's key from it.
 */
export function deviceKeysOf(vigil: RunningVigil): { seal(plain: string): string; open(sealed: string): string } {
  const seal = openDeviceKeySeal(vigil.dataDir, process.env.VIGIL_DEVICE_KEY_SECRET);
  return {
    seal: (plain) => seal.seal(plain),
    open(sealed) {
      const plain = seal.open(sealed);
      if (plain === null) throw new Error('a device key in the database does not open with the server\'s device-key secret');
      return plain;
    },
  };
}
