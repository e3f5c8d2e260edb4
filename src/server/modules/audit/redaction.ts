import { TOKEN_PREVIEW_CHARS } from '../../../shared/contracts/audit';
import { redactText } from '../../http/log-redaction';

/**
 * What may reach the audit trail (docs/audit-logs.md "Secrets"): every value a caller passes goes
 * through `redactAuditValue`, every string column through `neutralise`. Two nets, so one caller's mistake
 * is caught by the other: by key (a field named like a secret is replaced whatever it holds) and by
 * shape (a string that looks like a key, a token, a digest or a card number is replaced wherever it sits).
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets, whatever their shape. */
const SECRET_KEY =
  /password|passphrase|pwd|token|secret|hash|digest|api_?key|private_?key|session_?id|^sid$|cookie|authori[sz]ation|credential|signature|^cvc$|^cvv|card_?number|^pan$|^otp$|nonce|signing_?key|encryption_?key/i;

/**
 * Keys that hold a preview: kept, cut to the first 12 characters (a token preview's), unless the key is named
 * like a secret (`apiKeyPreview`, `tokenPreview`: the secret-key rule comes first) or the whole value
 * holds a secret's shape (then `[redacted]`, not a cut that may keep the secret's start).
 */
const PREVIEW_KEY = /preview$/i;

/**
 * Shapes the server log already refuses (`http/log-redaction.ts` `redactText`: provider keys, client
 * secrets, bearer values, our 43-character tokens, SHA-256 session ids, card numbers passing Luhn), and
 * more that may sit in a value: card and payment-method tokens (`pm_`, `tok_`), JWTs, long hex digests
 * and long mixed-case base64 runs (keys of other providers). UUIDs are ids, not secrets: kept as they are.
 */
const MORE_SHAPES: RegExp[] = [
  /\b(?:pm|tok)_[A-Za-z0-9_]{6,}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /(?<![A-Za-z0-9+/_-])[A-Fa-f0-9]{40,}(?![A-Za-z0-9+/_-])/g,
  /(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[a-z])(?=[A-Za-z0-9+/_-]*[A-Z])[A-Za-z0-9+/_-]{32,}={0,2}(?![A-Za-z0-9+/_=-])/g,
];

/**
 * Ids and email addresses are kept as they are: a UUID is not a secret, and an address is who someone is
 * (`jordan.1795711245260@…` holds a 13-digit run that passes the card check one time in ten). Not
 * after `:` or `/`: `https://user:pass@host` is a URL's login, which the shapes replace.
 */
const KEPT_SPLIT =
  /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![:/\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/i;

function redactPart(text: string): string {
  let out = redactText(text);
  for (const shape of MORE_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}

/** A string with every secret-shaped part replaced (ids and email addresses kept). */
export function redactShapes(text: string): string {
  return text
    .split(KEPT_SPLIT)
    .map((part, i) => (i % 2 === 1 ? part : redactPart(part)))
    .join('');
}

/**
 * Line breaks and control characters (C0, DEL, C1 and the Unicode line and paragraph separators)
 * written as visible escapes (`\n`, `\u0007`), so no value can forge a line in an export or a log view.
 */
export function neutralise(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** A free-text column of an audit row (the user agent): neutralised, secret shapes replaced, bounded. */
export function cleanText(text: string | null | undefined, max = 500): string | null {
  if (text === null || text === undefined) return null;
  return redactShapes(neutralise(text)).slice(0, max);
}

/**
 * A column that names someone or something (actor id and email, address, action, resource): neutralised
 * and bounded, never reshaped, so an email with a long number in it stays findable. Our code fills these
 * with ids; free text goes in the values.
 */
export function cleanName(text: string | null | undefined, max = 254): string | null {
  if (text === null || text === undefined) return null;
  return neutralise(text).slice(0, max);
}

/** Old or new values as they may be stored: secrets by key and by shape replaced, strings neutralised. */
export function redactAuditValue(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED;
  if (typeof value === 'string') return redactShapes(neutralise(value));
  if (Array.isArray(value)) return value.map((v) => redactAuditValue(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const key = neutralise(k);
        if (SECRET_KEY.test(k)) return [key, v === null || v === undefined ? v : REDACTED];
        if (PREVIEW_KEY.test(k) && typeof v === 'string') {
          const whole = neutralise(v);
          return [key, redactShapes(whole) === whole ? whole.slice(0, TOKEN_PREVIEW_CHARS) : REDACTED];
        }
        return [key, redactAuditValue(v, depth + 1)];
      }),
    );
  }
  return value;
}
