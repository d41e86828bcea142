import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors } from '../../http/errors.ts';

/** The RSA key pair (made on first start, kept in the data dir) and the fast-login secret. */
export interface KeyStore {
  publicKeyPem: string;
  /** Decrypts base64 RSA-OAEP (SHA-256) ciphertext to the UTF-8 password. */
  decryptPassword(ciphertextBase64: string): string;
  /** Secret for the fast-login HMAC. */
  ssoSecret: Buffer;
  /** Secret that signs device ciphertext IDs (the QR codes; docs/devices.md). */
  deviceCipherSecret: Buffer;
}

function readOrCreate(file: string, create: () => string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    const value = create();
    try {
      // 'wx' fails if another process wrote it first; then read theirs.
      fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
      return value;
    } catch {
      return fs.readFileSync(file, 'utf8');
    }
  }
}

/** Loads the keys from `<dataDir>/keys`, creating them on first start. */
export function openKeyStore(dataDir: string): KeyStore {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privatePem = readOrCreate(path.join(dir, 'rsa-private.pem'), () =>
    crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const privateKey = crypto.createPrivateKey(privatePem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const ssoSecret = Buffer.from(readOrCreate(path.join(dir, 'sso.secret'), () => crypto.randomBytes(32).toString('hex')).trim(), 'hex');
  const deviceCipherSecret = Buffer.from(readOrCreate(path.join(dir, 'device-cipher.secret'), () => crypto.randomBytes(32).toString('hex')).trim(), 'hex');
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

/** The fast-login signature: hex HMAC-SHA256 of `userName:timestamp`. */
export function ssoSignature(secret: Buffer, userName: string, timestamp: number): string {
  return crypto.createHmac('sha256', secret).update(`${userName}:${timestamp}`).digest('hex');
}
