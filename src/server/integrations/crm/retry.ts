import type { FastifyBaseLogger } from 'fastify';

/**
 * Our one retry loop for both CRMs. The SDKs' own retries are off (HubSpot: no
 * `numberOfApiCallRetries`; jsforce: `retry.maxRetries: 0`), so every attempt is counted here and a
 * provider never sees more than `attempts` requests for one batch.
 */
export type RetryPolicy = {
  /** Requests per batch, the first one included. */
  attempts: number;
  /** Backoff when the provider names no wait: base, then doubled each attempt. */
  baseDelayMs: number;
  /** Total sleep allowed for one batch; a longer Retry-After gives up at once. */
  maxTotalWaitMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1_000, maxTotalWaitMs: 60_000 };

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transient answer (429, 5xx, network): worth another attempt after `waitMs` (null: backoff). */
export type Transient = { status: number | null; waitMs: number | null; detail: string };

/** The provider kept failing transiently; its message is for the screen. */
export class RetriesExhausted extends Error {}

export type RetryContext = {
  provider: 'HubSpot' | 'Salesforce';
  sleep: Sleep;
  policy: RetryPolicy;
  log?: FastifyBaseLogger;
};

/** The context from an adapter's options: real sleeps and the default policy unless a test says otherwise. */
export function retryContext(
  provider: RetryContext['provider'],
  options: { sleep?: Sleep; retry?: RetryPolicy; log?: FastifyBaseLogger },
): RetryContext {
  return {
    provider,
    sleep: options.sleep ?? realSleep,
    policy: options.retry ?? DEFAULT_RETRY,
    log: options.log,
  };
}

export async function withRetries<T>(
  ctx: RetryContext,
  what: string,
  call: () => Promise<T>,
  transientOf: (err: unknown) => Transient | null,
): Promise<T> {
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const transient = transientOf(err);
      if (!transient) throw err;
      const answered = transient.status
        ? `answered ${transient.status}`
        : `could not be reached (${transient.detail})`;
      if (attempt >= ctx.policy.attempts) {
        throw new RetriesExhausted(`${ctx.provider} ${answered} ${attempt} times in a row; try again later.`);
      }
      const waitMs = transient.waitMs ?? ctx.policy.baseDelayMs * 2 ** (attempt - 1);
      if (waited + waitMs > ctx.policy.maxTotalWaitMs) {
        throw new RetriesExhausted(
          `${ctx.provider} ${answered} and asked to wait ${Math.ceil(waitMs / 1000)} s; try again later.`,
        );
      }
      ctx.log?.warn(
        { provider: ctx.provider, what, status: transient.status, attempt, waitMs },
        'crm: retrying',
      );
      waited += waitMs;
      await ctx.sleep(waitMs);
    }
  }
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A header from the SDKs' plain header objects, whatever the case of its name. */
export function headerOf(headers: Record<string, unknown> | undefined, name: string): string | null {
  if (!headers) return null;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? String(value[0]) : String(value);
  }
  return null;
}

/**
 * Whether an SDK error means no answer came at all (refused, reset, DNS, timed out): worth a retry.
 * Other plain errors are bugs or bad input and are not retried.
 */
export function networkFailure(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } }).cause;
  const code = (err as { code?: unknown }).code ?? cause?.code ?? cause?.errors?.[0]?.code;
  if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR)/.test(code)) return code;
  if (err instanceof TypeError && err.message === 'fetch failed') return 'connection failed';
  if (err.name === 'TimeoutError') return err.message;
  if (err.name === 'AbortError') return 'timed out';
  if (err.name === 'FetchError') return 'connection failed';
  return null;
}

/** Rejects with a TimeoutError when `promise` has not settled in `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`no answer within ${ms / 1000} s`);
      err.name = 'TimeoutError';
      reject(err);
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** How long one request may take before it counts as a transient failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Splits `items` into runs of at most `size`. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
