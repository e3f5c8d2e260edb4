import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { DATA_CHANGED_HEADER, DATA_READ_HEADER } from '@shared/data-domains';
import { dataChanged, noteQueryReads } from './data-freshness';
import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';

/** Shared call behaviour and its error texts (docs/product-rules.md "Calls and errors"). */

export const HTML_RESPONSE_ERROR =
  'External service returned webpage instead of API response. Service may not be configured for API access.';
export const NON_JSON_RESPONSE_ERROR = 'Non-JSON response received from server';
export const JSON_PARSE_ERROR = 'Failed to parse JSON response from server';
export const UNEXPECTED_ANSWER_ERROR = 'The server sent an answer this page does not understand';

/**
 * A contract: a zod schema, or a zod/mini one where the full library would weigh on a first load (the
 * staff session, shared/contracts/staff-session.ts).
 */
export type Contract = z.ZodType | ZodMiniType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a call is made: `signal` aborts it; `queryKey` is the query a GET answers, so the data it read
 * is remembered for the freshness model (a `queryFn` passes its whole context: `(ctx) => getJson(url,
 * schema, ctx)`); `keepalive` lets a save outlive the page that made it.
 */
export type CallOptions = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  keepalive?: boolean;
  queryKey?: QueryKey;
};

/**
 * A non-OK answer. The message stays `"{status}: {text}"` (docs/product-rules.md, "Calls and errors");
 * `status` and the parsed JSON `body` are kept beside it, so callers read them as data instead of
 * re-parsing the message.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's JSON (`{message, errors, ...}`), or null when it was not JSON. */
  readonly body: Record<string, unknown> | null;
  /** The answer's text (or the status text when it had none). */
  readonly text: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
    this.body = parseObject(text);
  }

  /** The server's `message` (or `error`) text, if the answer had one. */
  get serverMessage(): string | undefined {
    const { message, error } = this.body ?? {};
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
    return undefined;
  }

  /** The answer's `errorType` (e.g. 'limit_reached'), if it had one. */
  get errorType(): string | undefined {
    const type = this.body?.errorType;
    return typeof type === 'string' ? type : undefined;
  }

  /** The 400 answer's `errors` as field → message. */
  get fieldErrors(): Record<string, string> {
    const errors = this.body?.errors;
    const out: Record<string, string> = {};
    if (errors && typeof errors === 'object') {
      for (const [key, value] of Object.entries(errors)) if (typeof value === 'string') out[key] = value;
    }
    return out;
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Throws an `ApiError` (`"{status}: {response text or status text}"`) for a non-OK answer. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new ApiError(res.status, text);
  }
}

/**
 * The generic call helper: sends `data` as JSON (with a JSON content type) when given, always includes
 * credentials, throws `ApiError` for a non-OK answer and returns the Response otherwise. A change's
 * answer makes stale every cached query that read what it wrote, refused or not (a declined payment
 * is still written down); the call resolves once the screens on view have their fresh data.
 */
export async function apiRequest(
  method: HttpMethod | (string & {}),
  url: string,
  data?: unknown,
  init: CallOptions = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: init.signal,
    // A call that must outlive the page (a save made while leaving it).
    ...(init.keepalive ? { keepalive: true } : {}),
  });
  if (method === 'GET') {
    if (init.queryKey) noteQueryReads(init.queryKey, res.headers.get(DATA_READ_HEADER));
  } else {
    await dataChanged(res.headers.get(DATA_CHANGED_HEADER));
  }
  await throwIfResNotOk(res);
  return res;
}

/**
 * `apiRequest` followed by reading the JSON answer and parsing it with the endpoint's contract, so what a
 * screen gets is what its type says (a mismatch is an error, never a silent cast).
 */
export async function apiJson<S extends Contract>(
  method: HttpMethod | (string & {}),
  url: string,
  schema: S,
  data?: unknown,
  init?: CallOptions,
): Promise<z.output<S>> {
  return answerOf(await apiRequest(method, url, data, init), schema);
}

/**
 * A Response read as `apiJson` reads one, for calls that cannot go through `apiRequest` (the sign-in's
 * challenge round): `ApiError` for a non-OK answer, else its JSON parsed with the contract.
 */
export async function answerOf<S extends Contract>(res: Response, schema: S): Promise<z.output<S>> {
  await throwIfResNotOk(res);
  return parseAnswer(schema, await readJson(res));
}

/** GET with the shared loader's behaviour, parsed with the endpoint's contract: the `queryFn` of every query. */
export function getJson<S extends Contract>(
  url: string,
  schema: S,
  init?: Pick<CallOptions, 'signal' | 'headers' | 'queryKey'>,
): Promise<z.output<S>> {
  return apiJson('GET', url, schema, undefined, init);
}

function parseAnswer<S extends Contract>(schema: S, value: unknown): z.output<S> {
  // The schema's own method: importing zod's parser here would put zod in every chunk that calls the server.
  const result = schema.safeParse(value);
  if (!result.success) {
    // The contract and the server disagree: a bug to see in the console, a plain error for the person.
    console.error('Answer does not match its contract', result.error.issues);
    throw new Error(UNEXPECTED_ANSWER_ERROR);
  }
  // The parsed value; a call through the zod | zod/mini union loses its type, not its check.
  return result.data as z.output<S>;
}

function looksLikeHtml(text: string): boolean {
  const start = text.trimStart().slice(0, 100).toLowerCase();
  return (
    start.startsWith('<!doctype') ||
    start.startsWith('<html') ||
    start.startsWith('<head') ||
    start.startsWith('<body')
  );
}

/** Reads a JSON body, with the documented errors for HTML, other non-JSON and unparsable answers. */
export async function readJson(res: Response): Promise<unknown> {
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (!contentType.includes('application/json') && !contentType.includes('+json')) {
    if (contentType.includes('text/html') || looksLikeHtml(text)) throw new Error(HTML_RESPONSE_ERROR);
    throw new Error(NON_JSON_RESPONSE_ERROR);
  }
  if (looksLikeHtml(text)) throw new Error(HTML_RESPONSE_ERROR);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(JSON_PARSE_ERROR);
  }
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data loader (docs/product-rules.md): GET on the first element of the query key, credentials
 * included; a 401 gives `null` with `on401: 'returnNull'` and throws with `'throw'`. Our own queries
 * name their fetcher and contract in their area's `api.ts`; this stays as the query client's default.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const res = await fetch(url, { credentials: 'include', signal });
    noteQueryReads(queryKey, res.headers.get(DATA_READ_HEADER));
    if (options.on401 === 'returnNull' && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await readJson(res)) as T;
  };
}

/** The HTTP status of a failed call, or undefined for any other error. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * The text to show for an error: the server's message when the answer had one, the answer's text when it
 * was plain text, any other Error's message, else the fallback.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    const text = error.text.trim();
    if (!text || error.body || looksLikeHtml(text)) return fallback;
    return text;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Field errors from a 400 answer `{"message": ..., "errors": {field: message}}`, or an empty object. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** A query string from a list's parameters, leaving out empty ones: `page=2&search=volvo`. */
export function searchParams(params: Record<string, string | number | boolean | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return query.toString();
}
