import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_ENTRIES_MAX, RELEASE_EXPANDED_MAX_BYTES } from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import { checkZip, inflateZipEntry, readZipEntries, withFileSource, ZipRefusal } from '../../zip/strict-zip.ts';

const MB = 1024 * 1024;

/** A refusal of the strict zip reader as the package upload's message. */
function packageError(error: unknown): unknown {
  if (!(error instanceof ZipRefusal)) return error;
  switch (error.reason) {
    case 'tooMany':
      return errors.badRequest('release.packageEntries', { max: RELEASE_ENTRIES_MAX });
    case 'tooLarge':
      return errors.badRequest('release.packageBomb', { max: RELEASE_EXPANDED_MAX_BYTES / MB });
    case 'badName':
    case 'link':
      return errors.badRequest('release.packageUnsafeEntry', { name: (error.entry ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 80) });
    default:
      return errors.badRequest('release.packageBroken');
  }
}

/**
 * Checks a stored app package or H5 file (.apk, .ipa, .zip, .wgt: all zips) in a worker with the
 * strict zip reader, as firmware is checked (zip/strict-zip.ts: local headers against the central
 * directory, nothing hidden, no links, plain names, the bytes it really expands to). An .apk may
 * carry its signing block before the central directory (APK Signature Scheme v2+), nothing else.
 * Refusals are AppErrors with their message keys; answers how many entries the package has.
 */
export async function inspectReleasePackage(input: { path: string; apk: boolean }): Promise<number> {
  try {
    const { entries } = await withFileSource(input.path, (source) =>
      checkZip(source, { entriesMax: RELEASE_ENTRIES_MAX, totalMax: RELEASE_EXPANDED_MAX_BYTES, partMax: () => RELEASE_EXPANDED_MAX_BYTES, apkSigningBlock: input.apk }),
    );
    if (!entries.some((entry) => !entry.directory)) throw errors.badRequest('release.packageBroken');
    return entries.length;
  } catch (error) {
    throw packageError(error);
  }
}

/** Where an H5 package's page must be for `/app/` to serve it. */
export const H5_INDEX = 'index.html';

/** An H5 package's entries (the central directory only, no inflating): it must hold index.html at its top. */
export async function inspectH5Package(input: { path: string }): Promise<number> {
  try {
    const entries = await withFileSource(input.path, (source) => readZipEntries(source, { entriesMax: RELEASE_ENTRIES_MAX }));
    if (!entries.some((entry) => !entry.directory && entry.name === H5_INDEX)) throw errors.badRequest('release.h5NoIndex');
    return entries.length;
  } catch (error) {
    throw packageError(error);
  }
}

/**
 * Unpacks an H5 package into `target` (docs/releases.md "What /app/ serves"): the strict zip
 * reader checks the structure and every name, and each entry is inflated with the bytes that really
 * come out counted against what is left of RELEASE_EXPANDED_MAX_BYTES, straight to its file. It is
 * written to a folder of its own first and renamed into place whole, so `/app/` never serves half a
 * package; a refusal leaves nothing behind. Answers the bytes written.
 */
export async function unpackH5Package(input: { path: string; target: string }): Promise<number> {
  const staging = `${input.target}.part-${crypto.randomBytes(6).toString('hex')}`;
  try {
    const total = await withFileSource(input.path, async (source) => {
      const entries = await readZipEntries(source, { entriesMax: RELEASE_ENTRIES_MAX });
      if (!entries.some((entry) => !entry.directory && entry.name === H5_INDEX)) throw errors.badRequest('release.h5NoIndex');
      await fs.promises.mkdir(staging, { recursive: true, mode: 0o700 });
      let written = 0;
      for (const entry of entries) {
        const parts = entry.name.replace(/\/$/, '').split('/');
        const file = path.join(staging, ...parts);
        // Names passed nameProblem (no absolute or parent paths); this guards the join all the same.
        if (!file.startsWith(staging + path.sep)) throw new ZipRefusal('badName', entry.name);
        if (entry.directory) {
          await fs.promises.mkdir(file, { recursive: true, mode: 0o700 });
          continue;
        }
        await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        const fd = fs.openSync(file, 'wx', 0o600);
        try {
          written += await inflateZipEntry(source, entry, RELEASE_EXPANDED_MAX_BYTES - written, (chunk) => {
            fs.writeSync(fd, chunk);
          });
        } finally {
          fs.closeSync(fd);
        }
      }
      return written;
    });
    try {
      await fs.promises.rename(staging, input.target);
    } catch (error) {
      // Another process unpacked the same file first: its copy is the same bytes.
      if (!(await fs.promises.stat(path.join(input.target, H5_INDEX)).then(() => true, () => false))) throw error;
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
    return total;
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    throw packageError(error);
  }
}
