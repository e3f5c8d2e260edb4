/**
 * What the one-time reveal of a generated password shows at `now`: the seconds left (rounded up, so
 * it reads 10 … 1) while it is shown, then 0 and hidden. Pure, so the timing is tested without a clock.
 */
export function revealState(
  shownAt: number,
  now: number,
  seconds: number,
): { visible: boolean; secondsLeft: number; fraction: number } {
  const leftMs = Math.max(0, shownAt + seconds * 1000 - now);
  return {
    visible: leftMs > 0,
    secondsLeft: Math.ceil(leftMs / 1000),
    fraction: seconds > 0 ? leftMs / (seconds * 1000) : 0,
  };
}
