import crypto from 'node:crypto';

/**
 * Signed, expiring download links for devices: `<fileId>.<device row id>.<expiry ms>.<signature>`,
 * the signature being HMAC-SHA256 over the first three parts (base64url, 22 characters).
 */
export function downloadTokens(secret: Buffer, now: () => number) {
  const key = crypto.createHmac('sha256', secret).update('firmware-download').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
  return {
    issue(fileId: string, deviceRowId: number, ttlMs: number): string {
      const payload = `${fileId}.${deviceRowId}.${now() + ttlMs}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The file and device of a valid, unexpired token; null otherwise. */
    verify(token: string): { fileId: string; deviceRowId: number } | null {
      const match = /^([a-f0-9]{32})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return null;
      const [, fileId = '', device = '', expiry = '', signature = ''] = match;
      const expected = Buffer.from(sign(`${fileId}.${device}.${expiry}`));
      if (!crypto.timingSafeEqual(expected, Buffer.from(signature)) || Number(expiry) < now()) return null;
      return { fileId, deviceRowId: Number(device) };
    },
  };
}
export type DownloadTokens = ReturnType<typeof downloadTokens>;
