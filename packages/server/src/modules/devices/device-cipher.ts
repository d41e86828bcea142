import crypto from 'node:crypto';
import { DEVICE_CIPHER_PREFIX, looksLikeDeviceCipher } from '@vigil/contracts';

const MAC_BYTES = 12;
const VERSION_LABEL = 'v1:';

/**
 * Ciphertext IDs (the QR code on a device, docs/devices.md): `V1.` + base64url(plain ID)
 * + `.` + base64url(first 12 bytes of HMAC-SHA256(secret, "v1:" + plain ID)). Anyone can
 * read the plain ID back; only this server (with the secret in keys/device-cipher.secret)
 * can make a code that verifies, so a scanned code is known to be one Vigil printed.
 */
export function deviceCipher(secret: Buffer) {
  const mac = (plainId: string) => crypto.createHmac('sha256', secret).update(`${VERSION_LABEL}${plainId}`).digest().subarray(0, MAC_BYTES);
  const encode = (plainId: string): string => `${DEVICE_CIPHER_PREFIX}${Buffer.from(plainId, 'utf8').toString('base64url')}.${mac(plainId).toString('base64url')}`;
  return {
    encode,
    /** The plain ID of a genuine code; null for anything else (wrong shape, forged or altered). */
    decode(cipherId: string): string | null {
      const text = cipherId.trim();
      if (!looksLikeDeviceCipher(text)) return null;
      const [, body, signature] = text.split('.');
      const plainId = Buffer.from(body, 'base64url').toString('utf8');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(plainId);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      // base64url decoding is lenient: insist the code is exactly the one we would print.
      return encode(plainId) === text ? plainId : null;
    },
  };
}
export type DeviceCipher = ReturnType<typeof deviceCipher>;

/** A new device key (the device's MQTT password / HTTP bearer token): 256 random bits, hex. */
export function newDeviceKey(): string {
  return crypto.randomBytes(32).toString('hex');
}
