import {
  FIRMWARE_ENTRIES_MAX,
  FIRMWARE_EXPANDED_MAX_BYTES,
  FIRMWARE_MANIFEST_MAX_BYTES,
  FIRMWARE_MANIFEST_NAME,
  firmwareManifestSchema,
  type FirmwareManifest,
} from '@vigil/contracts';
import { errors } from '../../http/errors.ts';
import { checkZip, nameProblem, withFileSource, ZipRefusal } from '../../zip/strict-zip.ts';

const MB = 1024 * 1024;

/** True when an entry name would land outside the extraction folder (or is no plain relative path: zip/strict-zip.ts). */
export function escapesRoot(name: string): boolean {
  return nameProblem(name, { directory: name.endsWith('/') }) !== null;
}

/** A refusal of the strict zip reader as the firmware upload's message. */
function firmwareError(error: unknown): unknown {
  if (!(error instanceof ZipRefusal)) return error;
  switch (error.reason) {
    case 'tooMany':
      return errors.badRequest('firmware.zipEntries', { max: FIRMWARE_ENTRIES_MAX });
    case 'tooLarge':
      return errors.badRequest('firmware.zipBomb', { max: FIRMWARE_EXPANDED_MAX_BYTES / MB });
    case 'badName':
    case 'link':
      return errors.badRequest('firmware.zipTraversal', { name: (error.entry ?? '').replace(/[^\x20-\x7e]/g, '?').slice(0, 80) });
    default:
      return errors.badRequest('firmware.zipBroken');
  }
}

/**
 * Checks a stored firmware zip (in a worker: never on the event loop) with the strict zip reader
 * (zip/strict-zip.ts: local headers against the central directory, nothing hidden, no links, plain
 * names, the bytes it really expands to), and reads the manifest.
 * Refusals are AppErrors with their message keys.
 */
export async function inspectFirmwareZip(input: { path: string }): Promise<FirmwareManifest> {
  let manifestText: string | null = null;
  try {
    const { kept } = await withFileSource(input.path, (source) =>
      checkZip(
        source,
        { entriesMax: FIRMWARE_ENTRIES_MAX, totalMax: FIRMWARE_EXPANDED_MAX_BYTES, partMax: (name) => (name === FIRMWARE_MANIFEST_NAME ? FIRMWARE_MANIFEST_MAX_BYTES : FIRMWARE_EXPANDED_MAX_BYTES) },
        (entry) => entry.name === FIRMWARE_MANIFEST_NAME,
      ),
    );
    manifestText = kept.get(FIRMWARE_MANIFEST_NAME)?.toString('utf8') ?? null;
  } catch (error) {
    if (error instanceof ZipRefusal && error.reason === 'tooLarge' && error.entry === FIRMWARE_MANIFEST_NAME) throw errors.badRequest('firmware.manifestMissing');
    throw firmwareError(error);
  }
  if (manifestText === null) throw errors.badRequest('firmware.manifestMissing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw errors.badRequest('firmware.manifestMissing');
  }
  const manifest = firmwareManifestSchema.safeParse(parsed);
  if (!manifest.success) throw errors.badRequest('firmware.manifestMissing');
  return manifest.data;
}
