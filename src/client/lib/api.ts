import type { QueryFunction } from '@tanstack/react-query';

/** Shared call behaviour (spec 1 §7, error texts from §8). */

export const HTML_RESPONSE_ERROR =
  'External service returned webpage instead of API response. Service may not be configured for API access.';
export const NON_JSON_RESPONSE_ERROR = 'Non-JSON response received from server';
export const JSON_PARSE_ERROR = 'Failed to parse JSON response from server';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Throws `Error("{status}: {response text or status text}")` for a non-OK answer. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/**
 * The generic call helper: sends `data` as JSON (with a JSON content type) when given, always includes
 * credentials, throws `"{status}: {text}"` for a non-OK answer and returns the Response otherwise.
 */
export async function apiRequest(
  method: HttpMethod | (string & {}),
  url: string,
  data?: unknown,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** `apiRequest` followed by reading the JSON answer (same error texts as the query loader). */
export async function apiJson<T>(
  method: HttpMethod | (string & {}),
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await readJson(res)) as T;
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

/** Reads a JSON body, with the spec's errors for HTML, other non-JSON and unparsable answers. */
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
 * The default data loader for queries: GET on the first element of the query key, credentials included.
 * A 401 gives `null` with `on401: 'returnNull'` and throws with `'throw'`.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const res = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) {
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await readJson(res)) as T;
  };
}

/** The HTTP status in an error thrown by `apiRequest` / `getQueryFn` ("409: ..."), or undefined. */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/**
 * The text to show for an error: for `"409: {\"message\":\"...\"}"` the server's message; for
 * `"500: some text"` the text after the status; for any other Error its message; else the fallback.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const body = (match[2] ?? '').trim();
  if (!body) return fallback;
  if (body.startsWith('{')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object') {
        const { message, error: errorText } = parsed as { message?: unknown; error?: unknown };
        if (typeof message === 'string' && message) return message;
        if (typeof errorText === 'string' && errorText) return errorText;
      }
      return fallback;
    } catch {
      return body;
    }
  }
  if (looksLikeHtml(body)) return fallback;
  return body;
}

/**
 * Field errors from a 400 answer `{"message": ..., "errors": {field: message}}`, or an empty object.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return {};
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return {};
  try {
    const parsed = JSON.parse(match[1] ?? '') as { errors?: unknown };
    if (parsed.errors && typeof parsed.errors === 'object') {
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(parsed.errors as Record<string, unknown>)) {
        if (typeof value === 'string') out[key] = value;
      }
      return out;
    }
  } catch {
    // not JSON
  }
  return {};
}
