import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * One zip reader for every uploaded zip (spreadsheets, firmware, app packages) that trusts nothing
 * (docs/uploads.md "Zip files"): the end record, the central directory and every local header are
 * read and must agree; the entries must tile the file with nothing hidden between or around them;
 * names must be plain relative paths without control or bidi characters; links, encryption, ZIP64
 * and methods other than stored and deflate are refused; and every entry is inflated (streaming,
 * node:zlib) counting the bytes that really come out against a budget per part and in all, then
 * checked against its declared size and CRC-32. Built on node:zlib rather than a zip library
 * because none of them compares local headers with the central directory or refuses hidden data.
 */

export type ZipRefusalReason =
  | 'notZip' // no end record, or structure that does not parse
  | 'unsupported' // ZIP64, multi-disk, encryption, a method other than stored (0) or deflate (8)
  | 'mismatch' // a local header that says something else than the central directory
  | 'hidden' // bytes between, before or after the entries that no entry accounts for, overlapping entries
  | 'link' // a symbolic link or other special file
  | 'badName' // absolute or parent paths, backslashes, control or bidi characters, duplicates
  | 'tooMany' // more entries than allowed
  | 'tooLarge' // a part, or everything, inflates past its budget
  | 'corrupt'; // inflates to other bytes than declared (size or CRC)

export class ZipRefusal extends Error {
  constructor(
    readonly reason: ZipRefusalReason,
    readonly entry: string | null = null,
  ) {
    super(`zip refused (${reason})${entry ? `: ${entry.slice(0, 80)}` : ''}`);
  }
}

/** Random access to the zip's bytes (a buffer in memory, or a file read where it lies). */
export interface ZipSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Buffer): ZipSource {
  return { size: bytes.length, read: async (position, length) => bytes.subarray(position, Math.min(bytes.length, position + length)) };
}

export async function withFileSource<T>(path: string, use: (source: ZipSource) => Promise<T>): Promise<T> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await use({
      size,
      async read(position, length) {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

export interface ZipLimits {
  entriesMax: number;
  /**
   * An Android package's signing block (APK Signature Scheme v2+) may sit between the last entry
   * and the central directory: only that structure, whole and consistent, and nothing else.
   */
  apkSigningBlock?: boolean;
  /** Bytes all entries may inflate to together. */
  totalMax: number;
  /** Bytes one entry may inflate to (by name: e.g. xl/sharedStrings.xml gets less). */
  partMax(name: string): number;
}

export interface ZipEntry {
  name: string;
  directory: boolean;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** Where the entry's compressed bytes start. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const NAME_MAX_BYTES = 255;
const APK_SIGNING_MAGIC = Buffer.from('APK Sig Block 42', 'latin1');
/** Real signing blocks are a few kilobytes (v2/v3 signatures, padding to 4 KiB). */
const APK_SIGNING_BLOCK_MAX = 1024 * 1024;
/** Controls, DEL, C1 controls, bidi overrides/isolates/marks, zero-width characters, BOM. */
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a name may not be an entry (or a file name of a package): null when it is a plain relative path. */
export function nameProblem(name: string, options: { directory?: boolean } = {}): string | null {
  if (name.length === 0) return 'empty';
  if (Buffer.byteLength(name) > NAME_MAX_BYTES) return 'long';
  if (FORBIDDEN_CHARACTERS.test(name)) return 'control or bidi character';
  if (name.includes('\\')) return 'backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'absolute';
  const parts = (options.directory ? name.replace(/\/$/, '') : name).split('/');
  if (parts.some((part) => part === '..' || part === '.')) return 'parent path';
  if (parts.some((part) => part === '')) return 'empty path part';
  return null;
}

function decodeName(bytes: Buffer, flags: number): string {
  // Without the UTF-8 flag a name is CP437: only plain ASCII is taken unambiguously.
  if ((flags & FLAG_UTF8) === 0 && bytes.some((byte) => byte >= 0x80)) throw new ZipRefusal('badName', bytes.toString('latin1'));
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ZipRefusal('badName', bytes.toString('latin1'));
  }
}

/**
 * Whether the bytes [start, end) are exactly one APK signing block: size (uint64), ID-value pairs
 * (each: uint64 length, uint32 ID, value) that fill it exactly, the same size again, the magic.
 */
async function isApkSigningBlock(source: ZipSource, start: number, end: number): Promise<boolean> {
  const length = end - start;
  if (length < 32 || length > APK_SIGNING_BLOCK_MAX) return false;
  const block = await source.read(start, length);
  if (block.length !== length || !block.subarray(length - 16).equals(APK_SIGNING_MAGIC)) return false;
  const size = block.readBigUInt64LE(0);
  if (size !== BigInt(length - 8) || block.readBigUInt64LE(length - 24) !== size) return false;
  let at = 8;
  while (at < length - 24) {
    if (at + 12 > length - 24) return false;
    const pair = block.readBigUInt64LE(at);
    if (pair < 4n || pair > BigInt(length - 24 - at - 8)) return false;
    at += 8 + Number(pair);
  }
  return at === length - 24;
}

/** Reads and cross-checks the structure (no inflating yet): the entries in file order. */
export async function readZipEntries(source: ZipSource, limits: Pick<ZipLimits, 'entriesMax' | 'apkSigningBlock'>): Promise<ZipEntry[]> {
  if (source.size < 22) throw new ZipRefusal('notZip');
  const tailLength = Math.min(source.size, 22 + 0xffff);
  const tailStart = source.size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  let end = -1;
  for (let offset = tail.length - 22; offset >= 0; offset--) {
    if (tail.readUInt32LE(offset) === EOCD && offset + 22 + tail.readUInt16LE(offset + 20) === tail.length) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw new ZipRefusal('notZip');
  const disk = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  const countHere = tail.readUInt16LE(end + 8);
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (disk !== 0 || directoryDisk !== 0 || countHere !== count) throw new ZipRefusal('unsupported');
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw new ZipRefusal('unsupported');
  if (count > limits.entriesMax) throw new ZipRefusal('tooMany');
  // The central directory ends where the end record starts: nothing hidden between them.
  if (directoryOffset + directorySize !== tailStart + end) throw new ZipRefusal('hidden');
  const directory = await source.read(directoryOffset, directorySize);
  if (directory.length !== directorySize) throw new ZipRefusal('notZip');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let offset = 0;
  for (let index = 0; index < count; index++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== CENTRAL) throw new ZipRefusal('notZip');
    const madeBy = directory.readUInt16LE(offset + 4);
    const flags = directory.readUInt16LE(offset + 8);
    const method = directory.readUInt16LE(offset + 10);
    const crc = directory.readUInt32LE(offset + 16);
    const compressedSize = directory.readUInt32LE(offset + 20);
    const size = directory.readUInt32LE(offset + 24);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const entryDisk = directory.readUInt16LE(offset + 34);
    const externalAttributes = directory.readUInt32LE(offset + 38);
    const localOffset = directory.readUInt32LE(offset + 42);
    if (offset + 46 + nameLength + extraLength + commentLength > directory.length) throw new ZipRefusal('notZip');
    const nameBytes = directory.subarray(offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    const name = decodeName(nameBytes, flags);
    if ((flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0 || (method !== 0 && method !== 8) || entryDisk !== 0) throw new ZipRefusal('unsupported', name);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw new ZipRefusal('unsupported', name);
    const directoryEntry = name.endsWith('/');
    // Unix (3) and macOS (19) store the file type in the high half of the external attributes.
    const host = madeBy >> 8;
    const mode = externalAttributes >>> 16;
    if ((host === 3 || host === 19) && mode !== 0) {
      const type = mode & S_IFMT;
      if (type !== 0 && type !== (directoryEntry ? S_IFDIR : S_IFREG)) throw new ZipRefusal('link', name);
    }
    const problem = nameProblem(name, { directory: directoryEntry });
    if (problem) throw new ZipRefusal('badName', name);
    const key = name.normalize('NFC').toLowerCase();
    if (names.has(key)) throw new ZipRefusal('badName', name);
    names.add(key);
    if (directoryEntry && (size !== 0 || compressedSize > 2)) throw new ZipRefusal('mismatch', name);
    entries.push({ name, directory: directoryEntry, method, flags, crc, compressedSize, size, localOffset, dataStart: 0 });
  }
  if (offset !== directory.length) throw new ZipRefusal('hidden');

  // Every local header agrees with its central record, and the entries tile the file up to the
  // central directory: no gap, no overlap, nothing before the first one.
  const inFileOrder = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const entry of inFileOrder) {
    if (entry.localOffset !== expected) throw new ZipRefusal('hidden', entry.name);
    const header = await source.read(entry.localOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipRefusal('mismatch', entry.name);
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    const crc = header.readUInt32LE(14);
    const compressedSize = header.readUInt32LE(18);
    const size = header.readUInt32LE(22);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const localName = await source.read(entry.localOffset + 30, nameLength);
    if (method !== entry.method || (flags & (FLAG_DESCRIPTOR | FLAG_ENCRYPTED | FLAG_UTF8)) !== (entry.flags & (FLAG_DESCRIPTOR | FLAG_ENCRYPTED | FLAG_UTF8))) throw new ZipRefusal('mismatch', entry.name);
    if (!localName.equals(Buffer.from(entry.name, 'utf8'))) throw new ZipRefusal('mismatch', entry.name);
    const descriptor = (entry.flags & FLAG_DESCRIPTOR) !== 0;
    if (descriptor) {
      if ((crc !== 0 || compressedSize !== 0 || size !== 0) && (crc !== entry.crc || compressedSize !== entry.compressedSize || size !== entry.size)) throw new ZipRefusal('mismatch', entry.name);
    } else if (crc !== entry.crc || compressedSize !== entry.compressedSize || size !== entry.size) {
      throw new ZipRefusal('mismatch', entry.name);
    }
    entry.dataStart = entry.localOffset + 30 + nameLength + extraLength;
    let next = entry.dataStart + entry.compressedSize;
    if (descriptor) {
      const after = await source.read(next, 16);
      const signed = after.length >= 4 && after.readUInt32LE(0) === DESCRIPTOR;
      const base = signed ? 4 : 0;
      if (after.length < base + 12 || after.readUInt32LE(base) !== entry.crc || after.readUInt32LE(base + 4) !== entry.compressedSize || after.readUInt32LE(base + 8) !== entry.size) {
        throw new ZipRefusal('mismatch', entry.name);
      }
      next += base + 12;
    }
    if (next > directoryOffset) throw new ZipRefusal('hidden', entry.name);
    expected = next;
  }
  if (expected !== directoryOffset && !(limits.apkSigningBlock && (await isApkSigningBlock(source, expected, directoryOffset)))) throw new ZipRefusal('hidden');
  return entries;
}

/**
 * Inflates one entry, streaming, counting what really comes out: past `max` it stops (tooLarge);
 * the result must be the declared size and CRC-32 (corrupt). `onData` sees the bytes as they come.
 */
export async function inflateZipEntry(source: ZipSource, entry: ZipEntry, max: number, onData?: (chunk: Buffer) => void): Promise<number> {
  if (entry.size > max) throw new ZipRefusal('tooLarge', entry.name);
  let produced = 0;
  let crc = 0;
  const take = (chunk: Buffer) => {
    produced += chunk.length;
    if (produced > max || produced > entry.size) throw new ZipRefusal(produced > max ? 'tooLarge' : 'corrupt', entry.name);
    crc = zlib.crc32(chunk, crc);
    onData?.(chunk);
  };
  const STEP = 256 * 1024;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipRefusal('mismatch', entry.name);
    for (let at = 0; at < entry.compressedSize; at += STEP) take(await source.read(entry.dataStart + at, Math.min(STEP, entry.compressedSize - at)));
  } else {
    const inflate = zlib.createInflateRaw();
    let failure: unknown = null;
    inflate.on('data', (chunk: Buffer) => {
      if (failure) return;
      try {
        take(chunk);
      } catch (error) {
        failure = error;
        inflate.destroy();
      }
    });
    const finished = new Promise<void>((resolve, reject) => {
      inflate.once('end', resolve);
      inflate.once('close', resolve);
      inflate.once('error', (error) => reject(failure ?? new ZipRefusal('corrupt', entry.name) ?? error));
    });
    for (let at = 0; at < entry.compressedSize && !failure; at += STEP) {
      const chunk = await source.read(entry.dataStart + at, Math.min(STEP, entry.compressedSize - at));
      if (!inflate.write(chunk)) await new Promise((resolve) => inflate.once('drain', resolve).once('close', resolve));
    }
    if (!failure) inflate.end();
    await finished;
    if (failure) throw failure;
  }
  if (produced !== entry.size || crc >>> 0 !== entry.crc >>> 0) throw new ZipRefusal('corrupt', entry.name);
  return produced;
}

/**
 * The whole check: structure, then every entry inflated under its part's budget and the total.
 * `keep` names entries whose inflated bytes are answered (e.g. a manifest, or a spreadsheet's parts).
 */
export async function checkZip(source: ZipSource, limits: ZipLimits, keep: (entry: ZipEntry) => boolean = () => false): Promise<{ entries: ZipEntry[]; kept: Map<string, Buffer> }> {
  const entries = await readZipEntries(source, limits);
  const kept = new Map<string, Buffer>();
  let total = 0;
  for (const entry of entries) {
    if (entry.directory) continue;
    const max = Math.min(limits.partMax(entry.name), limits.totalMax - total);
    const chunks: Buffer[] | null = keep(entry) ? [] : null;
    total += await inflateZipEntry(source, entry, max, chunks ? (chunk) => void chunks.push(chunk) : undefined);
    if (chunks) kept.set(entry.name, Buffer.concat(chunks));
  }
  return { entries, kept };
}

/** A zip of stored (uncompressed) entries: what passed the checks, for a parser that should inflate nothing. */
export function storedZip(files: Map<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAG_UTF8, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(FLAG_UTF8, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
