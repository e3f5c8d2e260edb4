import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/**
 * The backup container: a gzipped POSIX tar (ustar) of a few regular files, so `tar tzf` and `tar xzf`
 * open a backup without Motorpool (docs/operations.md). No tar library is among our dependencies, and
 * this needs only plain files in one folder, so the format is written here: each file is a 512-byte
 * header (name, mode, size in octal, checksum) followed by its bytes padded to 512, and two zero blocks
 * end the archive.
 */
export type ArchiveEntry = { name: string; data: Uint8Array; mode?: number };

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // eleven octal digits: just under 8 GiB a file

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export async function packArchive(entries: ArchiveEntry[], mtime = new Date()): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry, mtime), Buffer.from(entry.data));
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipAsync(Buffer.concat(parts));
}

/** The files of an archive packArchive wrote (or tar wrote with plain files), by name. */
export async function unpackArchive(packed: Uint8Array): Promise<Map<string, Buffer>> {
  const tar = await gunzipAsync(packed).catch(() => {
    throw new Error('This is not a Motorpool backup (not a gzip file)');
  });
  const files = new Map<string, Buffer>();
  for (let at = 0; at + BLOCK <= tar.length;) {
    const block = tar.subarray(at, at + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    if (checksum(block) !== readOctal(block, 148, 8))
      throw new Error('The backup is damaged (bad tar header)');
    const name = readText(block, 0, 100).replace(/^\.\//, '');
    const size = readOctal(block, 124, 12);
    const start = at + BLOCK;
    if (start + size > tar.length) throw new Error('The backup is damaged (cut short)');
    if (block[156] === 0x30 || block[156] === 0) files.set(name, tar.subarray(start, start + size));
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

function header(entry: ArchiveEntry, mtime: Date): Buffer {
  if (Buffer.byteLength(entry.name) > 99) throw new Error(`Archive entry name too long: ${entry.name}`);
  if (entry.data.length > MAX_SIZE) throw new Error(`Archive entry too large: ${entry.name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(entry.name, 0, 100, 'utf8');
  writeOctal(block, 100, 8, entry.mode ?? 0o644);
  writeOctal(block, 108, 8, 0); // uid
  writeOctal(block, 116, 8, 0); // gid
  writeOctal(block, 124, 12, entry.data.length);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block[156] = 0x30; // '0': a regular file
  block.write('ustar\u000000', 257, 8, 'latin1');
  // The checksum is computed with its own field read as spaces, then written as 6 digits, NUL, space.
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  return parseInt(readText(block, offset, length).trim() || '0', 8);
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}
