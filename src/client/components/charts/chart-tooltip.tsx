import type { ChartSeries } from './chart-layout';
import { useElementSize } from './use-element-size';

/** Space between the highlighted point and the tooltip beside it. */
const OFFSET = 12;

/**
 * The highlighted category's label and each series' value there, beside the point: right of it when it
 * fits, else left, and always inside the chart (`bounds`), so a phone's narrow chart never cuts it.
 */
export function ChartTooltip({
  title,
  series,
  index,
  format,
  anchor,
  bounds,
}: {
  title: string;
  series: readonly ChartSeries[];
  index: number;
  format: (value: number) => string;
  anchor: { x: number; y: number };
  bounds: { width: number; height: number };
}) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const right = anchor.x + OFFSET;
  const left = right + size.width <= bounds.width ? right : anchor.x - OFFSET - size.width;
  const top =
    anchor.y + OFFSET + size.height <= bounds.height ? anchor.y + OFFSET : anchor.y - OFFSET - size.height;
  return (
    <div
      ref={ref}
      data-testid="chart-tooltip"
      className="pointer-events-none absolute z-10 rounded-lg border border-border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
      style={{
        left: Math.max(0, Math.min(bounds.width - size.width, left)),
        top: Math.max(0, Math.min(bounds.height - size.height, top)),
        // Hidden for the one layout before its own size is known, so it never shows out of place.
        visibility: size.width === 0 ? 'hidden' : undefined,
      }}
    >
      <p className="mb-1 font-semibold">{title}</p>
      <ul className="space-y-0.5">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5 whitespace-nowrap">
            <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ background: s.colour }} />
            <span>{s.name}</span>{' '}
            <span className="ml-auto pl-3 font-medium tabular-nums">{format(s.values[index] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tooltip's words as one sentence, for the announcement a keyboard move makes. */
export const tooltipText = (
  title: string,
  series: readonly ChartSeries[],
  index: number,
  format: (value: number) => string,
) => `${title}: ${series.map((s) => `${s.name} ${format(s.values[index] ?? 0)}`).join(', ')}`;
