import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  FIRMWARE_ENTRIES_MAX,
  FIRMWARE_EXPANDED_MAX_BYTES,
  FIRMWARE_MANIFEST_MAX_BYTES,
  FIRMWARE_MANIFEST_NAME,
  firmwareManifestSchema,
  type FirmwareManifest,
} from '@vigil/contracts';
import { AppError, errors } from '../../http/errors.ts';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_DIRECTORY_MAX_BYTES = 4 * 1024 * 1024;
const MB = 1024 * 1024;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** True when an entry name would land outside the extraction folder. */
export function escapesRoot(name: string): boolean {
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((part) => part === '..');
}

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function centralDirectory(handle: fs.promises.FileHandle, fileSize: number): Promise<Entry[]> {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let end = -1;
  for (let offset = tail.length - 22; offset >= 0; offset--) {
    if (tail.readUInt32LE(offset) === EOCD_SIGNATURE) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw errors.badRequest('firmware.zipBroken');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count > FIRMWARE_ENTRIES_MAX) throw errors.badRequest('firmware.zipEntries', { max: FIRMWARE_ENTRIES_MAX });
  if (directorySize > CENTRAL_DIRECTORY_MAX_BYTES || directoryOffset + directorySize > fileSize) throw errors.badRequest('firmware.zipBroken');
  const directory = await readAt(handle, directoryOffset, directorySize);
  const entries: Entry[] = [];
  let offset = 0;
  let declared = 0;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw errors.badRequest('firmware.zipBroken');
    const nameLength = directory.readUInt16LE(offset + 28);
    const entry: Entry = {
      method: directory.readUInt16LE(offset + 10),
      compressedSize: directory.readUInt32LE(offset + 20),
      size: directory.readUInt32LE(offset + 24),
      name: directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
      localOffset: directory.readUInt32LE(offset + 42),
    };
    offset += 46 + nameLength + directory.readUInt16LE(offset + 30) + directory.readUInt16LE(offset + 32);
    if (escapesRoot(entry.name)) throw errors.badRequest('firmware.zipTraversal', { name: entry.name.slice(0, 80) });
    declared += entry.size;
    if (declared > FIRMWARE_EXPANDED_MAX_BYTES) throw errors.badRequest('firmware.zipBomb', { max: FIRMWARE_EXPANDED_MAX_BYTES / MB });
    entries.push(entry);
  }
  return entries;
}

/**
 * Inflates one entry from the file as a stream, counting what comes out against the
 * remaining budget (headers may lie about sizes); keeps the bytes only when asked.
 */
async function inflateEntry(path: string, handle: fs.promises.FileHandle, entry: Entry, budget: number, keep: number): Promise<{ expanded: number; kept: Buffer }> {
  const header = await readAt(handle, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw errors.badRequest('firmware.zipBroken');
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return { expanded: 0, kept: Buffer.alloc(0) };
  const source = fs.createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  let expanded = 0;
  const chunks: Buffer[] = [];
  let keptBytes = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      expanded += chunk.length;
      if (expanded > budget) return done(errors.badRequest('firmware.zipBomb', { max: FIRMWARE_EXPANDED_MAX_BYTES / MB }));
      if (keptBytes < keep) {
        chunks.push(chunk.subarray(0, keep - keptBytes));
        keptBytes += Math.min(chunk.length, keep - keptBytes);
      }
      done();
    },
  });
  if (entry.method === 0) await pipeline(source, counter);
  else if (entry.method === 8) {
    await pipeline(source, zlib.createInflateRaw(), counter).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      throw errors.badRequest('firmware.zipBroken');
    });
  } else throw errors.badRequest('firmware.zipBroken');
  return { expanded, kept: Buffer.concat(chunks) };
}

/**
 * Checks a stored firmware zip (in a worker: never on the event loop): entry count, names
 * (no path traversal), the bytes it really expands to (zip bombs), and reads the manifest.
 * Refusals are AppErrors with their message keys.
 */
export async function inspectFirmwareZip(input: { path: string }): Promise<FirmwareManifest> {
  const handle = await fs.promises.open(input.path, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await centralDirectory(handle, size);
    let budget = FIRMWARE_EXPANDED_MAX_BYTES;
    let manifestText: string | null = null;
    for (const entry of entries) {
      const isManifest = entry.name === FIRMWARE_MANIFEST_NAME;
      const result = await inflateEntry(input.path, handle, entry, budget, isManifest ? FIRMWARE_MANIFEST_MAX_BYTES + 1 : 0);
      budget -= result.expanded;
      if (isManifest) manifestText = result.kept.length > FIRMWARE_MANIFEST_MAX_BYTES ? null : result.kept.toString('utf8');
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
  } finally {
    await handle.close();
  }
}
