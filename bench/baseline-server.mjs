// The bench's baseline: a bare Fastify server (no hooks, no auth, no validation) whose routes do the
// same database work as the app's measured routes, on the same data. Started by bench/run.mjs.
//   GET  /plans        the query behind GET /api/plans (anonymous)
//   GET  /staff-plans  the session lookup and the query behind GET /api/plans for a signed-in admin
//   POST /sign-in      the per-address and per-account counts, the staff lookup, argon2id verify and the writes
//                      of a sign-in (count reset, session, last sign-in time, audit row, activity row,
//                      in one transaction) behind
//                      POST /api/auth/admin-login
//   GET  /health   ready probe
// Env: BASELINE_PORT, and BASELINE_DATABASE_URL (PostgreSQL) or BASELINE_PGLITE_DIR (a copy of the app's).
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';

const PLANS_SQL = 'select * from plans where active = true and deleted_at is null order by price_cents, id';
const STAFF_PLANS_SQL = 'select * from plans where deleted_at is null order by price_cents, id';
const SESSION_SQL = `select s.id, s.last_seen_at, u.id as user_id, u.email, u.role, u.permissions
  from sessions s join staff_users u on u.id = s.staff_user_id
  where s.id = $1 and s.kind = 'staff' and s.expires_at > now()
    and (s.idle_timeout_seconds is null or s.last_seen_at > now() - make_interval(secs => s.idle_timeout_seconds))
  limit 1`;
const STAFF_SQL = 'select * from staff_users where lower(email) = lower($1)';
// The per-account throttle counts the attempt before the password check, and a success takes it back
// in the sign-in's transaction (src/server/auth/sign-in-throttle.ts).
const ADMIT_SQL = `insert into attempt_counters (scope, subject, failures, window_started_at, last_failure_at)
  values ('staff-sign-in', $1, 1, now(), now())
  on conflict (scope, subject) do update set failures = attempt_counters.failures + 1, last_failure_at = now()
  returning failures`;
// The per-address limit is counted in the database too (src/server/http/rate-limit-store.ts).
const RATE_SQL = `insert into attempt_counters (scope, subject, failures, window_started_at, last_failure_at)
  values ('rate-limit', $1, 1, now(), now())
  on conflict (scope, subject) do update set failures = attempt_counters.failures + 1, last_failure_at = now()
  returning failures, window_started_at`;
const SIGN_IN_WRITES = [
  [
    `delete from attempt_counters where scope = 'staff-sign-in' and subject = $1`,
    (_id, _user, req) => [String(req.body?.email ?? '')],
  ],
  [
    `insert into sessions (id, kind, staff_user_id, expires_at, ip, user_agent) values ($1, 'staff', $2, now() + interval '7 days', $3, $4)`,
    (id, user, req) => [id, user, req.ip, req.headers['user-agent'] ?? null],
  ],
  ['update staff_users set last_login_at = now() where id = $1', (_id, user) => [user]],
  [
    `insert into audit_logs (actor_type, actor_id, action, resource_type, resource_id, new_values, ip_address, success) values ('staff', $1, 'login', 'authentication', $1, '{"kind":"staff"}', $2, true)`,
    (_id, user, req) => [user, req.ip],
  ],
  [
    `insert into activities (action, description, metadata) values ('admin_login', 'signed in', '{}')`,
    () => [],
  ],
];

async function openDb() {
  if (process.env.BASELINE_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.BASELINE_DATABASE_URL, max: 10 });
    pool.on('error', () => undefined);
    return {
      query: (text, params) => pool.query(text, params),
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work((text, params) => client.query(text, params));
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(process.env.BASELINE_PGLITE_DIR);
  return {
    query: (text, params) => db.query(text, params),
    transaction: (work) => db.transaction((tx) => work((text, params) => tx.query(text, params))),
    close: () => db.close(),
  };
}

const db = await openDb();
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));

app.get('/plans', async () => {
  const { rows } = await db.query(PLANS_SQL);
  return rows;
});

app.get('/staff-plans', async (request, reply) => {
  const token = /(?:^|;\s*)mp_staff=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ message: 'Authentication required' });
  const digest = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
  const session = await db.query(SESSION_SQL, [digest]);
  if (session.rows.length === 0) return reply.code(401).send({ message: 'Authentication required' });
  const { rows } = await db.query(STAFF_PLANS_SQL);
  return rows;
});

app.post('/sign-in', async (request, reply) => {
  const { email, password } = request.body ?? {};
  await db.query(RATE_SQL, [`POST /api/auth/admin-login|${request.ip}`]);
  await db.query(ADMIT_SQL, [String(email ?? '')]);
  const { rows } = await db.query(STAFF_SQL, [String(email ?? '')]);
  const ok = rows.length === 1 && (await verify(rows[0].password_hash, String(password ?? '')));
  if (!ok) return reply.code(401).send({ message: 'Invalid credentials' });
  const token = randomBytes(32).toString('base64url');
  const id = createHash('sha256').update(token).digest('hex');
  await db.transaction(async (query) => {
    for (const [text, params] of SIGN_IN_WRITES) await query(text, params(id, rows[0].id, request));
  });
  reply.header('set-cookie', `mp_staff=${token}; Path=/; HttpOnly; SameSite=Lax`);
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
