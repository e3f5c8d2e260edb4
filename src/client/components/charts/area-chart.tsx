import { area, curveMonotoneX, line } from 'd3-shape';
import { CartesianChart, type ChartProps } from './cartesian-chart';

/**
 * Each series as a line over a lightly filled area down to zero, its points joined by a smooth curve that
 * never overshoots a value (monotone), with a dot on the highlighted point.
 */
export function AreaChart(props: ChartProps) {
  return (
    <CartesianChart
      {...props}
      layout="point"
      extent={props.series.flatMap((s) => s.values)}
      marks={(plot, active) =>
        props.series.map((s) => {
          const x = (_: number, index: number) => plot.x.at(index);
          const y = (value: number) => plot.y.at(value);
          const fill = area<number>().x(x).y0(plot.y.at(0)).y1(y).curve(curveMonotoneX)(s.values);
          const stroke = line<number>().x(x).y(y).curve(curveMonotoneX)(s.values);
          return (
            <g key={s.key}>
              <path d={fill ?? undefined} fill={s.colour} fillOpacity={0.15} />
              <path
                data-testid="chart-line"
                d={stroke ?? undefined}
                fill="none"
                stroke={s.colour}
                strokeWidth={2}
              />
              {active !== null && (
                <circle
                  cx={plot.x.at(active)}
                  cy={plot.y.at(s.values[active] ?? 0)}
                  r={4}
                  fill={s.colour}
                  stroke="var(--card)"
                  strokeWidth={2}
                />
              )}
            </g>
          );
        })
      }
    />
  );
}
