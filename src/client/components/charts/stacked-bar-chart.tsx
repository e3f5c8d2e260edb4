import { CartesianChart, type ChartProps } from './cartesian-chart';
import { stackBySign, stackExtent } from './stack';

/**
 * One bar a category; with several series, their values stacked in the series' order, positive ones
 * above zero and negative ones below it (a zero line marks where they part). One series is a plain bar chart.
 */
export function StackedBarChart(props: ChartProps) {
  const segments = stackBySign(
    props.series.map((s) => s.values),
    props.categories.length,
  );
  return (
    <CartesianChart
      {...props}
      layout="band"
      extent={stackExtent(segments)}
      marks={(plot) => (
        <>
          {props.series.map((s, row) => (
            <g key={s.key} fill={s.colour}>
              {segments[row]!.map(({ low, high }, index) =>
                low === high ? null : (
                  <rect
                    key={index}
                    data-testid="chart-bar"
                    x={plot.x.at(index) - plot.x.bandwidth / 2}
                    width={plot.x.bandwidth}
                    y={plot.y.at(high)}
                    height={plot.y.at(low) - plot.y.at(high)}
                  />
                ),
              )}
            </g>
          ))}
          {plot.y.domain[0] < 0 && (
            <line x1={plot.left} x2={plot.right} y1={plot.y.at(0)} y2={plot.y.at(0)} stroke="var(--border)" />
          )}
        </>
      )}
    />
  );
}
