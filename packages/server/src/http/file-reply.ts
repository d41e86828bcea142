import type { FastifyReply } from 'fastify';

/** A file download: what an operation answers instead of the JSON envelope (the registrar sends it). */
export class FileReply {
  constructor(
    readonly fileName: string,
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}

/** RFC 5987 value characters (attr-char): everything else is percent-encoded UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The content-disposition of every download (RFC 6266): an ASCII fallback `filename` (other
 * characters, quotes, backslashes and controls as `_`) and the UTF-8 `filename*` (RFC 5987),
 * so 陈淑珍's report keeps her name where the browser reads filename*.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** Sends a file named by content-disposition (ASCII fallback plus RFC 5987 UTF-8 name), never cached. */
export function sendFileReply(reply: FastifyReply, file: FileReply): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.bytes);
}
