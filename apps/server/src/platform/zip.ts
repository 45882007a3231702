import { inflateRawSync } from 'node:zlib';

/**
 * The one zip reader of the server, for uploads that are zips (.xlsx imports, .xlsx and .docx
 * documents). The upload is already in memory; entries are found through the central directory and
 * inflated within a byte budget, whatever sizes the directory states (a zip bomb stops there).
 */

/** Why a zip could not be read: not a zip we can read, or more bytes than the budget. */
export class ZipError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooLarge') {
    super(reason);
  }
}

/** An entry as the central directory states it, `dataOffset` found through its local header. */
export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  dataOffset: number;
};

/**
 * The entries of the central directory, in its order, each checked against its local header and
 * the data's length (a ZipError on the first that does not fit); sizes above 4 GB (zip64) are refused.
 */
export function* zipEntries(data: Buffer): Generator<ZipEntry> {
  const min = Math.max(0, data.length - 65_557);
  for (let i = data.length - 22; i >= min; i--) {
    if (data.readUInt32LE(i) !== 0x06054b50) continue;
    const count = data.readUInt16LE(i + 10);
    let offset = data.readUInt32LE(i + 16);
    for (let n = 0; n < count; n++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50)
        throw new ZipError('unreadable');
      const method = data.readUInt16LE(offset + 10);
      const compressedSize = data.readUInt32LE(offset + 20);
      const size = data.readUInt32LE(offset + 24);
      const nameLength = data.readUInt16LE(offset + 28);
      const local = data.readUInt32LE(offset + 42);
      const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
      offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
      if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff)
        throw new ZipError('unreadable');
      if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50)
        throw new ZipError('unreadable');
      const dataOffset = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      if (dataOffset + compressedSize > data.length) throw new ZipError('unreadable');
      yield { name, method, compressedSize, size, dataOffset };
    }
    return;
  }
  throw new ZipError('unreadable');
}

/**
 * The sum of the sizes a zip's central directory states, so that a zip bomb is refused before
 * anything is inflated (inflating stops at the budget anyway, whatever the directory claims).
 * Undefined when the directory cannot be read.
 */
export function zipUncompressedSize(data: Buffer): number | undefined {
  try {
    let total = 0;
    for (const entry of zipEntries(data)) total += entry.size;
    return total;
  } catch {
    return undefined;
  }
}

/** An entry's bytes as they lie in the zip: stored (method 0) or deflated (8); other methods are refused. */
export function entryData(data: Buffer, entry: ZipEntry): Buffer {
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unreadable');
  return data.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
}

/** An entry inflated whole, refused ('tooLarge') past `maxBytes`. For small parts: a sheet is streamed. */
export function inflateEntry(data: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  const raw = entryData(data, entry);
  let bytes: Buffer;
  try {
    bytes = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if (error instanceof RangeError) throw new ZipError('tooLarge');
    throw new ZipError('unreadable');
  }
  if (bytes.length > maxBytes) throw new ZipError('tooLarge');
  return bytes;
}

/** One entry by its exact name, inflated whole; undefined when missing, over `maxBytes` or unreadable. */
export function readZipEntry(data: Buffer, name: string, maxBytes: number): Buffer | undefined {
  try {
    for (const entry of zipEntries(data)) {
      if (entry.name !== name) continue;
      return entry.size > maxBytes ? undefined : inflateEntry(data, entry, maxBytes);
    }
  } catch {
    return undefined;
  }
  return undefined;
}
