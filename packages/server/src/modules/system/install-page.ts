import fs from 'node:fs';
import path from 'node:path';
import { ANDROID_PAGE_PATH } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';

/** Where /system/updateHtml keeps the Android install page, under the uploads folder. */
export const INSTALL_PAGE_FILE = 'androidAPK.html';

/**
 * Checks and stores an uploaded install page (spec 02 §7 /system/updateHtml): UTF-8 text without
 * NUL bytes that looks like HTML. Written beside, then renamed over the old page, so a reader never
 * sees half a page.
 */
export function storeInstallPage(uploadsDir: string, bytes: Buffer): { url: string; bytes: number } {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const valid = bytes.length > 0 && !bytes.includes(0) && !text.includes('\uFFFD') && /<\s*(!doctype\s+html|html|body|head|p|h1|div|a)\b/i.test(text);
  if (!valid) throw errors.badRequest('upload.htmlInvalid');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const target = path.join(uploadsDir, INSTALL_PAGE_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, bytes);
  fs.renameSync(temporary, target);
  return { url: ANDROID_PAGE_PATH, bytes: bytes.length };
}
