import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, startTimeOf } from './directory-lock';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function live(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child;
}

function lockedDir(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-lock-'));
  fs.writeFileSync(path.join(dir, 'motorpool.lock'), content);
  return dir;
}

describe('the data directory lock', () => {
  it('a lock naming a live process that did not write it (a reused pid) does not block a start', () => {
    const stranger = live('sleep', ['30']);
    const dir = lockedDir(`${stranger.pid} 1`);
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'motorpool.lock'), 'utf8')).toBe(
      `${process.pid} ${startTimeOf(process.pid)}`,
    );
    release();
    expect(fs.existsSync(path.join(dir, 'motorpool.lock'))).toBe(false);
  });

  it('an old-style lock (pid only) naming a live process that is not Node does not block a start', () => {
    const stranger = live('sleep', ['30']);
    const release = acquireDirectoryLock(lockedDir(String(stranger.pid)));
    release();
  });

  it('a lock of a dead process does not block a start', () => {
    const release = acquireDirectoryLock(lockedDir('999999999 12345'));
    release();
  });

  it('a live Motorpool holding the directory still blocks a second one, with a clear message', async () => {
    const other = live(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    // What that process's own lock file says: its pid and its start time.
    let start: string | null = null;
    for (let i = 0; i < 50 && !start; i++) {
      start = startTimeOf(other.pid!);
      if (!start) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const dir = lockedDir(`${other.pid} ${start}`);
    expect(() => acquireDirectoryLock(dir)).toThrow(/is in use by another Motorpool process/);
  });
});
