import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Header, list, Pack, ReadEntry } from 'tar';

/**
 * The backup container: a gzipped tar of a few regular files, so `tar tzf` and `tar xzf` open a backup
 * without Motorpool (docs/operations.md), written and read by node-tar (npm's own tar library). Our
 * entries come from memory, not from files on disk, so they go through node-tar's low-level classes
 * (a Header and a ReadEntry for each, added to a Pack), as its maintainer advises (node-tar#143).
 */
export type ArchiveEntry = { name: string; data: Uint8Array | Blob; mode?: number };

/** How much of a Blob goes to the archive at a time: the database dump is not copied whole again. */
const SLICE = 1 << 20;

/** Writes the entries to `file` (created with mode 0600) as a tar.gz; returns the file's size. */
export async function writeArchive(file: string, entries: ArchiveEntry[], mtime = new Date()) {
  // portable: no uid, gid or user names in the headers, and no OS named in the gzip header.
  const pack = new Pack({ gzip: true, portable: true });
  const written = pipeline(pack, fs.createWriteStream(file, { mode: 0o600 }));
  const added = addEntries(pack, entries, mtime).catch((error: Error) => pack.destroy(error));
  await Promise.all([written, added]);
  return fs.statSync(file).size;
}

async function addEntries(pack: Pack, entries: ArchiveEntry[], mtime: Date) {
  for (const { name, data, mode = 0o644 } of entries) {
    const size = data instanceof Blob ? data.size : data.length;
    const entry = new ReadEntry(new Header({ path: name, type: 'File', mode, size, mtime }));
    pack.add(entry);
    if (data instanceof Blob) {
      // Read in order through its stream, never with Blob.slice: past 4 GiB slice() aborts the whole
      // process (Node's own check, not an exception), and an embedded database of a few million rows
      // dumps to more than that.
      const reader = data.stream().getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const chunk = next.value;
        for (let at = 0; at < chunk.byteLength; at += SLICE) {
          const piece = chunk.subarray(at, at + SLICE);
          // write() says false while the archive behind it is busy: wait for it rather than buffer.
          if (!entry.write(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)))
            await once(entry, 'drain');
        }
      }
      entry.end();
    } else entry.end(Buffer.from(data));
  }
  pack.end();
}

/** The regular files of a tar.gz (writeArchive's, or one tar wrote with plain files), by name. */
export async function readArchive(file: string): Promise<Map<string, Blob>> {
  if (!isGzip(file)) throw new Error('This is not a Motorpool backup (not a gzip file)');
  const files = new Map<string, Blob>();
  await list({
    file,
    // Any damage (a bad header, a cut-short file, a broken gzip stream) rejects rather than warns.
    strict: true,
    onReadEntry: (entry) => {
      if (entry.type !== 'File') return;
      const chunks: Buffer[] = [];
      entry.on('data', (chunk) => chunks.push(chunk));
      // Typed as Buffers over any memory, these are zlib's output: never shared memory, as a Blob wants.
      const name = entry.path.replace(/^\.\//, '');
      entry.on('end', () => files.set(name, new Blob(chunks as Buffer<ArrayBuffer>[])));
    },
  }).catch((error: Error) => {
    throw new Error(`The backup is damaged (${error.message})`);
  });
  return files;
}

/** Whether the file starts with gzip's magic bytes: node-tar would also read a plain tar, ours never is. */
function isGzip(file: string): boolean {
  const start = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, start, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  return start[0] === 0x1f && start[1] === 0x8b;
}
