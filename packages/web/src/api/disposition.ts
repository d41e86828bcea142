/**
 * The file name of a download from its content-disposition header (RFC 6266): the UTF-8
 * `filename*` (RFC 5987) wins over the ASCII `filename` fallback, wherever each stands in the
 * header. Null when neither is there or the name does not decode.
 */
export function fileNameFromDisposition(header: string): string | null {
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const charset = extended[1].trim().toLowerCase();
    try {
      if (charset === 'utf-8' || charset === '') return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed extended name: the plain one below.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  if (!plain) return null;
  const name = (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').trim();
  return name || null;
}
