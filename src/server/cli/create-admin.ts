// `npm run create-admin -- --email you@example.com [--password ...] [--first-name ..] [--last-name ..]`
// Creates the first staff account (role admin) on the configured database.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loginRequest, strongPassword } from '../../shared/contracts/auth';
import { defaultPermissionsFor } from '../../shared/roles';
import { hashPassword } from '../auth/passwords';
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase } from '../db/client';
import { staffUsers } from '../db/schema';
import { serializeError } from '../http/log-redaction';
import { recordAudit } from '../modules/audit';

const LOOKALIKE_FREE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  let password = '';
  do {
    password = Array.from({ length: 14 }, () => pick(LOOKALIKE_FREE)).join('') + pick('#%+=!?');
  } while (!strongPassword.safeParse(password).success);
  return password;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const email = loginRequest.shape.email.safeParse(values.email ?? '');
  if (!email.success)
    throw new Error('Usage: npm run create-admin -- --email you@example.com [--password ...]');
  const password = values.password ?? generatePassword();
  const strength = strongPassword.safeParse(password);
  if (!strength.success) throw new Error(strength.error.issues[0]?.message ?? 'The password is too weak');

  loadEnvFile(); // the same settings as the server's: the environment, then .env
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const passwordHash = await hashPassword(password);
    await database.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(sql`lower(${staffUsers.email}) = ${email.data}`);
      if (existing) throw new Error(`A staff account for ${email.data} already exists`);
      const [user] = await tx
        .insert(staffUsers)
        .values({
          email: email.data,
          passwordHash,
          firstName: values['first-name'] ?? null,
          lastName: values['last-name'] ?? null,
          role: 'admin',
          permissions: defaultPermissionsFor('admin'),
          isPasswordSet: values.password !== undefined,
        })
        .returning();
      await recordAudit(
        tx,
        { actorType: 'system', actorId: null, actorEmail: 'create-admin', ipAddress: null, userAgent: 'cli' },
        {
          action: 'create',
          resourceType: 'user',
          resourceId: user!.id,
          newValues: { email: user!.email, role: 'admin' },
        },
      );
    });
    console.log(`Staff account created: ${email.data} (admin)`);
    if (!values.password) console.log(`Generated password (shown once): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // A failed query's message quotes its parameters (a password hash): print it redacted.
  console.error(serializeError(error).message);
  process.exit(1);
});
