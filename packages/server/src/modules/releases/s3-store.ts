import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { releaseStore, type ReleaseStore, type StoredBytes } from './release-store.ts';
import type { S3Location } from './s3-url.ts';

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/**
 * Release files in an S3-compatible object store, so that every Vigil process serves every
 * package. An upload is first streamed to a local file (size limit and MD5 on the way, as
 * on disk), then sent to the store with its length; the local file stays as this process's
 * cache and as what `pathOf` names for inspection. A process without a local copy streams
 * the object from the store. Keys are `<prefix>/<area>/<id>`.
 */
export function s3ReleaseStore(location: S3Location, area: string, cacheDirectory: string): ReleaseStore & { client: S3Client } {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    // The SDK's default CRC trailers (STREAMING-UNSIGNED-PAYLOAD-TRAILER) are AWS-only; many
    // S3-compatible stores refuse them. Our integrity check is the MD5 taken on upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(location.credentials ? { credentials: location.credentials } : {}),
  });
  const local = releaseStore(cacheDirectory);
  const keyOf = (id: string) => [location.prefix, area, id].filter(Boolean).join('/');
  const Bucket = location.bucket;

  return {
    client,
    pathOf: (id) => local.pathOf(id),

    async exists(id) {
      if (!local.pathOf(id)) return false;
      if (await local.exists(id)) return true;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(id) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async write(source, maxBytes, isTruncated): Promise<StoredBytes> {
      const stored = await local.write(source, maxBytes, isTruncated);
      const file = local.pathOf(stored.id) ?? '';
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: keyOf(stored.id), Body: fs.createReadStream(file), ContentLength: stored.size, ContentType: 'application/octet-stream' }),
        );
      } catch (error) {
        await local.remove(stored.id);
        throw error;
      }
      return stored;
    },

    async open(id) {
      if (!local.pathOf(id)) return null;
      const cached = await local.open(id);
      if (cached) return cached;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(id) }));
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(id) {
      if (!local.pathOf(id)) return;
      await local.remove(id);
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(id) }));
    },
  };
}
