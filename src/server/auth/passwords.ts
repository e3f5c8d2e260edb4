import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** argon2id with the OWASP minimum (m=19 MiB, t=2, p=1), docs/performance.md "Budgets". */
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Each hash holds 19 MiB and a core for ~50 ms: bounding how many run at once keeps a burst of
// sign-ins from exhausting memory or starving every other request of CPU.
const hashing = pLimit(Math.max(2, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashing(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash must read as "wrong password", never as a 500
    }
  });
}
