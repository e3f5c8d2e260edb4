import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Impersonation tokens are `<nonce>.<mac>`: 32 random bytes and their HMAC-SHA256 under the server's
 * key, both base64url. The database keeps only the SHA-256 of the whole token (auth/tokens.ts), so a
 * leaked table opens nothing; the MAC lets the server turn away a forged or altered token before it
 * looks anything up, and ties every token to this server's key.
 *
 * The key is derived from the application's secret (`secretBox(...).signingKey('impersonation')`:
 * APP_SECRET, or the key kept in the database), so every instance accepts every instance's links.
 */

const mac = (key: Buffer, nonce: string) => createHmac('sha256', key).update(nonce).digest();

export function newSignedToken(key: Buffer): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${mac(key, nonce).toString('base64url')}`;
}

/** Whether `token` was made by `newSignedToken` with this key (constant-time on the MAC). */
export function hasValidSignature(key: Buffer, token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 2) return false;
  const [nonce, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]{43}$/.test(nonce) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const expected = mac(key, nonce);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
