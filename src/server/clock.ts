/** Time as the billing rules see it: the system clock in production, a controllable one in tests. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests of time-driven work. */
export function manualClock(start: Date): Clock & { set(date: Date): void; advanceDays(days: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advanceDays: (days) => {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}
