import { CrmUnavailable, type CrmCustomer, type CrmOutcome } from './adapter';
import { chunks, RetriesExhausted } from './retry';

/**
 * Sends the records in batches of at most `size`, one batch after another (the providers' rate limits
 * are per account, so parallel batches would only earn 429s). A batch that cannot be sent at all
 * (credentials refused, retries exhausted) ends the call with `CrmUnavailable`. Records of earlier batches
 * lose their outcomes then, which costs nothing: both adapters upsert on our own ids, so the next sync
 * updates what those batches wrote instead of creating it again.
 */
export async function runInBatches<R extends { id: string }>(
  records: R[],
  size: number,
  /** Sends one batch and pushes what became of its records onto `outcomes`. */
  send: (batch: R[], outcomes: CrmOutcome[]) => Promise<void>,
): Promise<CrmOutcome[]> {
  const outcomes: CrmOutcome[] = [];
  for (const batch of chunks(records, size)) {
    const answered: CrmOutcome[] = [];
    try {
      await send(batch, answered);
    } catch (err) {
      if (err instanceof RetriesExhausted) throw new CrmUnavailable(err.message);
      throw err;
    }
    outcomes.push(...complete(batch, answered));
  }
  return outcomes;
}

/** Exactly one outcome per record of the batch: one the provider's answer left out is a failure. */
function complete<R extends { id: string }>(batch: R[], outcomes: CrmOutcome[]): CrmOutcome[] {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  return batch.map(
    (r) =>
      byId.get(r.id) ?? {
        id: r.id,
        ok: false,
        message: 'The CRM did not answer for this record; it was not synced.',
      },
  );
}

/** A batch the provider refused as a whole (a 4xx other than 401/403/429), with its message. */
export class BatchRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The provider blames some input without saying which: splitting the batch finds it. */
    readonly invalidInput: boolean,
  ) {
    super(message);
  }
}

/**
 * Sends `batch`; when the provider refuses it as a whole because some input is invalid (HubSpot fails
 * the entire batch for one bad email), halves it until the bad records stand alone, so only they fail
 * and the others are synced. Costs about 2·log2(n) extra requests per bad record.
 */
export async function isolateRefusals<R extends { id: string }, O>(
  batch: R[],
  send: (part: R[]) => Promise<O>,
  onRefused: (part: R[], refusal: BatchRefused) => void,
): Promise<{ part: R[]; answer: O }[]> {
  try {
    return [{ part: batch, answer: await send(batch) }];
  } catch (err) {
    if (!(err instanceof BatchRefused)) throw err;
    if (!err.invalidInput || batch.length === 1) {
      onRefused(batch, err);
      return [];
    }
    const half = Math.ceil(batch.length / 2);
    return [
      ...(await isolateRefusals(batch.slice(0, half), send, onRefused)),
      ...(await isolateRefusals(batch.slice(half), send, onRefused)),
    ];
  }
}

/** A company needs a name in both CRMs; a customer without one is named after its owner. */
export function companyNameOf(c: CrmCustomer): string {
  return c.companyName.trim() || `${c.firstName} ${c.lastName}`.trim() || c.email;
}
