import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cookieHeader, useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import { staffWith } from '../../../../tests/setup/staff';
import { manualClock } from '../../clock';
import { staffUsers } from '../../db/schema';

// The support figures a trigger keeps (migration 0025, docs/support.md "Analytics at scale"): after every
// way the product writes tickets, the kept rows equal the same figures computed from the tickets, and the
// analytics equal the full computation over every ticket. On PGlite and PostgreSQL.

const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
let t: TestApp;
let admin: string;
useTestApp({ clock, staff: ['admin'] }, (opened) => ({ t, admin } = opened));

const HOUR = 3_600_000;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Numbers as numbers, whatever each driver returns a numeric or bigint as; keys in a stable order. */
const normal = (list: Record<string, unknown>[]) =>
  list
    .map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          typeof v === 'string' && /^-?[\d.]+$/.test(v) ? Number(v) : v,
        ]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The kept rows that count something (a row emptied by moves stays at zero). */
async function kept() {
  return {
    totals: normal(
      await rows(sql`select category, status, priority, assignee, tickets, responded, response_seconds,
        resolved, resolution_seconds from support_ticket_totals
        where tickets <> 0 or responded <> 0 or resolved <> 0`),
    ),
    buckets: normal(
      await rows(sql`select measure, width, bucket, tickets from support_ticket_duration_buckets
        where tickets <> 0`),
    ),
    hours: normal(await rows(sql`select hour, tickets from support_open_ticket_hours where tickets <> 0`)),
  };
}

/** The same figures counted from the tickets, written independently of the migration's SQL. */
async function fromTickets() {
  const seconds = (stamp: string) => sql.raw(`extract(epoch from (${stamp} - created_at))`);
  return {
    totals: normal(
      await rows(sql`select category, status, priority, coalesce(assigned_to_staff_id::text, '') as assignee,
        count(*) as tickets, count(first_response_at) as responded,
        coalesce(sum(${seconds('first_response_at')}), 0) as response_seconds, count(resolved_at) as resolved,
        coalesce(sum(${seconds('resolved_at')}), 0) as resolution_seconds
        from support_tickets group by 1, 2, 3, 4`),
    ),
    buckets: normal(
      await rows(sql`select measure, width, floor(s / width)::int as bucket, count(*) as tickets
        from (select 'first_response' as measure, ${seconds('first_response_at')} as s from support_tickets
              union all
              select 'resolution', ${seconds('resolved_at')} from support_tickets) d,
             (values (86400), (3600), (60)) w (width)
        where s is not null group by 1, 2, 3`),
    ),
    hours: normal(
      await rows(sql`select floor(extract(epoch from created_at) / 3600)::int as hour, count(*) as tickets
        from support_tickets where status in ('open', 'in_progress') group by 1`),
    ),
  };
}

/** The analytics as the full computation over every ticket gives them (what analytics.ts did before 0025). */
async function analyticsFromTickets(now: Date) {
  const at = now.toISOString();
  const open = sql`status in ('open', 'in_progress')`;
  const age = sql`extract(epoch from (${at}::timestamptz - created_at)) / 86400`;
  const hours = (stamp: string) => sql.raw(`extract(epoch from (${stamp} - created_at)) / 3600`);
  const [f] = await rows<Record<string, string | number | null>>(sql`select count(*)::int as total,
    count(*) filter (where ${open})::int as open,
    count(first_response_at)::int as responded,
    percentile_cont(0.5) within group (order by ${hours('first_response_at')}) as response_median,
    avg(${hours('first_response_at')}) as response_average,
    count(resolved_at)::int as resolved,
    percentile_cont(0.5) within group (order by ${hours('resolved_at')}) as resolution_median,
    avg(${hours('resolved_at')}) as resolution_average,
    count(*) filter (where ${open} and ${age} < 1)::int as a1,
    count(*) filter (where ${open} and ${age} >= 1 and ${age} < 3)::int as a3,
    count(*) filter (where ${open} and ${age} >= 3 and ${age} < 7)::int as a7,
    count(*) filter (where ${open} and ${age} >= 7)::int as a8
    from support_tickets`);
  const round = (v: unknown) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  return {
    totalTickets: f!.total,
    openTickets: f!.open,
    firstResponse: {
      count: f!.responded,
      medianHours: round(f!.response_median),
      averageHours: round(f!.response_average),
    },
    resolution: {
      count: f!.resolved,
      medianHours: round(f!.resolution_median),
      averageHours: round(f!.resolution_average),
    },
    openByAge: [f!.a1, f!.a3, f!.a7, f!.a8].map((count) => ({ count })),
  };
}

async function expectFiguresTrue() {
  expect(await kept()).toEqual(await fromTickets());
  const answer = await t.get(admin, '/api/admin/support/analytics');
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toMatchObject(await analyticsFromTickets(clock.now()));
}

const ok = <R extends { statusCode: number; body: string }>(res: R) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

/** Opens a ticket as the customer, `hoursAgo` before the clock, and answers its id. */
async function openAs(c: TestCustomer | string, hoursAgo: number, category = 'technical') {
  const now = clock.now();
  clock.set(new Date(now.getTime() - hoursAgo * HOUR));
  const res = ok(
    await t.post(c, '/api/customer/support/tickets', {
      subject: `S ${unique()}`,
      description: 'D',
      category,
    }),
  );
  clock.set(now);
  return res.json<{ id: string }>().id;
}

/** Staff's side, at the clock plus `afterHours`. */
async function asStaffAt(afterHours: number, work: () => Promise<unknown>) {
  const now = clock.now();
  clock.set(new Date(now.getTime() + afterHours * HOUR));
  await work();
  clock.set(now);
}

describe('the kept support figures', () => {
  it('equal the figures from the tickets after every way tickets are written', async () => {
    // The demo seed (the test template) and nothing else yet.
    await expectFiguresTrue();
    const a = await signUp(t);
    const b = await signUp(t);
    const [one, two, three] = [await openAs(a, 200, 'billing'), await openAs(a, 50), await openAs(b, 30)];
    const visitor = ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/contact/messages',
        payload: { name: 'Vera Visitor', email: `vera.${unique()}@example.com`, message: 'Hello there' },
      }),
    );
    expect(visitor.statusCode).toBe(201);
    // Staff acting as the customer (impersonation) open one from the portal too.
    const link = ok(await t.post(admin, '/api/external/customer-redirect', { customerId: b.id }));
    const pass = await t.app.inject({
      method: 'GET',
      url: link.json<{ url: string }>().url,
      headers: { cookie: admin },
    });
    const four = await openAs(cookieHeader(pass), 2, 'feature_request');
    await expectFiguresTrue();

    const staff = await staffWith(t, 'manager');
    const patch = (id: string, body: object) => t.patch(admin, `/api/admin/support/tickets/${id}`, body);
    const reply = (id: string, internal = false) =>
      t.post(admin, `/api/admin/support/tickets/${id}/messages`, { body: 'On it', internal });
    await asStaffAt(1.5, async () => ok(await reply(one)));
    await asStaffAt(2, async () => ok(await reply(one)));
    await asStaffAt(3, async () => ok(await reply(two, true)));
    await asStaffAt(4, async () => ok(await patch(two, { status: 'resolved', priority: 'urgent' })));
    await asStaffAt(5, async () => ok(await patch(three, { status: 'closed' })));
    await asStaffAt(6, async () => ok(await patch(four, { assignedToStaffId: staff.id, priority: 'high' })));
    await asStaffAt(7, async () => ok(await reply(four)));
    await expectFiguresTrue();

    // The customer reopens a resolved ticket; staff reopen a closed one, resolve and reassign.
    ok(await t.post(a, `/api/customer/support/tickets/${two}/messages`, { body: 'Still broken' }));
    await asStaffAt(8, async () => ok(await patch(three, { status: 'open' })));
    await asStaffAt(9, async () => ok(await patch(one, { status: 'resolved', assignedToStaffId: staff.id })));
    await asStaffAt(10, async () =>
      ok(await patch(four, { status: 'in_progress', assignedToStaffId: null })),
    );
    await asStaffAt(11, async () => ok(await patch(one, { status: 'closed' })));
    await expectFiguresTrue();

    // Removing the staff member unassigns their tickets; removing an account removes its tickets.
    ok(await patch(two, { assignedToStaffId: staff.id }));
    ok(await t.delete(admin, `/api/admin/users/${staff.id}`));
    ok(await t.delete(admin, `/api/admin/customers/${a.id}`));
    await expectFiguresTrue();
    // Time passes: the open tickets change age, and the figures still match at the new instant.
    clock.set(new Date(clock.now().getTime() + 30 * HOUR + 123_456));
    await expectFiguresTrue();
  });

  it('are recomputed after a bulk load that wrote tickets with triggers off (the bench seed)', async () => {
    const c = await signUp(t);
    // bench/seed-lists.ts's way: per-row triggers off, then the rebuild it calls at the end.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      // First responses days to minutes apart; resolutions all within two minutes, seconds apart (the
      // median is read inside a minute that holds many).
      await tx.execute(sql`insert into support_tickets (number, customer_id, subject, description, category,
        status, priority, first_response_at, resolved_at, last_activity_at, created_at)
        select 900000 + g, ${c.id}::uuid, 'Bulk ' || g, 'D', (array['billing', 'technical'])[1 + g % 2],
          (array['open', 'in_progress', 'resolved', 'closed'])[1 + g % 4], 'low',
          case when g % 4 > 0 then c.at + make_interval(mins => g * g * 11, secs => g % 7) end,
          case when g % 4 > 1 then c.at + make_interval(secs => 3600 + g) end,
          c.at, c.at
        from generate_series(1, 60) g
        cross join lateral (select ${clock.now().toISOString()}::timestamptz
                                   - make_interval(mins => g * 97) as at) c`);
    });
    expect(await kept()).not.toEqual(await fromTickets());
    await t.database.db.execute(sql`select support_ticket_figures_rebuild()`);
    await expectFiguresTrue();
    // And the trigger carries on from the rebuilt figures.
    await openAs(c, 1);
    await expectFiguresTrue();
  });

  it('stay right under concurrent ticket creations and status changes (PostgreSQL runs them in parallel)', async () => {
    const people = await Promise.all([signUp(t), signUp(t), signUp(t), signUp(t)]);
    const opened = await Promise.all(
      people.flatMap((c, i) =>
        [0, 1, 2].map(async (k) => {
          const res = ok(
            await t.post(c, '/api/customer/support/tickets', {
              subject: `Parallel ${i}.${k}`,
              description: 'D',
              category: ['billing', 'technical', 'general'][k],
            }),
          );
          return res.json<{ id: string }>().id;
        }),
      ),
    );
    const statuses = ['in_progress', 'resolved', 'closed', 'open'] as const;
    await Promise.all(
      opened.flatMap((id, i) => [
        t.patch(admin, `/api/admin/support/tickets/${id}`, { status: statuses[i % 4], priority: 'high' }),
        t.post(admin, `/api/admin/support/tickets/${id}/messages`, { body: 'Looking', internal: false }),
        t.post(people[i % 4]!, '/api/customer/support/tickets', {
          subject: `More ${i}`,
          description: 'D',
          category: 'billing',
        }),
      ]),
    ).then((answers) => answers.forEach(ok));
    await expectFiguresTrue();
  });
});

/**
 * The generic plan of one statement the app ran (its parameters unknown, as a prepared statement plans
 * it). Sequential scans are priced out: the test tables are tiny, and a planner that prefers a scan of
 * a few rows says nothing about a million; what is checked is that an index can bound every read.
 */
async function genericPlan(statement: string) {
  const count = Math.max(0, ...[...statement.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare figures_read as ${statement}`));
    const args = count ? `(${Array<string>(count).fill('null').join(', ')})` : '';
    const result = await tx.execute(sql.raw(`explain (format json) execute figures_read${args}`));
    await tx.execute(sql.raw('deallocate figures_read'));
    const [row] = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows;
    return row!['QUERY PLAN'][0].Plan;
  });
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** How each node of a plan reads support_tickets: an index scan with a bound, or a bitmap of one. */
function ticketReads(plan: PlanNode) {
  return nodesOf(plan)
    .filter((n) => n['Relation Name'] === 'support_tickets')
    .map((n) => ({
      node: n['Node Type'],
      bounded:
        n['Index Cond'] !== undefined ||
        (n['Node Type'] === 'Bitmap Heap Scan' && nodesOf(n).some((c) => c['Index Cond'] !== undefined)),
    }));
}

const namesTickets = (statement: string) => /\bsupport_tickets\b/.test(statement);

describe('what the figures cost', () => {
  it('the analytics read the kept figures, and the tickets only through bounded index ranges', async () => {
    const c = await signUp(t);
    const id = await openAs(c, 30);
    ok(await t.post(admin, `/api/admin/support/tickets/${id}/messages`, { body: 'Hi', internal: false }));
    ok(await t.patch(admin, `/api/admin/support/tickets/${id}`, { status: 'resolved' }));
    const statements = await t.queriesDuring(async () =>
      ok(await t.get(admin, '/api/admin/support/analytics')),
    );
    const reads = statements.filter((s) => /^\s*(select|with)\b/i.test(s) && /\bsupport_/.test(s));
    // The totals, the open tickets by age, and one median for each measure.
    expect(reads).toHaveLength(4);
    for (const statement of reads.filter(namesTickets)) {
      const plan = await genericPlan(statement);
      expect(ticketReads(plan), statement).not.toHaveLength(0);
      for (const read of ticketReads(plan)) expect(read, statement).toMatchObject({ bounded: true });
    }
    // Only the age bucket's partial hour and the two medians' middle values touch the tickets.
    expect(reads.filter(namesTickets)).toHaveLength(3);
  });

  it("the list's count is read from the kept totals, and its page through an index in its order", async () => {
    const [staff] = await t.database.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, 'admin@motorpool.local'));
    for (const query of [
      'status=open&sort=-lastActivityAt&page=2',
      `priority=high&category=billing&assignee=${staff!.id}`,
      'assignee=unassigned&status=closed',
    ]) {
      const statements = await t.queriesDuring(async () =>
        ok(await t.get(admin, `/api/admin/support/tickets?${query}`)),
      );
      const reads = statements.filter((s) => /^\s*select\b/i.test(s) && /\bsupport_/.test(s));
      expect(reads.filter((s) => /\bsupport_ticket_totals\b/.test(s))).toHaveLength(1);
      const pages = reads.filter(namesTickets);
      expect(pages, query).toHaveLength(1);
      const plan = await genericPlan(pages[0]!);
      const nodes = nodesOf(plan).map((n) => n['Node Type']);
      // Read in the page's order and stopped at the page: no sort of every match, no full scan.
      expect(nodes, query).not.toContain('Sort');
      expect(nodes, query).not.toContain('Seq Scan');
    }
  });
});
