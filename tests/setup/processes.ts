// Child processes of a test run (the multi-instance servers, the journeys' servers): each one is
// tracked from spawn to exit, stopped gently, and killed outright if the test process leaves first.
import type { ChildProcess } from 'node:child_process';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true (an error ends the wait), or fails naming `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/** Tracks a child until it exits; answers its exit code (-1: ended by a signal). */
export function track(child: ChildProcess): Promise<number | null> {
  started.add(child);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve(code ?? (signal ? -1 : null));
    }),
  );
}

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stop(child: ChildProcess, exited: Promise<unknown>, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
