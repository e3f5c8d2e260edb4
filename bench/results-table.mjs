// How the bench prints its figures: one run's table, and the runs of several databases side by side.
// A row is what bench/run.mjs's report keeps in its results file: {metric, value, unit, budget, pass, why}.

const number = (n) =>
  typeof n === 'string' ? n : Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1);

/** The row's figure with its unit ("1598 ms", "26.1 req/s (79 requests)", "0 / 0 / 0"). */
export const valueText = (row) => `${number(row.value)} ${row.unit}`.trim();

/** `info` without a budget, `pass`, or `FAIL: <why>`. */
export const resultText = (row) =>
  row.pass === null ? 'info' : row.pass ? 'pass' : `FAIL: ${row.why.join(', ')}`;

/** Columns padded to their widest cell, under a header and a rule. */
export function printTable(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

/** "4 of 13 budgets FAILED": the count the bench's last line ends with. */
export function failedCount(rows) {
  const failed = rows.filter((r) => r.pass === false).length;
  const budgeted = rows.filter((r) => r.pass !== null).length;
  return `${failed} of ${budgeted} budgets FAILED${failed ? '' : ' (every budget met)'}`;
}

/**
 * The same measures on each database, one value and result column pair per database, in the first
 * run's order (a row only one run has is shown with "-" for the other).
 */
export function printSideBySide(runs) {
  const byMetric = runs.map(({ rows }) => new Map(rows.map((r) => [r.metric, r])));
  const metrics = [...new Set(runs.flatMap(({ rows }) => rows.map((r) => r.metric)))];
  const table = metrics.map((metric) => {
    const found = byMetric.map((m) => m.get(metric));
    const budget = found.find(Boolean).budget;
    return [metric, budget, ...found.flatMap((r) => (r ? [valueText(r), resultText(r)] : ['-', '-']))];
  });
  printTable(['metric', 'budget', ...runs.flatMap(({ name }) => [name, 'result'])], table);
}
