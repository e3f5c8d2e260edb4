// The analyzed query plans of the statements a request ran (EXPLAIN ANALYZE: rows each node read), to hold
// a list to how much of a table it reads. query-plans.ts asks only which indexes a plan can use.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import type { Statement } from './test-app';

/** One node of `EXPLAIN (ANALYZE, FORMAT JSON)`, with the fields the tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** The statement as it ran: its `$1`, `$2`... placeholders bound to the parameters it was given. */
function bound({ sql: text, params }: Statement) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))));
}

/**
 * Runs the statement again under `EXPLAIN (ANALYZE, FORMAT JSON)` and returns its plan's root. The test
 * tables hold a few dozen rows, where a sequential scan is legitimately the cheapest; `seqScanOff` asks
 * the planner for the plan it would choose at scale, where the index is the point.
 */
export async function planOf(db: Executor, statement: Statement, seqScanOff = true): Promise<PlanNode> {
  const result = await db.transaction(async (tx) => {
    if (seqScanOff) await tx.execute(sql`set local enable_seqscan = off`);
    return tx.execute(sql`explain (analyze, format json) ${bound(statement)}`);
  });
  const cell = Object.values((result as unknown as { rows: Record<string, unknown>[] }).rows[0]!)[0];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

/** Every node of a plan, the root first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The nodes that read `table` (scans of it or of its indexes). */
export const nodesOn = (plan: PlanNode, table: string) =>
  planNodes(plan).filter((n) => n['Relation Name'] === table);

/** How many rows of `table` the plan read: those its scans returned or filtered out, in every loop. */
export const rowsReadFrom = (plan: PlanNode, table: string) =>
  nodesOn(plan, table).reduce(
    (sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'],
    0,
  );

/** The names of the indexes a plan used. */
export const indexesUsed = (plan: PlanNode) =>
  planNodes(plan)
    .map((n) => n['Index Name'])
    .filter((name): name is string => !!name);
