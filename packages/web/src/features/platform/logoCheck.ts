import { LOGO_MAX_BYTES, LOGO_SIZE_PX } from '@vigil/contracts';

/** Why a chosen logo file cannot be used (spec 01 §5: png, 200x200 px, under 100 KB). */
export type LogoProblem =
  | { kind: 'format' }
  | { kind: 'bytes'; sizeKb: number }
  | { kind: 'dimensions'; width: number; height: number };

function isPng(file: File): boolean {
  return file.type === 'image/png' || (file.type === '' && file.name.toLowerCase().endsWith('.png'));
}

function readImageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

/** Checks a logo in the browser before uploading it; null when it is fine (the server checks again). */
export async function findLogoProblem(file: File): Promise<LogoProblem | null> {
  if (!isPng(file)) return { kind: 'format' };
  if (file.size >= LOGO_MAX_BYTES) return { kind: 'bytes', sizeKb: Math.ceil(file.size / 1024) };
  const size = await readImageSize(file);
  if (!size) return { kind: 'format' };
  if (size.width !== LOGO_SIZE_PX || size.height !== LOGO_SIZE_PX) return { kind: 'dimensions', ...size };
  return null;
}
