// The bench's baseline: a bare Fastify server (no hooks, no auth, no validation) whose routes do the
// same database work as the app's measured routes, on the same data. Started by bench/run.mjs.
//   GET  /plans    the query behind GET /api/plans
//   POST /sign-in  the staff lookup and argon2id verify behind POST /api/auth/admin-login
//   GET  /health   ready probe
// Env: BASELINE_PORT, and BASELINE_DATABASE_URL (PostgreSQL) or BASELINE_PGLITE_DIR (a copy of the app's).
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';

const PLANS_SQL = 'select * from plans where active = true and deleted_at is null order by price_cents, id';
const STAFF_SQL = 'select id, password_hash from staff_users where lower(email) = lower($1)';

async function openDb() {
  if (process.env.BASELINE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 10 });
    pool.on('error', () => undefined);
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(process.env.BASELINE_PGLITE_DIR);
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

const db = await openDb();
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));

app.get('/plans', async () => {
  const { rows } = await db.query(PLANS_SQL);
  return rows;
});

app.post('/sign-in', async (request, reply) => {
  const { email, password } = request.body ?? {};
  const { rows } = await db.query(STAFF_SQL, [String(email ?? '')]);
  const ok = rows.length === 1 && (await verify(rows[0].password_hash, String(password ?? '')));
  if (!ok) return reply.code(401).send({ message: 'Invalid credentials' });
  return { success: true };
});

const shutdown = async () => {
  await app.close().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: '127.0.0.1', port: Number(process.env.BASELINE_PORT) });
