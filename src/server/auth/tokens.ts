import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored under the SHA-256 of their token, never the token itself. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
