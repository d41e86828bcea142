import crypto from 'node:crypto';
import { imageSize } from 'image-size';
import { LOGO_MAX_BYTES, LOGO_SIZE_PX } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import type { UploadedFileRepository } from './uploaded-file.repository.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const LOGO_FILE_PATTERN = /^logo-[0-9a-f]{16,64}\.png$/;

/**
 * Checks a logo from its bytes (not its name or declared type): PNG, exactly
 * 200x200 px, under 100 KB. Stores it (in the database) under a content-hash name and answers its URL.
 */
export async function storeLogo(files: UploadedFileRepository, bytes: Buffer, now = Date.now()): Promise<{ url: string }> {
  if (bytes.length >= LOGO_MAX_BYTES) throw errors.tooLarge('upload.logoBytes');
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw errors.badRequest('upload.logoFormat');
  }
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw errors.badRequest('upload.logoFormat');
  }
  if (size.type !== 'png') throw errors.badRequest('upload.logoFormat');
  if (size.width !== LOGO_SIZE_PX || size.height !== LOGO_SIZE_PX) {
    throw errors.badRequest('upload.logoSize', { width: size.width ?? 0, height: size.height ?? 0 });
  }
  const name = `logo-${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.png`;
  // In the database, so every Vigil process serves it (issue 26).
  await files.put(name, 'image/png', bytes, now);
  return { url: `/api/files/${name}` };
}
