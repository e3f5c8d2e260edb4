import type { CategoryScale, ValueScale } from './scales';

/** One series: its name in the legend and tooltip, its colour (a theme variable) and a value a category. */
export type ChartSeries = { key: string; name: string; colour: string; values: readonly number[] };

/** The plot's edges inside the SVG, in pixels, and the scales that place values between them. */
export type PlotLayout = {
  left: number;
  right: number;
  top: number;
  bottom: number;
  x: CategoryScale;
  y: ValueScale;
};

/** Type on the axes, legend and tooltip: small enough for a phone's width, still readable. */
export const CHART_FONT_PX = 12;
/** Room for a money tick such as "−$12,000" left of the plot. */
export const VALUE_AXIS_WIDTH = 64;
/** Room for the category labels under the plot. */
export const CATEGORY_AXIS_HEIGHT = 30;
/** Space kept clear between two category labels: fewer labels rather than labels that touch. */
export const TICK_GAP = 24;
export const PLOT_MARGIN = { top: 8, right: 8 } as const;
