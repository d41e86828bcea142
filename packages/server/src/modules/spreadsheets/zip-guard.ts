import zlib from 'node:zlib';

/** Uncompressed bytes an .xlsx may expand to: a real 5,000-row sheet needs a few MB. */
const EXPANDED_MAX_BYTES = 64 * 1024 * 1024;
const ENTRIES_MAX = 2000;

export interface ZipSummary {
  names: string[];
}

/**
 * Reads a zip's central directory and inflates every entry under a running byte
 * budget (zlib's maxOutputLength), so a zip bomb is refused before the spreadsheet
 * parser ever sees it. Answers null when the bytes are not a well-formed zip or
 * expand beyond the budget.
 */
export function inspectZip(bytes: Buffer): ZipSummary | null {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (entries > ENTRIES_MAX) return null;
  let budget = EXPANDED_MAX_BYTES;
  const names: string[] = [];
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localOffset = bytes.readUInt32LE(offset + 42);
    names.push(bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== 0x04034b50) return null;
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) return null;
    let expanded: number;
    if (method === 0) {
      expanded = data.length;
    } else if (method === 8) {
      try {
        expanded = zlib.inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
      } catch {
        return null;
      }
    } else {
      return null;
    }
    budget -= expanded;
    if (budget < 0) return null;
  }
  return { names };
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= earliest; offset--) {
    if (bytes.readUInt32LE(offset) === 0x06054b50) return offset;
  }
  return -1;
}
