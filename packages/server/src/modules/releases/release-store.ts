import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file's bytes: where they are and what they hash to. */
export interface StoredBytes {
  id: string;
  size: number;
  md5: string;
}

/** Thrown when a stream passes the size limit; nothing is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

const ID_PATTERN = /^[a-f0-9]{32}$/;

/**
 * Release files on disk (`<VIGIL_DATA_DIR>/releases` by default): written from a stream
 * chunk by chunk with its MD5 computed on the way, never held whole in memory. Files are
 * named by a random id; a write that fails or passes the limit leaves nothing behind.
 */
export function releaseStore(directory: string) {
  let ready: Promise<void> | undefined;
  const ensureDir = () => (ready ??= fs.promises.mkdir(directory, { recursive: true }).then(() => undefined));

  return {
    directory,

    /** The path of a stored file, or null for an id that is not one of ours. */
    pathOf(id: string): string | null {
      return ID_PATTERN.test(id) ? path.join(directory, id) : null;
    },

    async exists(id: string): Promise<boolean> {
      const file = this.pathOf(id);
      if (!file) return false;
      return fs.promises.stat(file).then((stat) => stat.isFile(), () => false);
    },

    /** Streams the source to a new file, with a size limit; answers its id, size and MD5. */
    async write(source: Readable, maxBytes: number, isTruncated: () => boolean = () => false): Promise<StoredBytes> {
      await ensureDir();
      const id = crypto.randomBytes(16).toString('hex');
      const target = path.join(directory, id);
      const hash = crypto.createHash('md5');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new FileTooLargeError(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, fs.createWriteStream(target, { flags: 'wx' }));
        if (isTruncated()) throw new FileTooLargeError(maxBytes);
      } catch (error) {
        await fs.promises.rm(target, { force: true });
        throw error;
      }
      return { id, size, md5: hash.digest('hex') };
    },

    /** A stored file's bytes as a stream, or null when there is no such file. */
    async open(id: string): Promise<Readable | null> {
      return (await this.exists(id)) ? fs.createReadStream(path.join(directory, id)) : null;
    },

    async remove(id: string): Promise<void> {
      const file = this.pathOf(id);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}

/**
 * Where release files live: a directory on disk (the default), or an S3-compatible object
 * store (`S3_URL`, s3-store.ts) so that every Vigil process serves every package. After a
 * `write`, `pathOf` names a local copy the caller may read (firmware inspection).
 */
export interface ReleaseStore {
  pathOf(id: string): string | null;
  exists(id: string): Promise<boolean>;
  write(source: Readable, maxBytes: number, isTruncated?: () => boolean): Promise<StoredBytes>;
  open(id: string): Promise<Readable | null>;
  remove(id: string): Promise<void>;
}
