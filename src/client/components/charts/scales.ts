import { nice, ticks } from 'd3-array';

/** Where values sit on a chart's vertical axis, and the round values its ticks and grid lines are drawn at. */
export type ValueScale = { at: (value: number) => number; ticks: number[]; domain: [number, number] };

/**
 * A linear scale over the values, always reaching zero (bars and areas grow from it), widened to round
 * tick values so the top and bottom grid lines carry a label. `range` is [bottom, top] in pixels.
 */
export function valueScale(values: readonly number[], range: [number, number], count = 5): ValueScale {
  let low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  // Nothing but zeros: one step above zero, so the axis still reads as money and the zero line sits low.
  if (low === high) high = 1;
  [low, high] = nice(low, high, count);
  const [bottom, top] = range;
  const perUnit = (top - bottom) / (high - low);
  return {
    at: (value) => bottom + (value - low) * perUnit,
    ticks: ticks(low, high, count),
    domain: [low, high],
  };
}

/**
 * Where categories sit across a chart: the centre of each, the width a bar may take, and the category
 * under a pointer. Bars take a band each (`bandScale`); a line or area joins points (`pointScale`).
 */
export type CategoryScale = {
  /** The centre of category `index`. */
  at: (index: number) => number;
  /** A bar's width: zero for points. */
  bandwidth: number;
  /** The distance between two neighbours' centres: the width of the strip that answers to one category. */
  step: number;
  /** The category nearest to `x`. */
  indexAt: (x: number) => number;
};

const clampIndex = (index: number, count: number) => Math.min(count - 1, Math.max(0, index));

/** Equal bands across [start, end], each with `padding` (a share of the band) left empty around its bar. */
export function bandScale(count: number, [start, end]: [number, number], padding = 0.2): CategoryScale {
  const step = count > 0 ? (end - start) / count : 0;
  return {
    at: (index) => start + step * (index + 0.5),
    bandwidth: step * (1 - padding),
    step,
    indexAt: (x) => clampIndex(Math.floor((x - start) / step), count),
  };
}

/** Points from `start` to `end`, the first and last on the edges; a single point sits in the middle. */
export function pointScale(count: number, [start, end]: [number, number]): CategoryScale {
  if (count <= 1) {
    const middle = (start + end) / 2;
    return { at: () => middle, bandwidth: 0, step: end - start, indexAt: () => 0 };
  }
  const step = (end - start) / (count - 1);
  return {
    at: (index) => start + step * index,
    bandwidth: 0,
    step,
    indexAt: (x) => clampIndex(Math.round((x - start) / step), count),
  };
}
