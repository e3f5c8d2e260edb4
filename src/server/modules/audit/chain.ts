import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditVerifyResult } from '../../../shared/contracts/audit';
import type { Db, Executor } from '../../db/client';
import { auditChain } from '../../db/schema';

/**
 * The tamper-evident chain of the audit trail (docs/audit-logs.md "Tamper evidence").
 *
 * Rows are written unsealed (chain_seq and hash null) in the transaction of their change. The sealer
 * takes the one `audit_chain` row FOR UPDATE (one sealer at a time, across instances), gives each
 * unsealed row, in id order, the next position and hash = sha256(previous hash, position, content), and
 * moves the head. Verify checks the floor (retention's last deleted row) against the one retention's own
 * latest row names, then walks the positions from it and names the first row whose hash does not match
 * (altered) or the first missing position (removed).
 */

type Rows<T> = { rows: T[] };

/**
 * A row's content as text the same on PGlite and PostgreSQL: jsonb through `::text` (PostgreSQL's own
 * normal form) and the time as epoch microseconds, both worked out by the database.
 */
const CONTENT_COLUMNS =
  sql.raw(`audit_logs.id::text as row_id, actor_type, actor_id, actor_email, account_id::text as account_id,
  action, category, resource_type, resource_id, old_values::text as old_values, new_values::text as new_values,
  ip_address, user_agent, success::text as success,
  (extract(epoch from created_at) * 1000000)::bigint::text as created_us`);

type ContentRow = {
  row_id: string;
  actor_type: string;
  actor_id: string | null;
  actor_email: string | null;
  account_id: string | null;
  action: string;
  category: string;
  resource_type: string;
  resource_id: string | null;
  old_values: string | null;
  new_values: string | null;
  ip_address: string | null;
  user_agent: string | null;
  success: string;
  created_us: string;
};

const canonical = (r: ContentRow) =>
  JSON.stringify([
    r.row_id,
    r.actor_type,
    r.actor_id,
    r.actor_email,
    r.account_id,
    r.action,
    r.category,
    r.resource_type,
    r.resource_id,
    r.old_values,
    r.new_values,
    r.ip_address,
    r.user_agent,
    r.success,
    r.created_us,
  ]);

/** The hash of the row at `seq`, chained to the hash before it. */
export const chainHash = (previous: string, seq: number, row: ContentRow) =>
  createHash('sha256')
    .update(`${previous}\n${seq}\n${canonical(row)}`)
    .digest('hex');

export const SEAL_BATCH = 1000;

type Head = { head_seq: string; head_hash: string; floor_seq: string; floor_hash: string };

async function lockedHead(tx: Executor): Promise<Head> {
  const result = (await tx.execute(
    sql`select head_seq::text, head_hash, floor_seq::text, floor_hash from ${auditChain} where id = 1 for update`,
  )) as unknown as Rows<Head>;
  if (result.rows[0]) return result.rows[0];
  // The migration inserts it; a database emptied by hand gets it back.
  await tx.execute(sql`insert into ${auditChain} (id) values (1) on conflict do nothing`);
  return lockedHead(tx);
}

/**
 * Seals one batch of unsealed rows in one transaction (the head's row lock makes a second sealer wait,
 * then read the rows left). Answers how many it sealed.
 */
export async function sealBatch(db: Db, size = SEAL_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const head = await lockedHead(tx);
    const { rows } = (await tx.execute(
      sql`select ${CONTENT_COLUMNS} from audit_logs where chain_seq is null order by audit_logs.id limit ${size}`,
    )) as unknown as Rows<ContentRow>;
    if (rows.length === 0) return 0;
    let seq = Number(head.head_seq);
    let hash = head.head_hash;
    const values = rows.map((row) => {
      seq += 1;
      hash = chainHash(hash, seq, row);
      return sql`(${row.row_id}::bigint, ${seq}::bigint, ${hash}::text)`;
    });
    await tx.execute(sql`update audit_logs as a set chain_seq = v.seq, hash = v.hash
      from (values ${sql.join(values, sql`, `)}) as v(id, seq, hash) where a.id = v.id`);
    await tx.execute(
      sql`update ${auditChain} set head_seq = ${seq}, head_hash = ${hash}, updated_at = now() where id = 1`,
    );
    return rows.length;
  });
}

/** Seals every row written so far, batch by batch. Answers how many. */
export async function sealAll(db: Db, size = SEAL_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await sealBatch(db, size);
    total += n;
    if (n < size) return total;
  }
}

const VERIFY_BATCH = 2000;

/** The chain's floor and head, and the floor the latest sealed retention row names, in one snapshot. */
type Ends = Head & {
  named_seq: string | null;
  named_hash: string | null;
  /** Whether any sealed row sits at or below the floor: retention removes every one of them. */
  below_floor: boolean;
};

async function chainEnds(db: Db): Promise<Ends | undefined> {
  const { rows } =
    (await db.execute(sql`select c.head_seq::text, c.head_hash, c.floor_seq::text, c.floor_hash,
      r.new_values ->> 'floorSeq' as named_seq, r.new_values ->> 'floorHash' as named_hash, b.below_floor
    from ${auditChain} c left join lateral (
      select new_values from audit_logs
      where action = 'audit_retention' and chain_seq is not null
      order by chain_seq desc limit 1
    ) r on true
    cross join lateral (
      select exists (select 1 from audit_logs where chain_seq <= c.floor_seq) as below_floor
    ) b
    where c.id = 1`)) as unknown as Rows<Ends>;
  return rows[0];
}

/**
 * Recomputes the chain from the floor to the head and names the first problem: a floor that is not the
 * one the latest retention row wrote (someone moved it to hide the first rows), a row whose content or
 * position no longer gives its hash (altered), a position with no row (removed), or a last row that is
 * not the head (rows removed at the end, or the head rewritten). Rows written meanwhile are sealed first.
 *
 * Retention may run while the walk reads (each batch in its own statement): a problem found when the
 * floor has moved since the walk began is checked again from the new floor, while it keeps moving.
 */
export async function verifyChain(db: Db, now: Date): Promise<AuditVerifyResult> {
  await sealAll(db);
  let result = await verifyOnce(db, now);
  // Retention moved the floor meanwhile (a long run deletes many batches), or did just before the walk
  // and its own row still waited for the sealer: seal and look again while the floor keeps moving.
  for (let attempt = 0; !result.ok && attempt < VERIFY_RETRIES; attempt += 1) {
    const ends = await chainEnds(db);
    const floorMoved = Number(ends?.floor_seq ?? 0) !== result.floorSeq;
    if (!floorMoved && result.problem?.kind !== 'floor') return result;
    await sealAll(db);
    const again = await verifyOnce(db, now);
    if (!floorMoved && again.problem?.kind === 'floor') return again;
    result = again;
  }
  return result;
}

/** How many times verify looks again while retention keeps moving the floor under it. */
const VERIFY_RETRIES = 20;

type Problem = NonNullable<AuditVerifyResult['problem']>;

async function verifyOnce(db: Db, now: Date): Promise<AuditVerifyResult> {
  const head = await chainEnds(db);
  const headSeq = Number(head?.head_seq ?? 0);
  const floorSeq = Number(head?.floor_seq ?? 0);
  const floorHash = head?.floor_hash ?? '';
  const [unsealedRow] = (
    (await db.execute(
      sql`select count(*)::int as n from audit_logs where chain_seq is null`,
    )) as unknown as Rows<{ n: number }>
  ).rows;
  const base = {
    headSeq,
    floorSeq,
    unsealed: Number(unsealedRow?.n ?? 0),
    verifiedAt: now.toISOString(),
  };
  const failed = (checked: number, problem: Problem): AuditVerifyResult => ({
    ...base,
    ok: false,
    checked,
    problem,
  });
  // The floor moves only with retention, which writes the new floor in its own (chained) row.
  const namedSeq = Number(head?.named_seq ?? 0);
  const namedHash = head?.named_hash ?? '';
  // A row left at or below the floor (retention removes them all) means the floor was moved past rows,
  // the retention row that names it among them, to hide what lay between.
  if (floorSeq !== namedSeq || floorHash !== namedHash || head?.below_floor) {
    return failed(0, {
      kind: 'floor',
      chainSeq: floorSeq,
      rowId: null,
      message: `The chain's floor (position ${floorSeq}) is not the one the last retention run wrote (position ${namedSeq}): rows at the start were removed or the floor was rewritten.`,
    });
  }
  const { expected, previous, checked, problem } = await walkChain(db, floorSeq, floorHash, headSeq);
  if (problem) return failed(checked, problem);
  if (expected <= headSeq) {
    return failed(checked, {
      kind: 'removed',
      chainSeq: expected,
      rowId: null,
      message: `The row at chain position ${expected} was removed (the chain's head is at ${headSeq}).`,
    });
  }
  if (headSeq > floorSeq && previous !== head?.head_hash) {
    return failed(checked, {
      kind: 'head',
      chainSeq: headSeq,
      rowId: null,
      message: 'The chain head does not match the last row: the head was rewritten.',
    });
  }
  return { ...base, ok: true, checked, problem: null };
}

/**
 * Walks the sealed rows from the floor to the head, batch by batch, recomputing each hash: stops at the
 * first position with no row or the first row whose hash does not match.
 */
async function walkChain(db: Db, floorSeq: number, floorHash: string, headSeq: number) {
  let expected = floorSeq + 1;
  let previous = floorHash;
  let checked = 0;
  const stop = (problem: Problem) => ({ expected, previous, checked, problem });
  while (expected <= headSeq) {
    const { rows } = (await db.execute(sql`select chain_seq::text as seq, hash, ${CONTENT_COLUMNS}
      from audit_logs where chain_seq >= ${expected} and chain_seq <= ${headSeq}
      order by chain_seq limit ${VERIFY_BATCH}`)) as unknown as Rows<
      ContentRow & { seq: string; hash: string }
    >;
    if (rows.length === 0) break;
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expected) {
        return stop({
          kind: 'removed',
          chainSeq: expected,
          rowId: null,
          message: `The row at chain position ${expected} was removed (the next row present is #${row.row_id} at position ${seq}).`,
        });
      }
      const hash = chainHash(previous, seq, row);
      if (hash !== row.hash) {
        return stop({
          kind: 'altered',
          chainSeq: seq,
          rowId: Number(row.row_id),
          message: `Row #${row.row_id} (chain position ${seq}) was altered: its content no longer matches its hash.`,
        });
      }
      previous = row.hash;
      expected += 1;
      checked += 1;
    }
  }
  return { expected, previous, checked, problem: null };
}
