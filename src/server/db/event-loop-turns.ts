// PGlite runs in this process: a statement is a synchronous call into its engine, and awaiting one
// settles in a microtask. A chain of awaited statements (a job queueing a thousand emails, a billing run)
// therefore never gave the event loop a turn: no request was read, no timer fired, until the whole chain
// ended. The email automation job froze every request for 2.2 s each minute at 100,000 customers
// (docs/performance.md, "Background jobs froze the embedded database's requests"). PostgreSQL's driver
// waits on a socket, which gives the loop its turns on its own.

/** The longest stretch of statements without a turn of the event loop. */
export const LOOP_SLICE_MS = 5;

/** When the statements since the loop's last turn began; null once the loop has turned. */
let sliceStartedAt: number | null = null;
let watching = false;

/** Notes the loop's next turn: a setImmediate callback runs only after the loop's I/O phase. */
function watchForTurn() {
  if (watching) return;
  watching = true;
  setImmediate(() => {
    watching = false;
    sliceStartedAt = null;
  });
}

/**
 * Awaited before each embedded statement: once the statements since the loop's last turn have held it
 * LOOP_SLICE_MS, wait for a turn, so the requests and timers waiting meanwhile run between this statement
 * and the last. A statement after a turn (reading a request is one) never waits.
 */
export async function letTheLoopTurn(): Promise<void> {
  const now = performance.now();
  if (sliceStartedAt !== null && now - sliceStartedAt >= LOOP_SLICE_MS) {
    watchForTurn();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  sliceStartedAt ??= performance.now();
  watchForTurn();
}
