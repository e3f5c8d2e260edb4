import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The one redaction layer of the server log (pino, through Fastify): every error, request, object
 * and message that is logged goes through it, so no line carries a password, a password hash, a
 * session token or id, a card number or security code, a client secret or an API key, whatever
 * produced it (a failed query quotes its parameters, a URL can carry a sign-in token). The jobs log
 * through the same logger; the start-up and CLI failures print `serializeError(error).message`.
 */

const REDACTED = '[redacted]';

/** Secrets by their shape, for text we did not write (driver messages, stacks, URLs). */
const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // A URL's user info (`scheme://user:password@host`): a database, mail or CRM address with its login.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]+@/gi, '$1[redacted]@'],
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.-]*/g, '[redacted hash]'],
  [/\b(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9]+/g, '[redacted key]'],
  [/\bwhsec_[A-Za-z0-9]+/g, '[redacted key]'],
  [/\b(?:pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g, '[redacted client secret]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  // Our session and link tokens (32 random bytes, base64url) and their SHA-256 digests (session ids).
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, '[redacted token]'],
  [/\b[a-f0-9]{64}\b/g, '[redacted id]'],
  // Secret query parameters in free text (a URL quoted in a message), whatever their values look like.
  [
    /([?&;][^=&\s"'?#]*(?:token|auth|link|secret|password|key|code|signature|session)[^=&\s"'?#]*=)[^&#\s"']+/gi,
    '$1[redacted]',
  ],
];

/** Card numbers: 13 to 19 digits (spaces or dashes allowed) that pass the Luhn check. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(CARD_LIKE, (match) =>
    passesLuhn(match.replace(/[ -]/g, '')) ? '[redacted number]' : match,
  );
}

type SerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  statusCode?: number;
  cause?: SerializedError;
};

/**
 * An error as the log keeps it. A failed query (Drizzle's DrizzleQueryError) keeps its SQL but not
 * its parameters, which are the values written: a password hash, an email, a token.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const e = error as Error & {
    code?: unknown;
    constraint?: unknown;
    statusCode?: unknown;
    query?: unknown;
    params?: unknown;
  };
  let message = e.message;
  let stack = e.stack;
  if (typeof e.query === 'string' && Array.isArray(e.params)) {
    message = `Failed query: ${e.query}`;
    stack = stack?.replace(e.message, message);
  }
  const out: SerializedError = { type: e.name, message: redactText(message), stack: redactText(stack ?? '') };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.constraint === 'string') out.constraint = e.constraint;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Keys whose values are secrets whatever they look like (a card's security code has no shape). */
const SECRET_KEYS =
  /pass(?:word|wd)|secret|token|authori[sz]ation|cookie|api[-_]?key|session[-_]?id|signature|^cvc$|^cvv$/i;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Any value logged under a key of its own: strings by shape, secret keys whatever their value,
 * errors as `serializeError` keeps them. Class instances other than errors (a request, a Date) are
 * left to their serialisers and their own JSON.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (!value || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value);
  if (depth > 8) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      SECRET_KEYS.test(key) && (typeof child === 'string' || (child && typeof child === 'object'))
        ? REDACTED
        : redactValue(child, depth + 1),
    ]),
  );
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactText(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
}

const serializers = {
  err: (error: unknown) => serializeError(error),
  error: (error: unknown) => serializeError(error),
  req: (request: unknown) => serializeRequest(request as FastifyRequest),
};

/**
 * Fastify's logger options: the serialisers above for errors and requests, `redactValue` for every
 * other key of a logged object (pino runs `formatters.log` before the serialisers, so the keys
 * that have one are left to it), and `redactText` for the message.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    serializers,
    formatters: {
      log: (object: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(object).map(([key, value]) => [
            key,
            key in serializers || key === 'res' ? value : redactValue(value),
          ]),
        ),
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}
