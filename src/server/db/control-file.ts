import fs from 'node:fs';
import path from 'node:path';

/** The cluster states PostgreSQL records in pg_control (`DBState`, in its order). */
const STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
] as const;

export type ClusterState = (typeof STATES)[number];

export type ControlFile = {
  /**
   * 'shut down' after a clean stop (PGlite's close ends with a shutdown checkpoint); 'in production'
   * while a process has it open, or after one that never closed it (a kill, a crash, the shutdown
   * deadline): the next open then replays the WAL written since `checkpointLsn`.
   */
  state: ClusterState;
  /** Where the last checkpoint record is in the WAL. */
  checkpointLsn: bigint;
};

/**
 * What `global/pg_control` of a PGlite directory says, or null when there is none (no database yet)
 * or its layout is not one this code knows. The leading fields (system id, versions, state, time,
 * checkpoint location) have kept their offsets since PostgreSQL 9; the version check guards them.
 */
export function readControlFile(pgDir: string): ControlFile | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(pgDir, 'global', 'pg_control'));
  } catch {
    return null;
  }
  if (bytes.length < 40) return null;
  const version = bytes.readUInt32LE(8);
  const state = STATES[bytes.readUInt32LE(16)];
  if (version < 1000 || version > 1999 || !state) return null;
  return { state, checkpointLsn: bytes.readBigUInt64LE(32) };
}
