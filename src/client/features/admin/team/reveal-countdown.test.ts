import { describe, expect, it } from 'vitest';
import { revealState } from './reveal-countdown';

describe('revealState', () => {
  const shownAt = 1_000_000;

  it('shows the password for the whole ten seconds, counting 10 down to 1', () => {
    expect(revealState(shownAt, shownAt, 10)).toEqual({ visible: true, secondsLeft: 10, fraction: 1 });
    expect(revealState(shownAt, shownAt + 1, 10).secondsLeft).toBe(10);
    expect(revealState(shownAt, shownAt + 1000, 10).secondsLeft).toBe(9);
    expect(revealState(shownAt, shownAt + 9_999, 10)).toMatchObject({ visible: true, secondsLeft: 1 });
  });

  it('hides it at ten seconds and after', () => {
    expect(revealState(shownAt, shownAt + 10_000, 10)).toEqual({
      visible: false,
      secondsLeft: 0,
      fraction: 0,
    });
    expect(revealState(shownAt, shownAt + 60_000, 10).visible).toBe(false);
  });

  it('reports how much of the time is left for the bar', () => {
    expect(revealState(shownAt, shownAt + 2_500, 10).fraction).toBeCloseTo(0.75);
  });
});
