import { Transport } from 'jsforce/lib/transport.js';
import type { HttpRequest, HttpRequestOptions, HttpResponse } from 'jsforce/lib/types';
import type { StreamPromise } from 'jsforce/lib/util/promise';
import { CrmUnavailable } from './adapter';
import { headerOf, networkFailure, retryAfterMs, type Transient } from './retry';

// How Salesforce's answers and failures are read: the HTTP status jsforce leaves out, the shape of a
// 2xx answer, Salesforce's message, and which failures are worth a retry.

export type SaveResult = {
  id?: string;
  success: boolean;
  created?: boolean;
  errors?: { statusCode?: string; message?: string }[];
};
export type Answered = { status: number; headers: Record<string, string> };

/** Salesforce's failure for one call, with the HTTP status jsforce's own errors leave out. */
export class SalesforceCallFailed extends Error {
  constructor(
    readonly cause: unknown,
    readonly answered: Answered | null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * jsforce's HTTP transport, noting the status and headers of each answer: jsforce's errors carry only
 * Salesforce's errorCode, and the retry decision needs the status and Retry-After.
 */
export class AnswerRecordingTransport extends Transport {
  last: Answered | null = null;

  override httpRequest(req: HttpRequest, options?: HttpRequestOptions): StreamPromise<HttpResponse> {
    this.last = null;
    const answer = super.httpRequest(req, options);
    answer.then(
      (res) => (this.last = { status: res.statusCode, headers: res.headers }),
      () => (this.last = null),
    );
    return answer;
  }
}

/** Salesforce answered 2xx with something that is not the API's answer (checked before any use). */
export class NotItsApi extends Error {}

export const notItsApi = (what: string, detail: string) =>
  new CrmUnavailable(
    `Salesforce sent an answer that is not its API's to the ${what} (${detail.slice(0, 200)}); try again later.`,
  );

export type Described = { name: string; fields: { name: string; externalId?: boolean }[] };

/** An sObject's description: its name and its fields (`GET /sobjects/{Type}/describe`). */
export const isDescribed = (answer: unknown): answer is Described =>
  typeof answer === 'object' &&
  answer !== null &&
  typeof (answer as Described).name === 'string' &&
  Array.isArray((answer as Described).fields) &&
  (answer as Described).fields.every(
    (f) => typeof f === 'object' && f !== null && typeof f.name === 'string',
  );

/** The collections answer: one save result per record sent, in order. */
export function isSaveResults(answer: unknown, count: number): answer is SaveResult[] {
  return (
    Array.isArray(answer) &&
    answer.length === count &&
    answer.every((r) => typeof r === 'object' && r !== null && typeof (r as SaveResult).success === 'boolean')
  );
}

export function describeAnswer(answer: unknown): string {
  if (Array.isArray(answer)) return `${answer.length} results that are not save results for the records sent`;
  if (typeof answer === 'string') return `text: ${answer.trim().slice(0, 80) || 'empty'}`;
  return answer === null || answer === undefined
    ? 'an empty body'
    : 'an object instead of a list of save results';
}

/**
 * jsforce's token errors carry no status either: a body that is not an OAuth error is named
 * `ERROR_HTTP_<status>`.
 */
export function tokenTransientOf(err: unknown): Transient | null {
  const network = networkFailure(err);
  if (network) return { status: null, waitMs: null, detail: network };
  const status = err instanceof Error ? /^ERROR_HTTP_(\d{3})$/.exec(err.name)?.[1] : undefined;
  return status && (status === '429' || status.startsWith('5'))
    ? { status: Number(status), waitMs: null, detail: '' }
    : null;
}

export function transientOf(err: unknown): Transient | null {
  if (!(err instanceof SalesforceCallFailed)) return null;
  if (!err.answered) {
    const network = networkFailure(err.cause);
    return network ? { status: null, waitMs: null, detail: network } : null;
  }
  const { status, headers } = err.answered;
  if (status !== 429 && status < 500) return null;
  return { status, waitMs: retryAfterMs(headerOf(headers, 'retry-after')), detail: '' };
}

/** Salesforce's message; several errors for one call come joined. */
export function salesforceMessage(err: unknown): string {
  const data = (err as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) {
    const messages = data.map((d: { message?: unknown }) => d?.message).filter((m) => typeof m === 'string');
    if (messages.length > 0) return messages.join('; ');
  }
  return err instanceof Error ? err.message.trim() : String(err);
}
