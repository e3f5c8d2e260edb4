import { JSONParser } from '@streamparser/json';
import { EXTERNAL_DB_MAX_BODY_BYTES, EXTERNAL_DB_MAX_ROW_BYTES } from '../../../shared/contracts/external-db';

/**
 * The external database's HTTP API (docs/external-db.md): `GET /health`, `GET /api/customers`
 * and `GET /api/users`, each with the API key as `Authorization: Bearer <key>` and as `X-API-Key: <key>`
 * (systems check one or the other). A list is read as a stream, one row at a time, so a source of any
 * size holds one chunk and at most one row (EXTERNAL_DB_MAX_ROW_BYTES) in memory; the whole answer is
 * bounded too (EXTERNAL_DB_MAX_BODY_BYTES), and the whole exchange, body included, must end within the
 * timeout.
 */

export type ExternalDbSettings = { url: string; apiKey: string; timeoutMs: number };
export type ExternalDbList = 'customers' | 'users';

/** A failure of the external system, in words for the screen (never its raw answer: it may quote a key). */
export class ExternalDbError extends Error {}

export const HTML_MESSAGE =
  'External service returned webpage instead of API response. Service may not be configured for API access.';

const headersOf = (apiKey: string) => ({
  Authorization: `Bearer ${apiKey}`,
  'X-API-Key': apiKey,
  Accept: 'application/json',
});

/** `/health` and `/api/customers` under the configured URL, whatever path it already has. */
function endpoint(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.toString();
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Network failures and the timeout in words for the screen; anything else (ours) goes on as it is. */
function failureOf(error: unknown, timeoutMs: number): unknown {
  if (error instanceof ExternalDbError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ExternalDbError(`The external database did not answer within ${seconds(timeoutMs)}.`);
  if (error instanceof TypeError && error.cause !== undefined) {
    // undici's "fetch failed", with the socket's error as its cause.
    const code = (error.cause as { code?: string } | null)?.code;
    return new ExternalDbError(
      `The external database could not be reached${code ? ` (${code})` : ''}. Check EXTERNAL_DB_URL.`,
    );
  }
  return error;
}

function refusalOf(status: number): ExternalDbError {
  if (status === 401 || status === 403)
    return new ExternalDbError(`The external database refused the API key (${status}).`);
  if (status === 404)
    return new ExternalDbError('The external database has no such endpoint (404). Check EXTERNAL_DB_URL.');
  return new ExternalDbError(`The external database answered with an error (${status}).`);
}

const isHtml = (contentType: string | null) => /\btext\/html\b|\bapplication\/xhtml/i.test(contentType ?? '');

async function get(settings: ExternalDbSettings, path: string, signal: AbortSignal): Promise<Response> {
  const res = await fetch(endpoint(settings.url, path), {
    headers: headersOf(settings.apiKey),
    redirect: 'error',
    signal,
  });
  if (isHtml(res.headers.get('content-type'))) {
    await res.body?.cancel();
    throw new ExternalDbError(HTML_MESSAGE);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw refusalOf(res.status);
  }
  return res;
}

/** The connection test: `/health` answers 2xx within the timeout. */
export async function checkHealth(settings: ExternalDbSettings): Promise<void> {
  try {
    const res = await get(settings, '/health', AbortSignal.timeout(settings.timeoutMs));
    await res.body?.cancel();
  } catch (error) {
    throw failureOf(error, settings.timeoutMs);
  }
}

/** How much of an answer is read before it is refused; tests lower them to keep their sources small. */
export type ReadLimits = { maxRowBytes: number; maxBodyBytes: number };
const DEFAULT_LIMITS: ReadLimits = {
  maxRowBytes: EXTERNAL_DB_MAX_ROW_BYTES,
  maxBodyBytes: EXTERNAL_DB_MAX_BODY_BYTES,
};

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`
    : `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;

export const rowTooLargeMessage = (row: number, max = EXTERNAL_DB_MAX_ROW_BYTES) =>
  `The external database sent a row over ${sizeOf(max)} (row ${row.toLocaleString('en-US')}): one row takes at most ${sizeOf(max)}.`;
export const bodyTooLargeMessage = (max = EXTERNAL_DB_MAX_BODY_BYTES) =>
  `The external database sent more than ${sizeOf(max)}: one import reads at most ${sizeOf(max)}.`;

/**
 * Reads `GET /api/<list>` row by row: the body is a JSON array of rows, or an object whose `<list>`
 * key holds that array (`{"customers": [...]}`; other keys are ignored). `onRow` is awaited between
 * chunks, so a slow consumer slows the reading instead of piling rows up; it answers false to stop
 * reading (the import's row cap). Answers whether the whole list was read. A row longer than
 * `maxRowBytes` (counted from the end of the row before it, so it is what the parser holds) or an
 * answer longer than `maxBodyBytes` stops the reading with an ExternalDbError.
 */
export async function readRows(
  settings: ExternalDbSettings,
  list: ExternalDbList,
  onRow: (row: unknown) => Promise<boolean>,
  limits: ReadLimits = DEFAULT_LIMITS,
): Promise<{ complete: boolean }> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const parser = new JSONParser({ paths: ['$.*', `$.${list}.*`], keepStack: false });
  let sawList = false;
  let pending: unknown[] = [];
  let rows = 0;
  // Byte offsets in the answer: of the last token the parser completed, and just past the last row.
  let lastToken = 0;
  let rowEnd = 0;
  parser.onToken = ({ offset }) => {
    lastToken = offset;
  };
  const emit = (value: unknown) => {
    rows += 1;
    rowEnd = lastToken + 1;
    pending.push(value);
  };
  parser.onValue = ({ value, stack, parent, key }) => {
    // A row: an element of the top-level array, or of the named array under a top-level object.
    if (stack.length === 1 && Array.isArray(parent)) {
      sawList = true;
      emit(value);
    } else if (stack.length === 2 && Array.isArray(parent)) {
      emit(value);
    } else if (stack.length === 1 && key === list && Array.isArray(value)) {
      sawList = true; // the named array itself, its rows already emitted (and dropped)
    }
  };
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  try {
    const res = await get(settings, `/api/${list}`, signal);
    if (!res.body) throw new ExternalDbError('The external database sent an empty answer.');
    reader = res.body.getReader();
    let first = true;
    let read = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.length;
      if (read > limits.maxBodyBytes) throw new ExternalDbError(bodyTooLargeMessage(limits.maxBodyBytes));
      if (first && value.length > 0) {
        // A page without a text/html type still reads as the webpage it is, not as malformed JSON.
        const start = Buffer.from(value.subarray(0, 64)).toString('utf8').trimStart();
        if (start.startsWith('<')) throw new ExternalDbError(HTML_MESSAGE);
        first = false;
      }
      writeChunk(parser, value);
      const ready = pending;
      pending = [];
      // What the parser holds of the row under way: everything after the last complete row.
      if (read - rowEnd > limits.maxRowBytes)
        throw new ExternalDbError(rowTooLargeMessage(rows + 1, limits.maxRowBytes));
      for (const row of ready) {
        if (!(await onRow(row))) {
          await reader.cancel().catch(() => undefined);
          return { complete: false };
        }
      }
    }
    endParser(parser);
    for (const row of pending) if (!(await onRow(row))) return { complete: false };
    if (!sawList)
      throw new ExternalDbError(
        `The external database did not send a list: expected a JSON array or {"${list}": [...]}.`,
      );
    return { complete: true };
  } catch (error) {
    await reader?.cancel().catch(() => undefined);
    throw failureOf(error, settings.timeoutMs);
  }
}

function writeChunk(parser: JSONParser, chunk: Uint8Array) {
  try {
    parser.write(chunk);
  } catch {
    throw new ExternalDbError('The external database sent malformed JSON.');
  }
}

function endParser(parser: JSONParser) {
  try {
    if (!parser.isEnded) parser.end();
  } catch {
    throw new ExternalDbError('The external database sent malformed JSON: the answer ended part-way.');
  }
}
