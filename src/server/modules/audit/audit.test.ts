// Audit Logs (docs/audit-logs.md): the list, its export, the security events, the hash chain, retention
// and session ends. The sealer race means most on PostgreSQL: run this file there too.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import { manualClock } from '../../clock';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { customerFormInput, staffWith } from '../../../../tests/setup/staff';
import { auditChain, auditLogs, sessions, systemSettings } from '../../db/schema';
import type { AuditLogEntry, AuditLogPage, AuditVerifyResult } from '../../../shared/contracts/audit';
import { isoDay } from '../../../shared/days';
import { endExpiredSessions } from '../../jobs/session-cleanup';
import { newToken, tokenDigest } from '../../auth/tokens';
import { sealAll, verifyChain } from './chain';
import { auditCsv } from './export';
import { redactAuditValue, cleanText } from './redaction';
import { enforceAuditRetention } from './retention';
import { addressSubject, PER_ADDRESS_PER_MINUTE, SecurityEventBudget } from './security-events';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let admin: string;
useTestApp({ clock, staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const db = () => t.database.db;
/** The environment's security defaults (retention reads only its own setting). */
const ENV_DEFAULTS = { sessionTtlMs: 168 * 3600_000, loginRateLimitPerAccount: 10 };

async function listed(query: string, session = admin) {
  const res = await t.get(session, `/api/admin/audit-logs?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
}

/** `n` plain audit rows written straight into the table (set-based), tagged by their resource id. */
async function bulkRows(n: number, tag: string) {
  await db()
    .execute(sql`insert into audit_logs (actor_type, actor_email, action, category, resource_type, resource_id, new_values, success)
    select 'system', 'bulk@example.com', 'update', 'update', 'vehicle', ${tag},
      jsonb_build_object('i', g, 'note', case when g % 2 = 0 then '=HYPERLINK("x")' else 'plain' end), true
    from generate_series(1, ${n}) g`);
}

describe('access', () => {
  it('admin reads the list, the export and the verification; manager and sales are refused; anonymous 401', async () => {
    const manager = await staffWith(t, 'manager');
    const sales = await staffWith(t, 'sales');
    for (const url of ['/api/admin/audit-logs', '/api/admin/audit-logs/export', '/api/admin/audit/verify']) {
      expect((await t.get(admin, url)).statusCode, url).toBe(200);
      for (const who of [manager.cookie, sales.cookie]) {
        const res = await t.get(who, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe("You don't have permission to access this section");
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/audit-logs', () => {
  it('finds a customer plan change by category, resource and id, with its old and new values', async () => {
    const form = customerFormInput({ planId: 'starter' });
    const made = await t.post(admin, '/api/admin/customers', form);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ customer: { id: string } }>().customer.id;
    const changed = await t.put(admin, `/api/admin/customers/${id}`, { ...form, planId: 'enterprise' });
    expect(changed.statusCode, changed.body).toBe(200);

    const page = await listed(`category=update&resource=customer&search=${id}`);
    expect(page.items).toHaveLength(1);
    const row = page.items[0]!;
    expect(row).toMatchObject({
      action: 'update',
      category: 'update',
      resourceType: 'customer',
      resourceId: id,
      userName: 'admin@motorpool.local',
      success: true,
    });
    expect(row.oldValues).toMatchObject({ planId: 'starter' });
    expect(row.newValues).toMatchObject({ planId: 'enterprise' });
    // The create is there too under its own category.
    expect((await listed(`category=create&search=${id}`)).items.map((r) => r.action)).toEqual(['create']);
  });

  it('filters by actor, outcome and dates; sorts and pages on the server; cuts user agents to 50', async () => {
    const agent = `Mozilla/5.0 (X11; Linux x86_64) AuditTest/${Date.now().toString(36)} ${'x'.repeat(80)}`;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      headers: { 'user-agent': agent },
      payload: { email: 'admin@motorpool.local', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    const failed = await listed('category=login&success=false&actor=ADMIN@motorpool.local');
    const mine = failed.items.find((r) => r.userAgentFull === agent);
    expect(mine).toBeDefined();
    expect(mine!.userAgent).toBe(`${agent.slice(0, 50)}…`);
    expect(failed.items.every((r) => !r.success && r.category === 'login')).toBe(true);

    const today = isoDay(new Date());
    expect((await listed(`from=${today}&to=${today}&category=login`)).total).toBeGreaterThan(0);
    expect((await listed(`from=2001-01-01&to=2001-01-02`)).total).toBe(0);

    const tag = `page-${Date.now().toString(36)}`;
    await bulkRows(30, tag);
    const first = await listed(`search=${tag}&pageSize=20&sort=createdAt`);
    const second = await listed(`search=${tag}&pageSize=20&page=2&sort=createdAt`);
    expect(first.total).toBe(30);
    expect(first.totalCapped).toBe(false);
    expect(second.items).toHaveLength(10);
    const ids = [...first.items, ...second.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('keeps a count only while the trail stands: a new matching row or a retention run counts again', async () => {
    const tag = `count-${Date.now()}`;
    await bulkRows(3, tag);
    const first = await listed(`search=${tag}`);
    expect(first.total).toBe(3);
    expect((await listed(`search=${tag}&page=2`)).total).toBe(3);
    await bulkRows(2, tag);
    expect((await listed(`search=${tag}`)).total).toBe(5);
    // retention removes rows from the chain's start and moves the floor: the same filter counts anew
    await db().execute(sql`delete from audit_logs where resource_id = ${tag} and id in
      (select id from audit_logs where resource_id = ${tag} order by id limit 1)`);
    await db().execute(sql`update audit_chain set floor_seq = floor_seq + 1 where id = 1`);
    expect((await listed(`search=${tag}`)).total).toBe(4);
    await db().execute(sql`update audit_chain set floor_seq = floor_seq - 1 where id = 1`);
  });

  it.runIf(process.env.MP_TEST_DRIVER === 'pg')(
    'a row with a lower id committed after the count is counted on the next read',
    async () => {
      const tag = `late-${Date.now()}`;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((r) => (inserted = r));
      // a transaction takes its id first and commits last, as a slow change with its audit row does
      const slow = db().transaction(async (tx) => {
        await tx.execute(sql`insert into audit_logs (actor_type, action, resource_type, resource_id)
          values ('system', 'update', 'vehicle', ${tag})`);
        inserted();
        await held;
      });
      await insertedYet;
      await bulkRows(1, tag);
      expect((await listed(`search=${tag}`)).total).toBe(1);
      release();
      await slow;
      expect((await listed(`search=${tag}`)).total).toBe(2);
    },
  );

  it('refuses bad filters with 400 and the field, and audits that validation failure', async () => {
    const res = await t.get(admin, '/api/admin/audit-logs?category=bogus&from=yesterday');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['category', 'from']));
    const backwards = await t.get(admin, '/api/admin/audit-logs?from=2026-02-02&to=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toHaveProperty('to');
    // Days PostgreSQL would refuse, or that are not on the calendar, are a 400 before any query.
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['to=9999-12-31', 'to'],
      ['from=1969-12-31', 'from'],
      ['from=2025-02-30', 'from'],
      ['to=2025-13-45', 'to'],
    ] as const) {
      for (const url of ['/api/admin/audit-logs', '/api/admin/audit-logs/export']) {
        const bad = await t.get(admin, `${url}?${query}`);
        expect(bad.statusCode, `${url}?${query}`).toBe(400);
        expect(bad.json().errors).toHaveProperty(field);
      }
    }
    expect(
      (await t.get(admin, '/api/admin/audit-logs/export?from=1970-01-01&to=9998-12-31')).statusCode,
    ).toBe(200);
    const rows = await db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'validation_failed'), eq(auditLogs.resourceId, 'GET /api/admin/audit-logs')),
      );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({
      actorEmail: 'admin@motorpool.local',
      success: false,
      category: 'update',
    });
    expect((rows[0]!.newValues as { fields: string[] }).fields).toEqual(expect.arrayContaining(['category']));
  });
});

describe('security events', () => {
  it('audits 401 and 403 refusals with who and which route, never the raw URL', async () => {
    const manager = await staffWith(t, 'manager');
    await t.get(manager.cookie, '/api/admin/audit-logs?search=secret-looking-value');
    await t.app.inject({ method: 'GET', url: '/api/admin/customers', remoteAddress: '198.51.100.9' });
    const denied = await auditRowsWhere(t, { action: 'access_denied', actorEmail: manager.email });
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      resourceType: 'request',
      resourceId: 'GET /api/admin/audit-logs',
      success: false,
      newValues: { status: 403 },
    });
    const anonymous = await db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'access_denied'), eq(auditLogs.resourceId, 'GET /api/admin/customers')),
      );
    expect(
      anonymous.some(
        (r) => r.actorType === 'anonymous' && (r.newValues as { status: number }).status === 401,
      ),
    ).toBe(true);
    // The session probe a visitor makes without any credential is not an event.
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs);
    await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('writes at most the per-address limit a minute, however many refusals', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < PER_ADDRESS_PER_MINUTE + 15; i += 1) {
      await t.app.inject({ method: 'GET', url: '/api/admin/stats', remoteAddress: ip });
    }
    const rows = await auditRowsWhere(t, { action: 'access_denied', ipAddress: ip });
    expect(rows).toHaveLength(PER_ADDRESS_PER_MINUTE);
    expect(rows.some((r) => (r.newValues as { limitReached?: boolean }).limitReached)).toBe(true);
  });

  it('counts an IPv6 client by its /64, and checks its own memory before the database', async () => {
    // The counts are per minute: the clock stands still inside one, or a slow run that crossed a minute
    // would start counting again.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 60_000) * 60_000 + 1_000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // 45 addresses of one /64 (a subscriber's whole network) are one client.
    for (let i = 0; i < PER_ADDRESS_PER_MINUTE + 15; i += 1) {
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        remoteAddress: `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}`,
      });
    }
    const rows = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'access_denied'), sql`${auditLogs.ipAddress} like '2001:db8:77:1:%'`));
    expect(rows).toHaveLength(PER_ADDRESS_PER_MINUTE);
    // Past the limit, a refusal from that network costs no statement at all.
    const queries = await t.queriesDuring(() =>
      t.app.inject({ method: 'GET', url: '/api/admin/stats', remoteAddress: '2001:db8:77:1:dead::beef' }),
    );
    expect(queries.filter((q) => /attempt_counters|audit_logs/.test(q))).toEqual([]);
  });

  it('groups addresses: IPv4 as is (also IPv4-mapped), IPv6 by /64', () => {
    expect(addressSubject('203.0.113.5')).toBe('ip:203.0.113.5');
    expect(addressSubject('::ffff:203.0.113.5')).toBe('ip:203.0.113.5');
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressSubject('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('ip6:2001:db8:1:2::/64');
    expect(addressSubject('2001:db8::1')).toBe('ip6:2001:db8:0:0::/64');
    expect(addressSubject('2001:db8:1:3::1')).not.toBe(addressSubject('2001:db8:1:2::1'));
    expect(addressSubject(undefined)).toBe('ip:unknown');
  });

  it('stops anonymous rows at the instance ceiling a minute, whatever the addresses, and says so once', () => {
    const budget = new SecurityEventBudget(2, 3);
    const minute = 60_000 * 1000;
    expect([1, 2, 3].map(() => budget.take('staff:a', false, minute))).toEqual([true, true, false]);
    expect(['ip:1', 'ip:2', 'ip:3', 'ip:4', 'ip:5'].map((s) => budget.take(s, true, minute + 10))).toEqual([
      true,
      true,
      true,
      'ceiling',
      false,
    ]);
    // Signed-in people are not held by the anonymous ceiling.
    expect(budget.take('staff:b', false, minute + 20)).toBe(true);
    // A new minute starts afresh.
    expect(budget.take('ip:9', true, minute + 60_000)).toBe(true);
    expect(budget.take('staff:a', false, minute + 60_000)).toBe(true);
  });
});

describe('redaction', () => {
  it('replaces secrets by key and by shape, neutralises control characters, keeps ids', () => {
    const token = newToken();
    const out = redactAuditValue({
      password: 'hunter2',
      newPassword: 'x',
      sessionId: tokenDigest(token),
      apiKey: 'abc',
      nested: { stripeSecretKey: 'sk_test_51Habcdefghijklmnop', note: `see ${token} now` },
      card: '4242 4242 4242 4242',
      pm: 'pm_sbx_0123456789abcdef01234567',
      webhook: 'whsec_abcdefghijklmnop',
      digest: tokenDigest('x'),
      id: '3f1c2b7e-1a2b-4c3d-8e9f-0123456789ab',
      vin: '1HGCM82633A004352',
      line: 'a\r\nInjected: yes\u0007\u2028',
      tokenPreview: 'abcdefghijklmnopqrstuvwxyz',
      apiKeyPreview: 'Zz9secretvalue',
      notePreview: 'Oil change due, see pm_abcdefghijklmnop',
      platePreview: 'ABC-123 (white Ford Transit)',
      crm: 'https://bob:pa55-w0rd@crm.example.com/api and smtp://mailer:s3cr3t@mail.example.com',
      // 4222222222222: 13 digits that pass the card check, inside an address (a Date.now() in a test's)
      email: 'jordan.4222222222222.1@example.com',
      about: 'wrote to jordan.4222222222222.1@example.com, card 4222222222222',
    }) as Record<string, unknown>;
    const text = JSON.stringify(out);
    for (const secret of [
      'hunter2',
      token,
      tokenDigest(token),
      'sk_test_51H',
      'pm_sbx_0123',
      'whsec_',
      '4242 4242',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(out.password).toBe('[redacted]');
    expect(out.id).toBe('3f1c2b7e-1a2b-4c3d-8e9f-0123456789ab');
    expect(out.vin).toBe('1HGCM82633A004352');
    expect(out.line).toBe('a\\r\\nInjected: yes\\u0007\\u2028');
    // A preview: the secret-key rule first, then the whole value's shapes, then the cut.
    expect(out.tokenPreview).toBe('[redacted]');
    expect(out.apiKeyPreview).toBe('[redacted]');
    expect(out.notePreview).toBe('[redacted]');
    expect(out.platePreview).toBe('ABC-123 (whi');
    expect(out.crm).toBe('https://[redacted]@crm.example.com/api and smtp://[redacted]@mail.example.com');
    expect(out.email).toBe('jordan.4222222222222.1@example.com');
    expect(out.about).toBe('wrote to jordan.4222222222222.1@example.com, card [redacted number]');
    expect(cleanText('Agent\nX-Forged: 1')).toBe('Agent\\nX-Forged: 1');
  });

  it('stores a user agent with line breaks as one line', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-logs',
      headers: { 'user-agent': 'Evil\r\n2026-01-01 admin logged in' },
    });
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.userAgent} like 'Evil%'`);
    expect(row!.userAgent).toBe('Evil\\r\\n2026-01-01 admin logged in');
  });
});

describe('GET /api/admin/audit-logs/export', () => {
  it('streams every filtered row (more than one batch), formulas neutralised, audited', async () => {
    const tag = `export-${Date.now().toString(36)}`;
    await bulkRows(2_500, tag);
    await bulkRows(10, `${tag}-other`);
    const res = await t.get(admin, `/api/admin/audit-logs/export?search=${tag}&resource=vehicle`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
    const rows = Papa.parse<string[]>(res.body.trim()).data;
    expect(rows[0]!.slice(0, 3)).toEqual(['ID', 'Timestamp', 'Actor Type']);
    expect(rows).toHaveLength(2_501);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(2_500);
    expect(rows.slice(1).every((r) => r[9] === tag)).toBe(true);
    const newValues = rows.slice(1).map((r) => r[11]!);
    expect(newValues.some((v) => v.startsWith('{') && v.includes('HYPERLINK'))).toBe(true);
    expect(newValues.every((v) => !v.startsWith('='))).toBe(true);
    const [audit] = await auditRowsWhere(t, { action: 'export', resourceType: 'audit_log' })
      .orderBy(sql`${auditLogs.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ category: 'export', actorEmail: 'admin@motorpool.local' });
    expect(audit!.newValues).toMatchObject({ search: tag, resource: 'vehicle', format: 'csv' });
  });

  it('holds one batch at a time: each piece is at most a batch, each read is limited, no row twice', async () => {
    const tag = `flat-${Date.now().toString(36)}`;
    await bulkRows(1_050, tag);
    const pieces: string[] = [];
    const queries = await t.queriesDuring(async () => {
      for await (const piece of auditCsv(db(), { search: tag, sort: '-createdAt' }, 100)) pieces.push(piece);
    });
    const lines = pieces.slice(1).map((p) => Papa.parse<string[]>(p.trim()).data.length);
    expect(Math.max(...lines)).toBeLessThanOrEqual(100);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(1_050);
    expect(queries.filter((q) => /from "audit_logs"/.test(q) && /limit/.test(q)).length).toBe(11);
    const ids = pieces.slice(1).flatMap((p) => Papa.parse<string[]>(p.trim()).data.map((r) => r[0]));
    expect(new Set(ids).size).toBe(1_050);
  });
});

describe('hash chain', () => {
  const verify = async () => {
    const res = await t.get(admin, '/api/admin/audit/verify');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditVerifyResult>();
  };

  // A row deleted and later put back exactly (microseconds included: a JS Date would lose them).
  const removeKeeping = async (id: number) => {
    await db().execute(sql`create table audit_hold as select * from audit_logs where id = ${id}`);
    await db().execute(sql`delete from audit_logs where id = ${id}`);
  };
  const putBack = async () => {
    await db().execute(sql`insert into audit_logs select * from audit_hold`);
    await db().execute(sql`drop table audit_hold`);
  };

  it('verifies a sealed chain, then names an edited row and a deleted row', async () => {
    await bulkRows(5, `chain-${Date.now().toString(36)}`);
    const clean = await verify();
    expect(clean).toMatchObject({ ok: true, problem: null, unsealed: 0 });
    expect(clean.checked).toBe(clean.headSeq - clean.floorSeq);
    expect(clean.checked).toBeGreaterThan(5);

    const [victim] = await db()
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.chainSeq} is not null`)
      .orderBy(auditLogs.chainSeq)
      .offset(3)
      .limit(1);
    await db()
      .update(auditLogs)
      .set({ newValues: { tampered: true } })
      .where(eq(auditLogs.id, victim!.id));
    const altered = await verify();
    expect(altered.ok).toBe(false);
    expect(altered.problem).toMatchObject({ kind: 'altered', rowId: victim!.id, chainSeq: victim!.chainSeq });
    expect(altered.problem!.message).toContain(`#${victim!.id}`);
    // Put it back: the chain is whole again.
    await db().update(auditLogs).set({ newValues: victim!.newValues }).where(eq(auditLogs.id, victim!.id));
    expect((await verify()).ok).toBe(true);

    const [gone] = await db()
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.chainSeq} is not null`)
      .orderBy(auditLogs.chainSeq)
      .offset(6)
      .limit(1);
    await removeKeeping(gone!.id);
    const removed = await verify();
    expect(removed.problem).toMatchObject({ kind: 'removed', chainSeq: gone!.chainSeq, rowId: null });
    await putBack();
    expect((await verify()).ok).toBe(true);

    // The last row removed: the head names it.
    const [last] = await db()
      .select()
      .from(auditLogs)
      .orderBy(sql`${auditLogs.chainSeq} desc nulls last`)
      .limit(1);
    const [head] = await db().select().from(auditChain);
    await removeKeeping(last!.id);
    await db().update(auditChain).set({ headSeq: head!.headSeq }); // the sealer did not move it
    const tail = await verify();
    expect(tail.ok).toBe(false);
    expect(tail.problem!.kind).toBe('removed');
    await putBack();
    expect((await verify()).ok).toBe(true);
  });

  /**
   * The chain sealed anew from position 1 with its `n` oldest rows back-dated past 365 days (as if
   * written then), no retention run yet, and the retention setting at 365 days. Answers those rows.
   */
  async function chainWithOldRows(n: number) {
    const oldest = await db()
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.chainSeq} is not null and ${auditLogs.action} <> 'audit_retention'`)
      .orderBy(auditLogs.chainSeq)
      .limit(n);
    await db().execute(sql`delete from audit_logs where action = 'audit_retention'`);
    await db().execute(sql`update audit_logs set chain_seq = null, hash = null`);
    await db().update(auditChain).set({ headSeq: 0, headHash: '', floorSeq: 0, floorHash: '' });
    for (const row of oldest)
      await db()
        .update(auditLogs)
        .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
        .where(eq(auditLogs.id, row.id));
    await sealAll(db());
    await db()
      .insert(systemSettings)
      .values({ key: 'security', value: { auditRetentionDays: 365 } })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: { auditRetentionDays: 365 } } });
    return oldest;
  }
  const retentionNow = new Date('2026-03-01T12:00:00Z');

  it('retention deletes rows past the setting from the chain start, moves the floor, audits each batch', async () => {
    await bulkRows(5, `retention-${Date.now().toString(36)}`);
    const oldest = await chainWithOldRows(3);

    const result = await enforceAuditRetention(db(), ENV_DEFAULTS, retentionNow, 2);
    expect(result).toMatchObject({ deleted: 3, retentionDays: 365 });
    for (const row of oldest) {
      expect(await db().select().from(auditLogs).where(eq(auditLogs.id, row.id))).toHaveLength(0);
    }
    const [chain] = await db().select().from(auditChain);
    expect(chain!.floorSeq).toBe(3);
    // One row per batch (2, then 1), each naming the floor its batch left.
    const own = await auditRowsWhere(t, { action: 'audit_retention' }).orderBy(auditLogs.id);
    expect(own.map((r) => r.newValues)).toEqual([
      expect.objectContaining({
        deleted: 2,
        floorSeq: 2,
        retentionDays: 365,
        cutoff: '2025-03-01T12:00:00.000Z',
      }),
      {
        deleted: 1,
        floorSeq: 3,
        floorHash: chain!.floorHash,
        retentionDays: 365,
        cutoff: '2025-03-01T12:00:00.000Z',
      },
    ]);
    expect(own[0]).toMatchObject({ actorType: 'system', category: 'delete', resourceType: 'audit_log' });
    const after = await verify();
    expect(after).toMatchObject({ ok: true, floorSeq: 3 });
  });

  it('names a floor moved by hand to hide the first rows', async () => {
    const [chain] = await db().select().from(auditChain);
    const from = chain!.floorSeq;
    const [fifth] = await auditRowsWhere(t, { chainSeq: from + 2 });
    await db().execute(sql`create table audit_hold as select * from audit_logs
      where chain_seq > ${from} and chain_seq <= ${from + 2}`);
    await db().execute(sql`delete from audit_logs where chain_seq > ${from} and chain_seq <= ${from + 2}`);
    await db()
      .update(auditChain)
      .set({ floorSeq: from + 2, floorHash: fifth!.hash! });
    const forged = await verify();
    expect(forged.ok).toBe(false);
    expect(forged.problem).toMatchObject({ kind: 'floor', chainSeq: from + 2 });
    await putBack();
    await db().update(auditChain).set({ floorSeq: chain!.floorSeq, floorHash: chain!.floorHash });
    expect((await verify()).ok).toBe(true);
  });

  it('names a floor moved past rows with the retention row rewritten to match', async () => {
    const [chain] = await db().select().from(auditChain);
    const [named] = await auditRowsWhere(t, { action: 'audit_retention' })
      .orderBy(desc(auditLogs.chainSeq))
      .limit(1);
    const target = named!.chainSeq! + 1;
    await db().insert(auditLogs).values({ actorType: 'system', action: 'update', resourceType: 'vehicle' });
    await verify(); // seals the row after the retention row
    const [after] = await db().select().from(auditLogs).where(eq(auditLogs.chainSeq, target));
    // remove everything from the floor to the target but the retention row, which now names the target
    await db().execute(sql`create table audit_hold as select * from audit_logs
      where chain_seq > ${chain!.floorSeq} and chain_seq <= ${target} and id <> ${named!.id}`);
    await db().execute(sql`delete from audit_logs
      where chain_seq > ${chain!.floorSeq} and chain_seq <= ${target} and id <> ${named!.id}`);
    await db()
      .update(auditLogs)
      .set({ newValues: { ...(named!.newValues as object), floorSeq: target, floorHash: after!.hash } })
      .where(eq(auditLogs.id, named!.id));
    await db().update(auditChain).set({ floorSeq: target, floorHash: after!.hash! });
    const forged = await verify();
    expect(forged.ok).toBe(false);
    expect(forged.problem).toMatchObject({ kind: 'floor' });
    await putBack();
    await db().update(auditLogs).set({ newValues: named!.newValues }).where(eq(auditLogs.id, named!.id));
    await db().update(auditChain).set({ floorSeq: chain!.floorSeq, floorHash: chain!.floorHash });
    expect((await verify()).ok).toBe(true);
  });

  it('a retention run during the walk is not taken for removed rows', async () => {
    await chainWithOldRows(3);
    const real = db();
    let ran = false;
    const { dialect } = real as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } };
    const text = (q: SQL) => dialect.sqlToQuery(q).sql;
    // The database as verify sees it, with retention committing just before the walk's first read.
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop === 'execute') {
          return async (q: SQL) => {
            if (!ran && /order by chain_seq limit/.test(text(q))) {
              ran = true;
              expect((await enforceAuditRetention(real, ENV_DEFAULTS, retentionNow)).deleted).toBe(3);
            }
            return real.execute(q);
          };
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const result = await verifyChain(racing, new Date());
    expect(ran).toBe(true);
    expect(result).toMatchObject({ ok: true, floorSeq: 3, problem: null });
  });

  it('two sealers at once never give two rows one position (real on PostgreSQL)', async () => {
    const other = await t.secondInstance();
    try {
      const otherDb = other.app.services.billing.db;
      const writes = Array.from({ length: 8 }, (_, i) => bulkRows(50, `race-${i}`));
      const seals = Array.from({ length: 6 }, (_, i) => sealAll(i % 2 ? otherDb : db(), 40));
      await Promise.all([...writes, ...seals]);
      await Promise.all([sealAll(db()), sealAll(otherDb)]);
    } finally {
      await other.close();
    }
    const [stats] = (
      (await db().execute(sql`select count(*)::int as n, count(distinct chain_seq)::int as d,
        min(chain_seq)::int as lo, max(chain_seq)::int as hi, count(*) filter (where chain_seq is null)::int as unsealed
        from audit_logs`)) as unknown as {
        rows: { n: number; d: number; lo: number; hi: number; unsealed: number }[];
      }
    ).rows;
    expect(stats!.unsealed).toBe(0);
    expect(stats!.d).toBe(stats!.n);
    expect(stats!.hi - stats!.lo + 1).toBe(stats!.n);
    expect((await verify()).ok).toBe(true);
  });
});

describe('session ends', () => {
  it('the cleanup job audits each expired or idle session it removes, never its id', async () => {
    const manager = await staffWith(t, 'manager');
    const token = newToken();
    const idleToken = newToken();
    const [staff] = await db()
      .execute(sql`select id from staff_users where email = ${manager.email}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    await db()
      .insert(sessions)
      .values([
        {
          id: tokenDigest(token),
          kind: 'staff',
          staffUserId: staff!.id,
          expiresAt: new Date(Date.now() - 1000),
        },
        {
          id: tokenDigest(idleToken),
          kind: 'staff',
          staffUserId: staff!.id,
          expiresAt: new Date(Date.now() + 3600_000),
          lastSeenAt: new Date(Date.now() - 7200_000),
          idleTimeoutSeconds: 60,
        },
      ]);
    expect(await endExpiredSessions(db())).toBeGreaterThanOrEqual(2);
    const rows = await auditRowsWhere(t, { action: 'session_end', actorEmail: manager.email });
    expect(rows.map((r) => (r.newValues as { reason: string }).reason).sort()).toEqual(['expired', 'idle']);
    expect(rows.every((r) => r.category === 'logout' && r.actorId === staff!.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(tokenDigest(token));
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, tokenDigest(token))),
    ).toHaveLength(0);
  });
});

describe('list entries', () => {
  it('answers every documented field', async () => {
    const page = await listed('pageSize=1');
    const entry: AuditLogEntry = page.items[0]!;
    expect(Object.keys(entry)).toEqual(
      expect.arrayContaining([
        'id',
        'userId',
        'userName',
        'action',
        'resourceType',
        'resourceId',
        'oldValues',
        'newValues',
        'ipAddress',
        'userAgent',
        'timestamp',
        'success',
      ]),
    );
  });
});
