// The query plans of what a request ran: each statement EXPLAINed with its own parameters, on the
// test's database (PGlite or PostgreSQL), to hold an index to the query it serves (docs/testing.md).
import { sql } from 'drizzle-orm';
import type { Statement, TestApp } from './test-app';

/** One node of a plan (EXPLAIN's JSON), with the fields the tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

/** A parameter as an SQL literal: Drizzle's `execute` takes a statement without parameters. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`query-plans: no literal for ${typeof value} parameters`);
}

/** The statement with `$n` replaced by its parameter. */
export const inlined = ({ sql: text, params }: Statement) =>
  text.replace(/\$(\d+)\b/g, (_, n: string) => literal(params[Number(n) - 1]));

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * Every node of the statement's plan, with scans of whole tables and plain index walks turned off for
 * the one transaction: a test database holds a handful of rows, where reading them all is the cheapest
 * plan, so this asks whether an index can answer the statement's conditions (bitmap scans stay on),
 * which is what breaks when a query's expression and its index's drift apart.
 */
export async function planNodes(t: TestApp, statement: Statement): Promise<PlanNode[]> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const result = (await tx.execute(sql.raw(`explain (format json) ${inlined(statement)}`))) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
    };
    const cell = result.rows[0]!['QUERY PLAN'];
    const [{ Plan }] = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : cell;
    return flatten(Plan);
  });
}

/** The indexes a plan reads, and the tables it reads whole. */
export async function planOf(t: TestApp, statement: Statement) {
  const nodes = await planNodes(t, statement);
  return {
    indexes: new Set(nodes.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))),
    seqScans: new Set(nodes.flatMap((n) => (n['Node Type'] === 'Seq Scan' ? [n['Relation Name']!] : []))),
  };
}
