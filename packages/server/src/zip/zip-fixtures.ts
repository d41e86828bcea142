import zlib from 'node:zlib';

/** One entry of a hand-made zip; `local` and `central` override what the two headers say (to lie). */
export interface CraftedEntry {
  name: string;
  data: Buffer;
  method?: 0 | 8;
  /** Listed in the central directory (default true): false hides it. */
  listed?: boolean;
  local?: Partial<{ name: string; method: number; crc: number; compressedSize: number; size: number; flags: number }>;
  central?: Partial<{ name: string; method: number; crc: number; compressedSize: number; size: number; flags: number; madeBy: number; externalAttributes: number }>;
}

/** Builds a zip byte by byte, so tests can make every kind of hostile file. `gapAfter` inserts bytes after an entry. */
export function craftZip(entries: CraftedEntry[], options: { prefix?: Buffer; gapAfter?: { index: number; bytes: Buffer } } = {}): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  if (options.prefix) {
    parts.push(options.prefix);
    offset += options.prefix.length;
  }
  for (const [index, entry] of entries.entries()) {
    const method = entry.method ?? 8;
    const stored = method === 8 ? zlib.deflateRawSync(entry.data) : entry.data;
    const crc = zlib.crc32(entry.data) >>> 0;
    const l = { name: entry.name, method, crc, compressedSize: stored.length, size: entry.data.length, flags: 0x0800, ...entry.local };
    const c = { name: entry.name, method, crc, compressedSize: stored.length, size: entry.data.length, flags: 0x0800, madeBy: 20, externalAttributes: 0, ...entry.central };
    const localName = Buffer.from(l.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(l.flags, 6);
    header.writeUInt16LE(l.method, 8);
    header.writeUInt32LE(l.crc >>> 0, 14);
    header.writeUInt32LE(l.compressedSize >>> 0, 18);
    header.writeUInt32LE(l.size >>> 0, 22);
    header.writeUInt16LE(localName.length, 26);
    parts.push(header, localName, stored);
    const localOffset = offset;
    offset += 30 + localName.length + stored.length;
    if (options.gapAfter?.index === index) {
      parts.push(options.gapAfter.bytes);
      offset += options.gapAfter.bytes.length;
    }
    if (entry.listed === false) continue;
    listed++;
    const centralName = Buffer.from(c.name, 'utf8');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(c.madeBy, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(c.flags, 8);
    central.writeUInt16LE(c.method, 10);
    central.writeUInt32LE(c.crc >>> 0, 16);
    central.writeUInt32LE(c.compressedSize >>> 0, 20);
    central.writeUInt32LE(c.size >>> 0, 24);
    central.writeUInt16LE(centralName.length, 28);
    central.writeUInt32LE(c.externalAttributes >>> 0, 38);
    central.writeUInt32LE(localOffset, 42);
    centrals.push(central, centralName);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
