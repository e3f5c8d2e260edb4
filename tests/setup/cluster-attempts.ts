/**
 * Runs `attempt` up to `times` times and answers whether it held once. For a check that another database
 * of the same PostgreSQL cluster can upset: the test files run side by side on it, and any commit there
 * moves the snapshot, any transaction there ends while a figure is kept (docs/testing.md). Each attempt
 * must start afresh; what must hold every time is asserted inside it.
 */
export async function holdsInOneOf(
  times: number,
  attempt: (n: number) => Promise<boolean>,
): Promise<boolean> {
  for (let n = 0; n < times; n++) if (await attempt(n)) return true;
  return false;
}
