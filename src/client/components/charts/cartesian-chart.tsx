import { useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { CategoryAxis, ValueAxis, ValueGrid } from './chart-axes';
import {
  CATEGORY_AXIS_HEIGHT,
  PLOT_MARGIN,
  VALUE_AXIS_WIDTH,
  type ChartSeries,
  type PlotLayout,
} from './chart-layout';
import { ChartLegend } from './chart-legend';
import { ChartTooltip, tooltipText } from './chart-tooltip';
import { bandScale, pointScale, valueScale } from './scales';
import { useElementSize } from './use-element-size';

/** What every chart of the kit is given: the categories across, the series up, and how to write them. */
export type ChartProps = {
  /** What the chart shows, in words: the figure's caption, read by screen readers. */
  label: string;
  categories: readonly string[];
  /** A category's label under the axis (short: a day, a month). */
  categoryTick?: (category: string) => string;
  /** A category's label at the top of its tooltip (may be longer: a full date). */
  categoryLabel?: (category: string) => string;
  series: readonly ChartSeries[];
  /** A value at a tick of the vertical axis. */
  valueTick: (value: number) => string;
  /** A value in the tooltip. */
  valueText: (value: number) => string;
  /** The series' names and colours under the plot. */
  legend?: boolean;
  'data-testid'?: string;
};

/** The highlighted category, and whether a pointer (with its height) or the arrow keys chose it. */
type Active = { index: number; pointerY: number | null };

const same = (category: string) => category;

/**
 * The frame the kit's charts share: a figure that fills its container's width (256 px high with its
 * legend), the grid, both axes, the highlight and tooltip under the pointer or the arrow keys, and the
 * legend. The chart itself draws its marks (`marks`) over the scales it is handed.
 */
export function CartesianChart({
  label,
  categories,
  categoryTick = same,
  categoryLabel = same,
  series,
  valueTick,
  valueText,
  legend = false,
  'data-testid': testId,
  layout,
  extent,
  marks,
}: ChartProps & {
  /** Bars take a band each; a line joins points from edge to edge. */
  layout: 'band' | 'point';
  /** Every value the vertical axis must reach (a stack's ends, not its parts). */
  extent: readonly number[];
  marks: (plot: PlotLayout, active: number | null) => ReactNode;
}) {
  const [plotRef, size] = useElementSize<HTMLDivElement>();
  const count = categories.length;
  const { active, announce, show, onKeyDown } = useHighlight(count, (index) =>
    tooltipText(categoryLabel(categories[index]!), series, index, valueText),
  );

  const plot = plotLayout(size, layout, count, extent);
  const { top } = plot;
  const onPointer = (event: PointerEvent<SVGSVGElement>) => show(...pointedAt(event, plot, count));

  const activeIndex = active?.index ?? null;
  return (
    <figure
      data-testid={testId}
      // Focusable so the arrow keys can walk the points: the tooltip is not for pointers only.
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={() => active?.pointerY === null && show(null)}
      className="flex h-64 w-full min-w-0 flex-col rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
    >
      <figcaption className="sr-only">{label}</figcaption>
      <div ref={plotRef} className="relative min-h-0 flex-1">
        {size.width > 0 && (
          <svg
            aria-hidden
            data-testid="chart-surface"
            width={size.width}
            height={size.height}
            className="absolute inset-0 block touch-pan-y"
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={() => active?.pointerY !== null && show(null)}
          >
            <ValueGrid plot={plot} />
            {activeIndex !== null && <ActiveMarker plot={plot} layout={layout} index={activeIndex} />}
            {marks(plot, activeIndex)}
            <ValueAxis plot={plot} format={valueTick} />
            <CategoryAxis plot={plot} labels={categories.map(categoryTick)} width={size.width} />
          </svg>
        )}
        {active && size.width > 0 && (
          <ChartTooltip
            title={categoryLabel(categories[active.index]!)}
            series={series}
            index={active.index}
            format={valueText}
            anchor={{ x: plot.x.at(active.index), y: active.pointerY ?? top }}
            bounds={size}
          />
        )}
      </div>
      {legend && <ChartLegend series={series} />}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </figure>
  );
}

/** The plot's edges inside the chart's size, with its category and value scales. */
function plotLayout(
  size: { width: number; height: number },
  layout: 'band' | 'point',
  count: number,
  extent: readonly number[],
): PlotLayout {
  const left = VALUE_AXIS_WIDTH;
  const right = Math.max(left, size.width - PLOT_MARGIN.right);
  const top = PLOT_MARGIN.top;
  const bottom = Math.max(top, size.height - CATEGORY_AXIS_HEIGHT);
  const x = layout === 'band' ? bandScale(count, [left, right]) : pointScale(count, [left, right]);
  return { left, right, top, bottom, x, y: valueScale(extent, [bottom, top]) };
}

/** The category under the pointer (null outside the plot) and the pointer's height. */
function pointedAt(event: PointerEvent<SVGSVGElement>, plot: PlotLayout, count: number) {
  const box = event.currentTarget.getBoundingClientRect();
  const x = event.clientX - box.left;
  const y = event.clientY - box.top;
  const inside = count > 0 && x >= plot.left && x <= plot.right && y >= plot.top && y <= plot.bottom;
  return [inside ? plot.x.indexAt(x) : null, y] as const;
}

/**
 * Which category is highlighted, by the pointer or the arrow keys (Home, End, Escape too). A keyboard
 * move is announced (`announce`, for a live region); the pointer's hovering is not read out.
 */
function useHighlight(count: number, describe: (index: number) => string) {
  const [active, setActive] = useState<Active | null>(null);
  const [announce, setAnnounce] = useState('');
  const show = (index: number | null, pointerY: number | null = null) => {
    setActive(index === null ? null : { index, pointerY });
    setAnnounce(index === null || pointerY !== null ? '' : describe(index));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count === 0) return;
    const at = active?.index;
    const next: Record<string, number | null> = {
      ArrowRight: at === undefined ? 0 : Math.min(count - 1, at + 1),
      ArrowLeft: at === undefined ? count - 1 : Math.max(0, at - 1),
      Home: 0,
      End: count - 1,
      Escape: null,
    };
    if (!(event.key in next) || (event.key === 'Escape' && !active)) return;
    event.preventDefault();
    show(next[event.key]!);
  };
  return { active, announce, show, onKeyDown };
}

/** The highlighted category: its band shaded for bars, a vertical rule for a line. */
function ActiveMarker({
  plot,
  layout,
  index,
}: {
  plot: PlotLayout;
  layout: 'band' | 'point';
  index: number;
}) {
  const x = plot.x.at(index);
  return layout === 'band' ? (
    <rect
      x={x - plot.x.step / 2}
      width={plot.x.step}
      y={plot.top}
      height={plot.bottom - plot.top}
      fill="var(--muted)"
      opacity={0.6}
    />
  ) : (
    <line x1={x} x2={x} y1={plot.top} y2={plot.bottom} stroke="var(--muted-foreground)" strokeOpacity={0.5} />
  );
}
