import { CrmUnavailable, type CrmOutcome } from './adapter';
import { COMPANY_KEY } from './hubspot-properties';
import { headerOf, networkFailure, retryAfterMs, type Transient } from './retry';

// How HubSpot's answers and failures are read: the shape of a 2xx answer, the message of a refusal,
// which failures are worth a retry, and each result matched back to the record it was for.

export type Written = { id: string; objectWriteTraceId?: string };
export type BatchAnswer<T = Written> = {
  results: T[];
  errors?: { message: string; category?: string; context?: object }[];
};
export type Association = { _from: { id: string }; to: { id: string } };
/** The SDK's ApiException (each generated module has its own class, so it is recognised by shape). */
export type ApiFailure = { code: number; body: unknown; headers: Record<string, string> };

export const isApiFailure = (err: unknown): err is ApiFailure =>
  typeof err === 'object' && err !== null && typeof (err as ApiFailure).code === 'number' && 'headers' in err;

export const notItsApi = (what: string, detail: string) =>
  new CrmUnavailable(
    `HubSpot sent an answer that is not its API's to the ${what} (${detail.slice(0, 200)}); try again later.`,
  );

/** The SDK's own failures to read a 2xx body: not JSON (cut short), or not JSON at all (an HTML page). */
export const isUnreadable = (err: unknown) =>
  err instanceof SyntaxError ||
  (err instanceof Error &&
    /^(Cannot parse content|The mediaType .* is not supported by ObjectSerializer)/.test(err.message));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function hasResults(answer: unknown, isResult: (r: unknown) => boolean): boolean {
  if (!isObject(answer) || !Array.isArray(answer.results) || !answer.results.every(isResult)) return false;
  return answer.errors === undefined || Array.isArray(answer.errors);
}

export const isWrittenList = (answer: unknown): answer is BatchAnswer =>
  hasResults(answer, (r) => isObject(r) && typeof r.id === 'string' && r.id !== '');

export const isAssociationList = (answer: unknown): answer is BatchAnswer<Association> =>
  hasResults(
    answer,
    (r) => isObject(r) && isObject(r._from) && isObject(r.to) && typeof r._from.id === 'string',
  );

export const isProperty = (answer: unknown): answer is { name: string; hasUniqueValue?: boolean } =>
  isObject(answer) && answer.name === COMPANY_KEY;

export function describeAnswer(answer: unknown): string {
  if (typeof answer === 'string') return `text: ${answer.trim().slice(0, 80) || 'empty'}`;
  if (!isObject(answer)) return 'an empty body';
  if (!Array.isArray(answer.results)) return 'no list of results';
  return 'results without the ids of what was written';
}

export function transientOf(err: unknown): Transient | null {
  if (isApiFailure(err)) {
    if (err.code !== 429 && err.code < 500) return null;
    // HubSpot's 429 carries Retry-After; without it, an empty burst window tells how long to wait.
    const after = retryAfterMs(headerOf(err.headers, 'retry-after'));
    const remaining = headerOf(err.headers, 'x-hubspot-ratelimit-remaining');
    const interval = Number(headerOf(err.headers, 'x-hubspot-ratelimit-interval-milliseconds'));
    const windowWait = err.code === 429 && remaining === '0' && interval > 0 ? interval : null;
    return { status: err.code, waitMs: after ?? windowWait, detail: '' };
  }
  const network = networkFailure(err);
  return network ? { status: null, waitMs: null, detail: network } : null;
}

/**
 * HubSpot's error message. A validation error names each bad value inside a JSON list
 * ("Property values were not valid: [{...,"message":"Email address x is invalid",...}]"): the inner
 * messages are what the screen should show.
 */
export function hubspotMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return typeof body === 'string' && body ? body.slice(0, 300) : null;
  const list = /^Property values were not valid: (\[.*\])$/s.exec(message)?.[1];
  if (!list) return message;
  try {
    const inner = (JSON.parse(list) as { message?: string }[]).map((p) => p.message).filter(Boolean);
    return inner.length > 0 ? inner.join('; ') : message;
  } catch {
    return message;
  }
}

/** Puts each result under its record (by objectWriteTraceId); errors and silences become failures. */
export function matchResults(
  records: { id: string }[],
  answer: BatchAnswer,
  written: Map<string, string>,
  outcomes: CrmOutcome[],
) {
  const wanted = new Set(records.map((r) => r.id));
  for (const result of answer.results) {
    if (result.objectWriteTraceId && wanted.has(result.objectWriteTraceId)) {
      written.set(result.objectWriteTraceId, result.id);
    }
  }
  const errors = (answer.errors ?? []).map((e) => e.message).filter(Boolean);
  for (const r of records) {
    if (written.has(r.id)) continue;
    outcomes.push({
      id: r.id,
      ok: false,
      message:
        errors.length > 0 ? errors.join('; ') : 'HubSpot did not answer for this record; it was not synced.',
    });
  }
}
