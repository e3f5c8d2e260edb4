import type { RevenueAnalytics } from '@shared/contracts/revenue';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@client/components/ui/table';
import { formatMoney } from '@client/lib/format';
import { monthLabel, rate } from './revenue-format';

type Cohort = RevenueAnalytics['cohorts'][number];

/**
 * The cell's shade says how much of the cohort's starting MRR is still paid: the theme's primary colour
 * mixed into the card, never so strong that the figure on it loses contrast (light and dark).
 */
const shade = (value: number | null) =>
  value === null
    ? undefined
    : `color-mix(in srgb, var(--primary) ${Math.round((Math.min(Math.max(value, 0), 150) / 150) * 30)}%, transparent)`;

/** Net MRR retention by first-payment month: a real table, one row per cohort, one column per month since. */
export function CohortTable({ cohorts }: { cohorts: Cohort[] }) {
  const width = Math.max(...cohorts.map((c) => c.retention.length));
  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        Each cell: the cohort&rsquo;s MRR at the end of that month, as a percentage of the MRR it started
        with. The last cell of each row is the month so far.
      </p>
      <Table scrollLabel="Cohort table">
        <TableCaption className="sr-only">Net MRR retention by first-payment month</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Cohort</TableHead>
            <TableHead className="text-right">Customers</TableHead>
            <TableHead className="text-right">Starting MRR</TableHead>
            {Array.from({ length: width }, (_, i) => (
              <TableHead key={i} className="text-right">
                Month {i}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {cohorts.map((c) => (
            <TableRow key={c.month}>
              <TableHead scope="row" className="text-foreground">
                {monthLabel(c.month)}
              </TableHead>
              <TableCell className="text-right tabular-nums">{c.customers}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(c.startingMrr)}</TableCell>
              {Array.from({ length: width }, (_, i) => {
                const value = i < c.retention.length ? c.retention[i]! : undefined;
                return (
                  <TableCell
                    key={i}
                    className="text-right tabular-nums"
                    style={{ background: value === undefined ? undefined : shade(value) }}
                  >
                    {value === undefined ? '' : rate(value)}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
