import { useMemo } from 'react';
import { CHART_FONT_PX, TICK_GAP, type PlotLayout } from './chart-layout';
import { textWidth } from './text-width';
import { spacedTicks } from './tick-spacing';

/** Dashed horizontal lines at each value tick; the theme's border colour keeps them quiet in both themes. */
export function ValueGrid({ plot }: { plot: PlotLayout }) {
  return (
    <g>
      {plot.y.ticks.map((tick) => (
        <line
          key={tick}
          x1={plot.left}
          x2={plot.right}
          y1={plot.y.at(tick)}
          y2={plot.y.at(tick)}
          stroke="var(--border)"
          strokeDasharray="3 3"
        />
      ))}
    </g>
  );
}

/** The axis line left of the plot and a label at each grid line. */
export function ValueAxis({ plot, format }: { plot: PlotLayout; format: (value: number) => string }) {
  return (
    <g fill="var(--muted-foreground)" fontSize={CHART_FONT_PX}>
      <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke="var(--muted-foreground)" />
      {plot.y.ticks.map((tick) => (
        <text key={tick} x={plot.left - 8} y={plot.y.at(tick)} textAnchor="end" dominantBaseline="middle">
          {format(tick)}
        </text>
      ))}
    </g>
  );
}

/** The axis line under the plot and as many category labels as fit without overlapping. */
export function CategoryAxis({
  plot,
  labels,
  width,
}: {
  plot: PlotLayout;
  labels: readonly string[];
  /** The whole chart's width: the first and last labels may reach into the margins, not past them. */
  width: number;
}) {
  const fontFamily = useMemo(() => getComputedStyle(document.documentElement).fontFamily, []);
  const placed = spacedTicks(
    labels.map((label, index) => ({
      at: plot.x.at(index),
      width: textWidth(label, `${CHART_FONT_PX}px ${fontFamily}`),
    })),
    [0, width],
    TICK_GAP,
  );
  return (
    <g fill="var(--muted-foreground)" fontSize={CHART_FONT_PX}>
      <line
        x1={plot.left}
        x2={plot.right}
        y1={plot.bottom}
        y2={plot.bottom}
        stroke="var(--muted-foreground)"
      />
      {placed.map(({ index, x }) => (
        <text key={index} x={x} y={plot.bottom + 8} textAnchor="middle" dominantBaseline="hanging">
          {labels[index]}
        </text>
      ))}
    </g>
  );
}
