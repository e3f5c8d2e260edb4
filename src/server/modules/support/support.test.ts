import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import { staffWith } from '../../../../tests/setup/staff';
import { invitedPassword } from '../../../../tests/setup/mail';
import { manualClock } from '../../clock';
import { emailOutbox, supportTickets } from '../../db/schema';
import { ASSIGNEE_NAMES_DIFFER, CLOSED_TICKET_MESSAGE } from '../../../shared/contracts/support';

// Ticket rules through the real app (docs/support.md), on PGlite and PostgreSQL.
const clock = manualClock(new Date());
let t: TestApp;
let admin: string;
let manager: { cookie: string; id: string; email: string };
let a: TestCustomer;
let b: TestCustomer;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://fleet.example' }, { clock });
  admin = await t.staffCookie('admin@motorpool.local');
  manager = await staffWith(t, 'manager');
  a = await signUp(t, { companyName: `Acme Haulage ${unique()}` });
  b = await signUp(t, { companyName: `Bravo Logistics ${unique()}` });
}, 60_000);
afterAll(() => t.close());

type Detail = { id: string; number: number; status: string; messages: { body: string; author: string }[] };

async function open(c: TestCustomer, fields: Record<string, unknown> = {}): Promise<Detail> {
  const res = await t.post(c, '/api/customer/support/tickets', {
    subject: `Help ${unique()}`,
    description: 'Something is off.',
    category: 'technical',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Detail>();
}

const staffReply = (id: string, body: string, internal = false, session = admin) =>
  t.post(session, `/api/admin/support/tickets/${id}/messages`, { body, internal });

const outboxFor = (email: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.templateId, 'support_reply')));

describe('the customer', () => {
  it('opens a ticket with a number from the counter, and reads it back with its thread', async () => {
    const first = await open(a, { subject: 'Invoice question', category: 'billing' });
    const second = await open(a);
    expect(second.number).toBe(first.number + 1);
    expect(first).toMatchObject({ status: 'open', priority: 'medium', category: 'billing', messages: [] });
    const read = await t.get(a, `/api/customer/support/tickets/${first.id}`);
    expect(read.json()).toMatchObject({
      id: first.id,
      subject: 'Invoice question',
      description: 'Something is off.',
    });
  });

  it('sees only their own tickets and never internal notes: list, detail and counts', async () => {
    const mine = await open(a, { subject: 'Mine' });
    const theirs = await open(b, { subject: 'Theirs' });
    await staffReply(mine.id, 'SECRET NOTE about the customer', true);
    await staffReply(mine.id, 'We are on it.');

    const list = await t.get(a, '/api/customer/support/tickets?pageSize=50');
    const items = list.json<{ items: { id: string; replies: number }[] }>().items;
    expect(items.map((i) => i.id)).toContain(mine.id);
    expect(items.map((i) => i.id)).not.toContain(theirs.id);
    expect(items.find((i) => i.id === mine.id)!.replies).toBe(1);
    expect(list.body).not.toContain('SECRET NOTE');

    const detail = await t.get(a, `/api/customer/support/tickets/${mine.id}`);
    expect(detail.body).not.toContain('SECRET NOTE');
    expect(detail.body).not.toContain('internal');
    expect(detail.json()).toMatchObject({
      replies: 1,
      awaitingCustomer: true,
      messages: [{ author: 'staff', body: 'We are on it.' }],
    });

    // Another account's ticket does not exist for them, to read or to answer.
    expect((await t.get(a, `/api/customer/support/tickets/${theirs.id}`)).statusCode).toBe(404);
    const answer = await t.post(a, `/api/customer/support/tickets/${theirs.id}/messages`, { body: 'hi' });
    expect(answer.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, theirs.id));
    expect(row!.lastActivityAt.toISOString()).toBe(row!.createdAt.toISOString());
  });

  it('reopens a resolved ticket by replying; a closed one refuses the reply', async () => {
    const ticket = await open(a);
    await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, { status: 'resolved' });
    const reopened = await t.post(a, `/api/customer/support/tickets/${ticket.id}/messages`, {
      body: 'Still broken',
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open' });
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.resolvedAt).toBeNull();

    await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, { status: 'closed' });
    const refused = await t.post(a, `/api/customer/support/tickets/${ticket.id}/messages`, {
      body: 'Hello?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: CLOSED_TICKET_MESSAGE });
  });

  it('refuses bad input with 4xx and a message per field', async () => {
    const empty = await t.post(a, '/api/customer/support/tickets', {
      subject: ' ',
      description: '',
      category: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors ?? {})).toEqual(
      expect.arrayContaining(['subject', 'description', 'category']),
    );
    const long = await t.post(a, '/api/customer/support/tickets', {
      subject: 's',
      description: 'x'.repeat(5001),
      category: 'billing',
    });
    expect(long.statusCode).toBe(400);
    expect((await t.get(a, '/api/customer/support/tickets/not-a-uuid')).statusCode).toBe(400);
    expect((await t.get(a, '/api/customer/support/tickets?pageSize=500')).statusCode).toBe(400);
  });
});

describe('staff', () => {
  it('a reply queues exactly one support_reply email in its transaction; a note none', async () => {
    const c = await signUp(t);
    const ticket = await open(c, { subject: 'GPS drift' });
    await staffReply(ticket.id, 'Internal: check firmware', true);
    expect(await outboxFor(c.email)).toHaveLength(0);

    const res = await staffReply(ticket.id, 'Please update the firmware.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress' });
    const mails = await outboxFor(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Re: [#${ticket.number}] GPS drift`);
    expect(mails[0]!.bodyText).toContain('Please update the firmware.');
    expect(mails[0]!.bodyText).toContain(
      `https://fleet.example/customer-dashboard?tab=support&ticket=${ticket.id}`,
    );
    expect(mails[0]!.bodyText).not.toContain('Internal: check firmware');
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.firstResponseAt).not.toBeNull();

    // A reply that fails (the email cannot be written) leaves no message and no email behind.
    // DDL takes no parameters: the address is one this test made.
    await t.database.db.execute(
      sql.raw(`alter table email_outbox add constraint no_more check (to_email <> '${c.email}') not valid`),
    );
    try {
      const failed = await staffReply(ticket.id, 'Second reply');
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      const detail = await t.get(admin, `/api/admin/support/tickets/${ticket.id}`);
      expect(detail.body).not.toContain('Second reply');
    } finally {
      await t.database.db.execute(sql`alter table email_outbox drop constraint no_more`);
    }
    expect(await outboxFor(c.email)).toHaveLength(1);
    // The first response stays the first.
    const [after] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(after!.firstResponseAt).toEqual(row!.firstResponseAt);
  });

  it('a reply goes to the team member who opened the ticket, not to the account owner', async () => {
    const owner = await signUp(t);
    const email = `member.${unique()}@example.com`;
    const invited = await t.post(owner, '/api/fleet/team', {
      firstName: 'Tess',
      lastName: 'Member',
      email,
      role: 'fleet_user',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = await t.customerSession(email, await invitedPassword(t, email));
    const res = await t.post(member, '/api/customer/support/tickets', {
      subject: 'Tablet login',
      description: 'My tablet will not sign in.',
      category: 'technical',
    });
    expect(res.statusCode, res.body).toBe(201);
    await staffReply(res.json<Detail>().id, 'Try signing out and in again.');
    const toMember = await outboxFor(email);
    expect(toMember).toHaveLength(1);
    expect(toMember[0]!.bodyText).toContain('Hi Tess,');
    expect(await outboxFor(owner.email)).toHaveLength(0);
  });

  it('sees the full thread with internal notes', async () => {
    const ticket = await open(a);
    await staffReply(ticket.id, 'Note for the team', true);
    const detail = await t.get(manager.cookie, `/api/admin/support/tickets/${ticket.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().messages).toMatchObject([
      { body: 'Note for the team', internal: true, author: 'staff' },
    ]);
  });

  it('hears the older field name too: assignedTo assigns, alone or beside another field', async () => {
    const alone = await open(a);
    const res = await t.patch(admin, `/api/admin/support/tickets/${alone.id}`, { assignedTo: manager.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignee).toMatchObject({ id: manager.id });

    const beside = await open(a);
    const both = await t.patch(admin, `/api/admin/support/tickets/${beside.id}`, {
      priority: 'high',
      assignedTo: manager.id,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ priority: 'high', assignee: { id: manager.id } });
    // Both names agreeing is one change; null unassigns under either name.
    const same = await t.patch(admin, `/api/admin/support/tickets/${beside.id}`, {
      assignedTo: null,
      assignedToStaffId: null,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().assignee).toBeNull();
  });

  it('refuses assignedTo and assignedToStaffId naming different members, and changes nothing', async () => {
    const ticket = await open(a);
    const other = await staffWith(t, 'manager');
    const res = await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, {
      status: 'in_progress',
      assignedTo: manager.id,
      assignedToStaffId: other.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ASSIGNEE_NAMES_DIFFER,
      errors: { assignedTo: ASSIGNEE_NAMES_DIFFER },
    });
    const detail = (await t.get(admin, `/api/admin/support/tickets/${ticket.id}`)).json();
    expect(detail).toMatchObject({ status: 'open', assignee: null });
  });

  it('audits status, priority and assignee with old and new values', async () => {
    const ticket = await open(a);
    const res = await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, {
      status: 'in_progress',
      priority: 'urgent',
      assignedToStaffId: manager.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_progress',
      priority: 'urgent',
      assignee: { id: manager.id },
    });
    const [audit] = await auditRowsWhere(t, { resourceId: ticket.id, action: 'update' });
    expect(audit).toMatchObject({
      resourceType: 'support_ticket',
      actorType: 'staff',
      accountId: a.id,
      oldValues: { status: 'open', priority: 'medium', assignedToStaffId: null },
      newValues: { status: 'in_progress', priority: 'urgent', assignedToStaffId: manager.id },
    });
    // A sales user cannot be given a ticket: their role does not open Support.
    const sales = await staffWith(t, 'sales');
    const refused = await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, {
      assignedToStaffId: sales.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('assignedToStaffId');
    const assignees = (await t.get(admin, '/api/admin/support/assignees')).json<{ id: string }[]>();
    expect(assignees.map((s) => s.id)).toContain(manager.id);
    expect(assignees.map((s) => s.id)).not.toContain(sales.id);
    expect((await t.patch(admin, `/api/admin/support/tickets/${ticket.id}`, {})).statusCode).toBe(400);
  });

  it('by role: manager allowed, sales and customers refused', async () => {
    const sales = await staffWith(t, 'sales');
    expect((await t.get(manager.cookie, '/api/admin/support/tickets')).statusCode).toBe(200);
    expect((await t.get(sales.cookie, '/api/admin/support/tickets')).statusCode).toBe(403);
    expect((await t.get(sales.cookie, '/api/admin/support/analytics')).statusCode).toBe(403);
    expect([401, 403]).toContain((await t.get(a, '/api/admin/support/tickets')).statusCode);
    const ticket = await open(a);
    expect([401, 403]).toContain(
      (await t.post(a, `/api/admin/support/tickets/${ticket.id}/messages`, { body: 'x' })).statusCode,
    );
    // Staff have no customer session: the portal's routes are not theirs.
    expect([401, 403]).toContain((await t.get(admin, '/api/customer/support/tickets')).statusCode);
  });

  it('pages, searches, filters and sorts on the server, and exports the filtered set', async () => {
    const c = await signUp(t, { companyName: `Zeta Couriers ${unique()}` });
    const tag = `zq${unique()}`;
    const low = await open(c, { subject: `${tag} brakes`, category: 'technical' });
    const urgent = await open(c, { subject: `${tag} invoice`, category: 'billing' });
    const high = await open(c, {
      subject: 'Export',
      description: `${tag} in the description`,
      category: 'feature_request',
    });
    await t.patch(admin, `/api/admin/support/tickets/${low.id}`, { priority: 'low' });
    await t.patch(admin, `/api/admin/support/tickets/${urgent.id}`, {
      priority: 'urgent',
      assignedToStaffId: manager.id,
    });
    await t.patch(admin, `/api/admin/support/tickets/${high.id}`, { priority: 'high', status: 'resolved' });

    const ids = async (qs: string) =>
      (await t.get(admin, `/api/admin/support/tickets?${qs}`)).json<{
        items: { id: string }[];
        total: number;
      }>();
    expect((await ids(`search=${tag}&sort=-priority`)).items.map((i) => i.id)).toEqual([
      urgent.id,
      high.id,
      low.id,
    ]);
    expect((await ids(`search=${tag}&sort=priority`)).items.map((i) => i.id)).toEqual([
      low.id,
      high.id,
      urgent.id,
    ]);
    expect((await ids(`search=${tag}&status=resolved`)).items.map((i) => i.id)).toEqual([high.id]);
    expect((await ids(`search=${tag}&priority=urgent`)).items.map((i) => i.id)).toEqual([urgent.id]);
    expect((await ids(`search=${tag}&assignee=${manager.id}`)).items.map((i) => i.id)).toEqual([urgent.id]);
    expect((await ids(`search=${tag}&assignee=unassigned&sort=number`)).items.map((i) => i.id)).toEqual([
      low.id,
      high.id,
    ]);
    expect((await ids(`search=${tag}&category=billing`)).items.map((i) => i.id)).toEqual([urgent.id]);
    // By number, and by the customer's company.
    expect((await ids(`search=%23${urgent.number}`)).items.map((i) => i.id)).toEqual([urgent.id]);
    const company = encodeURIComponent('zeta couriers');
    expect((await ids(`search=${company}&pageSize=100`)).items.map((i) => i.id)).toEqual(
      expect.arrayContaining([low.id, urgent.id, high.id]),
    );
    const page2 = await ids(`search=${tag}&sort=number&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 3, items: [{ id: high.id }] });
    expect((await t.get(admin, '/api/admin/support/tickets?status=nope')).statusCode).toBe(400);
    expect((await t.get(admin, '/api/admin/support/tickets?sort=subject')).statusCode).toBe(400);
    expect((await t.get(admin, '/api/admin/support/tickets?assignee=bob')).statusCode).toBe(400);

    const csv = await t.get(admin, `/api/admin/support/tickets/export?search=${tag}&sort=number`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Number,Subject,Category,Status,Priority/);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([
      low.number,
      urgent.number,
      high.number,
    ]);
    expect(csv.body).not.toContain('in the description'); // the register, not the thread
  });

  it('a 404 for a ticket that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.get(admin, `/api/admin/support/tickets/${missing}`)).statusCode).toBe(404);
    expect(
      (await t.patch(admin, `/api/admin/support/tickets/${missing}`, { status: 'closed' })).statusCode,
    ).toBe(404);
    expect((await staffReply(missing, 'hello')).statusCode).toBe(404);
  });
});

describe('analytics', () => {
  it('figures from known tickets, and an honest empty state', async () => {
    const fresh = await createTestApp({}, { clock });
    try {
      const staff = await fresh.staffCookie('admin@motorpool.local');
      const empty = (await fresh.get(staff, '/api/admin/support/analytics')).json();
      expect(empty).toMatchObject({
        totalTickets: 0,
        openTickets: 0,
        firstResponse: { count: 0, medianHours: null, averageHours: null },
        resolution: { count: 0, medianHours: null, averageHours: null },
      });
      expect(empty.openByAge.every((b: { count: number }) => b.count === 0)).toBe(true);

      const c = await signUp(fresh);
      const start = new Date('2026-03-02T09:00:00Z');
      const hour = 3_600_000;
      const make = async (category: string, ageHours: number) => {
        clock.set(new Date(start.getTime() - ageHours * hour));
        const res = await fresh.post(c, '/api/customer/support/tickets', {
          subject: 'S',
          description: 'D',
          category,
        });
        return res.json<{ id: string }>().id;
      };
      const at = async (hoursAfterStart: number, work: () => Promise<unknown>) => {
        clock.set(new Date(start.getTime() + hoursAfterStart * hour));
        await work();
      };
      // Four tickets opened at start minus 0.5 h, 2 days, 5 days and 10 days.
      const t1 = await make('billing', 0.5);
      const t2 = await make('billing', 48);
      const t3 = await make('technical', 120);
      const t4 = await make('feature_request', 240);
      // First responses 1 h, 3 h and 8 h after opening; t4 is resolved 24 h after opening.
      await at(-48 + 1, () => fresh.post(staff, `/api/admin/support/tickets/${t2}/messages`, { body: 'a' }));
      await at(-120 + 3, () => fresh.post(staff, `/api/admin/support/tickets/${t3}/messages`, { body: 'b' }));
      await at(-240 + 8, () => fresh.post(staff, `/api/admin/support/tickets/${t4}/messages`, { body: 'c' }));
      await at(-240 + 24, () =>
        fresh.patch(staff, `/api/admin/support/tickets/${t4}`, { status: 'resolved' }),
      );
      void t1;
      clock.set(start);
      const figures = (await fresh.get(staff, '/api/admin/support/analytics')).json();
      expect(figures).toMatchObject({
        totalTickets: 4,
        openTickets: 3,
        byCategory: [
          { category: 'billing', count: 2 },
          { category: 'technical', count: 1 },
          { category: 'feature_request', count: 1 },
          { category: 'general', count: 0 },
        ],
        byStatus: [
          { status: 'open', count: 1 },
          { status: 'in_progress', count: 2 },
          { status: 'resolved', count: 1 },
          { status: 'closed', count: 0 },
        ],
        firstResponse: { count: 3, medianHours: 3, averageHours: 4 },
        resolution: { count: 1, medianHours: 24, averageHours: 24 },
        openByAge: [
          { bucket: 'under_1d', count: 1 },
          { bucket: '1_3d', count: 1 },
          { bucket: '3_7d', count: 1 },
          { bucket: 'over_7d', count: 0 },
        ],
      });
    } finally {
      clock.set(new Date());
      await fresh.close();
    }
  });
});
