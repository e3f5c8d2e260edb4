import pLimit from 'p-limit';
import { hashPassword } from '../../auth/passwords';

/** A generated password (for its email only) and its hash (to keep). */
export type NewPassword = { password: string; passwordHash: string };
/** By email, the passwords of a batch's new accounts. */
export type NewPasswords = Map<string, NewPassword>;

/**
 * Hashes at once for imports, across every import of this process: argon2id takes ~19 MiB and tens of
 * ms each, and sign-ins share the same hashing pool (auth/passwords.ts), so an import keeps to two.
 */
const importHashing = pLimit(2);

export async function newPassword(generate: () => string): Promise<NewPassword> {
  const password = generate();
  return { password, passwordHash: await importHashing(() => hashPassword(password)) };
}

/**
 * Generated and hashed before a batch's transaction (no row lock waits on argon2), for the emails that
 * have no account yet; one that gets an account meanwhile simply leaves its password unused.
 */
export async function newPasswordsFor(
  emails: string[],
  taken: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  generate: () => string,
): Promise<NewPasswords> {
  const out: NewPasswords = new Map();
  await Promise.all(
    emails.filter((e) => !taken.has(e)).map(async (e) => out.set(e, await newPassword(generate))),
  );
  return out;
}
