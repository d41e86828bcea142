import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors } from '../../http/errors.ts';
import { DEVICE_KEY_FINGERPRINT, deviceKeySecretMismatch, type DeviceKeySeal } from '../../ingest/device-key-seal.ts';
import type { ServerSecretRepository } from './server-secret.repository.ts';

/** The RSA key pair (made on first start, kept in the database for every process) and the fast-login secret. */
export interface KeyStore {
  publicKeyPem: string;
  /** Decrypts base64 RSA-OAEP (SHA-256) ciphertext to the UTF-8 password. */
  decryptPassword(ciphertextBase64: string): string;
  /** Secret for the fast-login HMAC. */
  ssoSecret: Buffer;
  /** Secret that signs device ciphertext IDs (the QR codes; docs/devices.md). */
  deviceCipherSecret: Buffer;
}

/** The legacy file under `<dataDir>/keys` (before issue 26 each process kept its own), if any. */
function legacyFile(dir: string, name: string): string | null {
  try {
    return fs.readFileSync(path.join(dir, name), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The installation's secret of that name, shared by every process: read from the database, or
 * made once (from the legacy key file when this installation had one, so existing device codes
 * and logins stay valid; otherwise new). Two processes starting at once both insert "if absent"
 * and both read back the one that won, so they never hold different keys.
 */
async function sharedSecret(secrets: ServerSecretRepository, name: string, create: () => string, legacyDir: string): Promise<string> {
  const read = () => secrets.read(name);
  const existing = await read();
  if (existing !== undefined) return existing;
  const value = legacyFile(legacyDir, name) ?? create();
  await secrets.insertIfAbsent(name, value, Date.now());
  const stored = await read();
  if (stored === undefined) throw new Error(`server secret ${name} could not be stored`);
  return stored;
}

/**
 * Loads the keys every process shares from the database (issue 26), making them on the first
 * start of the installation (taking over `<dataDir>/keys` when an older version left them there).
 */
export async function openKeyStore(secrets: ServerSecretRepository, dataDir: string): Promise<KeyStore> {
  const dir = path.join(dataDir, 'keys');
  const privatePem = await sharedSecret(secrets, 'rsa-private.pem', () =>
    crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), dir,
  );
  const privateKey = crypto.createPrivateKey(privatePem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const ssoSecret = Buffer.from((await sharedSecret(secrets, 'sso.secret', () => crypto.randomBytes(32).toString('hex'), dir)).trim(), 'hex');
  const deviceCipherSecret = Buffer.from((await sharedSecret(secrets, 'device-cipher.secret', () => crypto.randomBytes(32).toString('hex'), dir)).trim(), 'hex');
  return {
    publicKeyPem,
    ssoSecret,
    deviceCipherSecret,
    decryptPassword(ciphertextBase64) {
      try {
        // OAEP, unlike PKCS#1 v1.5, is allowed by Node 20 without --security-revert.
        const plain = crypto.privateDecrypt(
          { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertextBase64, 'base64'),
        );
        return plain.toString('utf8');
      } catch {
        throw errors.badRequest('auth.rsaInvalid');
      }
    },
  };
}

/**
 * Refuses to go on with another device-key secret than the one this database's device keys are
 * sealed with (its fingerprint, written by migration 023 or the first process): such a process
 * could open no key, so every device would be refused.
 */
export async function checkDeviceKeySecret(secrets: ServerSecretRepository, deviceKeys: DeviceKeySeal, options: { readOnly?: boolean } = {}): Promise<void> {
  if (!options.readOnly) await secrets.insertIfAbsent(DEVICE_KEY_FINGERPRINT, deviceKeys.fingerprint, Date.now());
  const stored = await secrets.read(DEVICE_KEY_FINGERPRINT);
  if (stored === undefined) throw new Error('This database has no sealed device keys yet: start Vigil on it once (its migrations seal the keys), then run this again.');
  if (stored !== deviceKeys.fingerprint) throw deviceKeySecretMismatch();
}

/** The fast-login signature: hex HMAC-SHA256 of `userName:timestamp`. */
export function ssoSignature(secret: Buffer, userName: string, timestamp: number): string {
  return crypto.createHmac('sha256', secret).update(`${userName}:${timestamp}`).digest('hex');
}
