import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_UPLINK_CHANNELS, TOPIC_ROOT } from '@vigil/contracts';
import type { Db } from '../db/database.ts';
import type { DeviceKeySeal } from './device-key-seal.ts';
import { deviceStateRepository } from './device-state.repository.ts';

/** Mosquitto 2's password hash: PBKDF2-SHA512, 101 iterations, 12-byte salt (`$7$`). */
const ITERATIONS = 101;

/** One password_file line for Mosquitto (the format mosquitto_passwd writes). */
export function mosquittoPasswordLine(userName: string, password: string, salt = crypto.randomBytes(12)): string {
  const hash = crypto.pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512');
  return `${userName}:$7$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The ACL: Vigil's account reads and writes every device topic; a device only its own (%u = its ID). */
export function mosquittoAcl(serverUser: string): string {
  return [
    '# Written by Vigil (npm run mqtt:mosquitto-auth). Devices log in with their ID and key.',
    `user ${serverUser}`,
    `topic readwrite ${TOPIC_ROOT}/#`,
    '',
    ...DEVICE_UPLINK_CHANNELS.map((channel) => `pattern write ${TOPIC_ROOT}/%u/${channel}`),
    `pattern read ${TOPIC_ROOT}/%u/cmd`,
    '',
  ].join('\n');
}

/**
 * Writes Mosquitto's password_file and acl_file from the device registry (README "External
 * MQTT broker"): every device with its key, plus Vigil's own account. The registry holds the keys
 * sealed (docs/devices.md "Device key"): they are opened here with the installation's device-key
 * secret, and Mosquitto gets only its own PBKDF2 hashes of them (the file is 0600). A key that
 * does not open (not sealed by this installation) is left out and counted. Reload Mosquitto
 * (SIGHUP) after each run; run again when devices are added or keys change.
 */
export async function writeMosquittoAuth(
  db: Db,
  dir: string,
  server: { userName: string; password: string },
  deviceKeys: DeviceKeySeal,
  now = Date.now(),
): Promise<{ devices: number; skipped: string[] }> {
  const devices = await deviceStateRepository(db).keys();
  // Mosquitto holds one password per user: during a key rotation's grace the key the device still
  // uses (docs/devices.md "Key rotation"); once it confirmed the new one (or the grace ended), that.
  const keyOf = (device: (typeof devices)[number]) => deviceKeys.open(device.previous_key !== null && Number(device.previous_key_until ?? 0) > now ? device.previous_key : device.device_key);
  const lines = [mosquittoPasswordLine(server.userName, server.password)];
  const skipped: string[] = [];
  for (const device of devices) {
    const key = keyOf(device);
    if (key === null) skipped.push(device.device_id);
    else lines.push(mosquittoPasswordLine(device.device_id, key));
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'vigil.passwd'), `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'vigil.acl'), mosquittoAcl(server.userName));
  return { devices: lines.length - 1, skipped };
}
