import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
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

  it('a live Motorpool holding the directory blocks a second one, with a clear message, until it dies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-lock-'));
    // Another process takes the lock as openDatabase does, and holds it.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { acquireDirectoryLock } = await import(${JSON.stringify(new URL('./directory-lock.ts', import.meta.url).href)});
         acquireDirectoryLock(process.env.LOCK_DIR);
         console.log('locked');
         setInterval(() => {}, 60000);`,
      ],
      { env: { ...process.env, LOCK_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    const [chunk] = (await once(holder.stdout!, 'data')) as [Buffer];
    expect(chunk.toString()).toContain('locked');

    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `The data directory ${dir} is in use by another Motorpool process (pid ${holder.pid}).`,
    );

    // kill -9: the lock file stays behind, naming a dead process, and no longer blocks.
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    expect(fs.readFileSync(path.join(dir, 'motorpool.lock'), 'utf8')).toMatch(new RegExp(`^${holder.pid} `));
    acquireDirectoryLock(dir)();
  });
});
