import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import type { JobRecordError } from '../../../shared/contracts/background-jobs';
import { EXTERNAL_DB_MAX_ROWS } from '../../../shared/contracts/external-db';
import {
  readRows,
  type ExternalDbList,
  type ExternalDbSettings,
} from '../../integrations/external-db/client';
import { JobFailure } from '../background-jobs';

/**
 * The whole source read and checked before anything is written (docs/external-db.md): each row is
 * validated with our contract as it streams in and the valid ones are spilled to a temporary file,
 * so memory holds one chunk and the set of emails seen (at most EXTERNAL_DB_MAX_ROWS), never the rows.
 */

/** A valid row as spilled: where it was in the source, how errors name it, its checked values. */
export type SourceRow<T> = { line: number; ref: string; data: T };

/** A row that did not go through, with its place in the source (errors are answered in source order). */
export type RowError = JobRecordError & { line: number };

export type ReadSource<T> = {
  /** Valid, first-of-their-email rows, in source order. */
  batches(size: number): AsyncGenerator<SourceRow<T>[]>;
  valid: number;
  /** Rows refused while reading (invalid, duplicate email), each with its reason. */
  errors: RowError[];
  /** Every row the source sent. */
  total: number;
  dispose(): Promise<void>;
};

const LIST_NOUN: Record<ExternalDbList, string> = { customers: 'customers', users: 'users' };

export const tooManyRowsMessage = (list: ExternalDbList) =>
  `The external database sent more than ${EXTERNAL_DB_MAX_ROWS.toLocaleString('en-US')} ${LIST_NOUN[list]}: one import takes at most ${EXTERNAL_DB_MAX_ROWS.toLocaleString('en-US')}. Nothing was imported; split the source.`;

/** `null` is how many systems say "no value": read as absent, so optional fields stay optional. */
function withoutNulls(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
}

function refOf(line: number, row: unknown): string {
  const email = (row as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim()
    ? `row ${line} (${email.trim().slice(0, 254)})`
    : `row ${line}`;
}

/** The row's problems in one line: each field's first message. */
function reasonOf(error: z.ZodError): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'row';
    if (seen.has(field)) continue;
    seen.add(field);
    parts.push(`${field}: ${issue.message}`);
  }
  return parts.join('; ');
}

export async function readSource<T extends { email: string }>(
  settings: ExternalDbSettings,
  list: ExternalDbList,
  schema: z.ZodType<T>,
): Promise<ReadSource<T>> {
  const dir = await mkdtemp(join(tmpdir(), 'motorpool-import-'));
  const file = join(dir, `${list}.ndjson`);
  const dispose = () => rm(dir, { recursive: true, force: true });
  const out = createWriteStream(file, { encoding: 'utf8' });
  const firstRowOf = new Map<string, number>();
  const errors: RowError[] = [];
  let total = 0;
  let valid = 0;
  let overCap = false;
  try {
    await readRows(settings, list, async (raw) => {
      total += 1;
      if (total > EXTERNAL_DB_MAX_ROWS) {
        overCap = true;
        return false;
      }
      const checked = checkRow(raw, total, schema, firstRowOf);
      if ('error' in checked) {
        errors.push(checked.error);
        return true;
      }
      firstRowOf.set(checked.row.data.email, total);
      valid += 1;
      if (!out.write(`${JSON.stringify(checked.row)}\n`)) await once(out, 'drain');
      return true;
    });
    out.end();
    await once(out, 'close');
  } catch (error) {
    // Rows already spilled may still be on their way to the file: their late write errors are moot.
    out.on('error', () => undefined);
    out.destroy();
    await dispose();
    throw error;
  }
  if (overCap) {
    await dispose();
    throw new JobFailure(tooManyRowsMessage(list));
  }
  return {
    valid,
    errors,
    total,
    dispose,
    batches: (size) => spilledBatches<T>(file, size),
  };
}

/** One row the source sent, checked: its error, or the row to spill. */
function checkRow<T extends { email: string }>(
  raw: unknown,
  line: number,
  schema: z.ZodType<T>,
  firstRowOf: Map<string, number>,
): { error: RowError } | { row: SourceRow<T> } {
  const ref = refOf(line, raw);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { error: { line, ref, message: 'Not an object with fields' } };
  }
  const parsed = schema.safeParse(withoutNulls(raw as Record<string, unknown>));
  if (!parsed.success) return { error: { line, ref, message: reasonOf(parsed.error) } };
  const first = firstRowOf.get(parsed.data.email);
  if (first !== undefined) {
    return {
      error: { line, ref, message: `The email appears more than once in the source (first at row ${first})` },
    };
  }
  return { row: { line, ref, data: parsed.data } };
}

/** The spilled rows read back in batches of `size`, in source order. */
async function* spilledBatches<T>(file: string, size: number): AsyncGenerator<SourceRow<T>[]> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let batch: SourceRow<T>[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(JSON.parse(line) as SourceRow<T>);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
