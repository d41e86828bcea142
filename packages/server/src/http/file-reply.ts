import type { FastifyReply } from 'fastify';

/** A file download: what an operation answers instead of the JSON envelope (the registrar sends it). */
export class FileReply {
  constructor(
    readonly fileName: string,
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}

/** Sends a file named by content-disposition (ASCII fallback plus RFC 5987 UTF-8 name), never cached. */
export function sendFileReply(reply: FastifyReply, file: FileReply): FastifyReply {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .send(file.bytes);
}
