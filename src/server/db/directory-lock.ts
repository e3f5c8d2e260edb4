import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: a lock file keeps a second server (or a second `npm start`)
 * from opening the same directory and corrupting it. The file names the owner by process id AND
 * the time that process started (Linux: /proc/<pid>/stat), so a process id reused by an unrelated
 * process after a kill -9 is seen for what it is, and a dead owner never blocks a start.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = path.join(dir, 'motorpool.lock');
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = fs.readFileSync(lockPath, 'utf8').trim();
      const pid = Number(owner.split(' ')[0]);
      if (pid && pid !== process.pid && holdsLock(owner)) {
        throw new Error(
          `The data directory ${dir} is in use by another Motorpool process (pid ${pid}). ` +
            'Stop it, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

/** Whether the process a lock file names is alive and is the very process that wrote it. */
function holdsLock(owner: string): boolean {
  const [pidText, recordedStart] = owner.split(' ');
  const pid = Number(pidText);
  if (!isAlive(pid)) return false;
  const start = startTimeOf(pid);
  if (start === null) return true; // no /proc (not Linux): a live pid is all we can know
  // A lock written before start times were recorded: only a Node process can be its owner.
  if (!recordedStart) return commandOf(pid).includes('node');
  return start === recordedStart;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
