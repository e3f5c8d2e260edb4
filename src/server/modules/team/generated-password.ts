import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  GENERATED_PASSWORD_ALPHABET as SETS,
  GENERATED_PASSWORD_LENGTH,
} from '../../../shared/contracts/team';

/**
 * Staff passwords come only from Generate (spec 2 §5, docs/team-management.md): 12 characters from
 * a set without look-alikes, drawn with `crypto.randomInt` (uniform, from the operating system's
 * source), at least one of each kind so the member's first sign-in meets the password rules.
 */
export function generateStaffPassword(): string {
  const all = Object.values(SETS).join('');
  const chars = Object.values(SETS).map((set) => set[randomInt(set.length)]!);
  while (chars.length < GENERATED_PASSWORD_LENGTH) chars.push(all[randomInt(all.length)]!);
  // Fisher-Yates, so the guaranteed kinds are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** How long a generated password may be used to create or reset a member. */
export const GENERATED_PASSWORD_TTL_MS = 30 * 60_000;

const mac = (key: Buffer, staffId: string, expires: number, password: string) =>
  createHmac('sha256', key).update(`${staffId}\n${expires}\n${password}`).digest('base64url');

/**
 * The token Generate answers beside the password: the server's MAC over who generated it, until
 * when, and the password itself. Create and edit accept a password only with a valid token, so a
 * password typed or chosen in the browser is refused.
 */
export function passwordToken(key: Buffer, staffId: string, password: string, now: Date): string {
  const expires = now.getTime() + GENERATED_PASSWORD_TTL_MS;
  return `${expires}.${mac(key, staffId, expires, password)}`;
}

export function isGeneratedPassword(
  key: Buffer,
  staffId: string,
  password: string,
  token: string,
  now: Date,
): boolean {
  const [expiresText, signature] = token.split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isSafeInteger(expires) || expires < now.getTime()) return false;
  const expected = Buffer.from(mac(key, staffId, expires, password));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
