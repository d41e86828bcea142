import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What a sealed device key starts with (never the start of a key: keys are hex or base64url, without dots). */
export const SEALED_KEY_PREFIX = 'vk1.';
/** The file under `<VIGIL_DATA_DIR>/keys` that holds the device-key secret (64 hex digits) when VIGIL_DEVICE_KEY_SECRET is not set. */
export const DEVICE_KEY_SECRET_FILE = 'device-key.secret';
/** The server_secrets row naming the secret the device keys are sealed with (its fingerprint, not the secret). */
export const DEVICE_KEY_FINGERPRINT = 'device-key.fingerprint';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Device keys at rest (docs/devices.md "Device key"): the database holds each key sealed with
 * AES-256-GCM under a secret that is not in the database (the data dir's keys/device-key.secret,
 * or VIGIL_DEVICE_KEY_SECRET). A copy of the database alone (a dump, a stolen vigil.db, a
 * read-only database account) neither shows a key nor lets anyone plant one: a sealed value that
 * was not made with the secret does not open. Encrypted rather than hashed because Vigil must
 * show a key to the vendor again, hand it to the demo's simulator, and write Mosquitto's password
 * file (whose PBKDF2 hashes are made from the plain key).
 */
export function deviceKeySeal(secret: Buffer) {
  if (secret.length !== 32) throw new Error('the device-key secret must be 32 bytes (64 hex digits)');
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'vigil device keys v1', 32));
  return {
    /** Seals a plain key (a fresh IV each time: the same key seals to different text). */
    seal(plain: string): string {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_KEY_PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    /** The plain key of a value this secret sealed; null for anything else (plain, altered, another secret's). */
    open(sealed: string | null): string | null {
      if (sealed === null || !sealed.startsWith(SEALED_KEY_PREFIX)) return null;
      const [ivText, bodyText, ...rest] = sealed.slice(SEALED_KEY_PREFIX.length).split('.');
      if (ivText === undefined || bodyText === undefined || rest.length > 0) return null;
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length <= TAG_BYTES) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    /**
     * Names the secret without revealing it (HMAC of a fixed label): kept in the database, so a
     * process holding another secret refuses to start instead of locking every device out.
     */
    fingerprint: crypto.createHmac('sha256', secret).update('vigil device-key fingerprint v1').digest('hex'),
  };
}
export type DeviceKeySeal = ReturnType<typeof deviceKeySeal>;

/** A 64-hex-digit secret as bytes, or an error naming where it came from. */
function parseSecret(text: string, from: string): Buffer {
  const trimmed = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(trimmed)) throw new Error(`${from} must be 64 hex digits (32 random bytes, e.g. \`openssl rand -hex 32\`)`);
  return Buffer.from(trimmed, 'hex');
}

/**
 * The installation's device-key secret: VIGIL_DEVICE_KEY_SECRET when set (several hosts share it
 * that way), else `<dataDir>/keys/device-key.secret`, made on the first start (0600). Two
 * processes starting at once on one data dir agree: the file appears whole or not at all (written
 * aside, then linked into place; the loser reads the winner's).
 */
export function loadDeviceKeySecret(dataDir: string, fromEnv: string | null | undefined): Buffer {
  if (fromEnv?.trim()) return parseSecret(fromEnv, 'VIGIL_DEVICE_KEY_SECRET');
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, DEVICE_KEY_SECRET_FILE);
  try {
    return parseSecret(fs.readFileSync(file, 'utf8'), file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return parseSecret(fs.readFileSync(file, 'utf8'), file);
}

/** The seal of an installation (see loadDeviceKeySecret). */
export function openDeviceKeySeal(dataDir: string, fromEnv: string | null | undefined): DeviceKeySeal {
  return deviceKeySeal(loadDeviceKeySecret(dataDir, fromEnv));
}

/** Why a process may not use this database's device keys: it holds another secret than the one that sealed them. */
export function deviceKeySecretMismatch(): Error {
  return new Error(
    'The device keys in this database were sealed with another device-key secret than this process holds: copy keys/device-key.secret ' +
      'from the data dir of the Vigil that sealed them (or give every process the same VIGIL_DEVICE_KEY_SECRET). Starting anyway would lock every device out.',
  );
}
