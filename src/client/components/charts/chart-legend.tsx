import type { ChartSeries } from './chart-layout';

/** The series' names beside their colours, under the plot. */
export function ChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 shrink-0 rounded-sm" style={{ background: s.colour }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}
