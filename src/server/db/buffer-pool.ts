// The embedded database's buffer pool (PostgreSQL's shared_buffers), sized to the database it opens.
//
// PostgreSQL's default is 128 MB, sized for a server. Inside PGlite the pool is WebAssembly memory that
// the engine zeroes when it starts, so every megabyte of it is paid at every start, as page faults:
// on a virtual machine with slow faults, 128 MB was about 450 ms of a 2.1-3.0 s start on a 28 MB demo
// database (docs/performance.md, "Eighth pass"). A pool the size of the database holds all of it; a
// larger one holds nothing more. So the pool is the database's size on disk rounded up to a power of
// two, between 16 MB and PostgreSQL's own 128 MB: the demo database gets 32 MB, a grown one 128 MB as
// before. A database that grows while the server runs keeps its pool until the next start; a page
// past it is read from the operating system's file cache.
import { promises as fs } from 'node:fs';
import path from 'node:path';

const MB = 1024 * 1024;
export const MIN_BUFFER_POOL_MB = 16;
export const MAX_BUFFER_POOL_MB = 128;

/** The pool for a database of `bytes`: the next power of two of its megabytes, within the bounds. */
export function bufferPoolMbFor(bytes: number): number {
  let mb = MIN_BUFFER_POOL_MB;
  while (mb < MAX_BUFFER_POOL_MB && mb * MB < bytes) mb *= 2;
  return mb;
}

/**
 * How many bytes the database's tables and indexes take in `pgData` (PostgreSQL's data folder):
 * every file under `base` (one folder per database) and `global`. The write-ahead log is left out:
 * it is not read into the pool. A folder that is not there counts 0 (a database not yet created).
 */
export async function databaseBytes(pgData: string): Promise<number> {
  const filesIn = async (dir: string): Promise<number> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const sizes = await Promise.all(
      entries.map(async (entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return filesIn(full);
        if (!entry.isFile()) return 0;
        return (await fs.stat(full).catch(() => ({ size: 0 }))).size;
      }),
    );
    return sizes.reduce((a, b) => a + b, 0);
  };
  const [base, global] = await Promise.all([
    filesIn(path.join(pgData, 'base')),
    filesIn(path.join(pgData, 'global')),
  ]);
  return base + global;
}

/** PGlite's start parameters with the pool set: PostgreSQL's `-c shared_buffers=…`. */
export const withBufferPool = (startParams: readonly string[], mb: number) => [
  ...startParams,
  '-c',
  `shared_buffers=${mb}MB`,
];
