import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { unique } from '../../../../tests/setup/customers';
import { emailOutbox, supportTickets } from '../../db/schema';
import { VISITOR_MESSAGE_SENT } from '../../../shared/contracts/contact';
import { TOO_MANY_VISITOR_MESSAGES, VISITOR_MESSAGE_LIMIT } from './routes';

// The landing page's contact section (issue 24 §2d): details from System Settings, and a visitor's
// message that reaches staff in the Support Center as a ticket.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.staffCookie('admin@motorpool.local');
}, 60_000);
afterAll(() => t.close());

/** A request from its own address, so each test has the visitor limit to itself. */
const fromAddress = (remoteAddress: string, payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/contact/messages', payload, remoteAddress });

describe('GET /api/contact', () => {
  it('answers only the public contact fields: the default hours and nothing invented until staff set them', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/contact' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ phone: null, email: null, hours: 'Mon-Fri 9AM-6PM EST' });

    const saved = await t.put(admin, '/api/admin/general-settings', {
      contactPhone: '+1 (415) 555-2671',
      contactEmail: 'Help@Fleet.Example.com',
      contactHours: 'Every day 8AM-8PM PT',
      companyName: 'Private Co',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/contact' });
    // Exactly the three public fields: the company name, timezone and the rest stay staff-only.
    expect(after.json()).toEqual({
      phone: '+1 (415) 555-2671',
      email: 'help@fleet.example.com',
      hours: 'Every day 8AM-8PM PT',
    });

    // Cleared again: not shown, and the hours cannot be blank.
    const cleared = await t.put(admin, '/api/admin/general-settings', { contactPhone: '', contactEmail: '' });
    expect(cleared.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/contact' })).json()).toMatchObject({
      phone: null,
      email: null,
    });
  });

  it('refuses a contact value that is not a phone number or an email address, changing nothing', async () => {
    const res = await t.put(admin, '/api/admin/general-settings', {
      contactPhone: 'call us!',
      contactEmail: 'not-an-email',
      contactHours: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['contactEmail', 'contactHours', 'contactPhone']);
    expect((await t.app.inject({ method: 'GET', url: '/api/contact' })).json().hours).toBe(
      'Every day 8AM-8PM PT',
    );
  });
});

describe('POST /api/contact/messages', () => {
  it("a visitor's message becomes a ticket staff see as from a visitor, and a staff reply is emailed to the visitor", async () => {
    const email = `visitor-${unique()}@example.com`;
    const res = await fromAddress('10.0.0.1', {
      name: 'Dana Visitor',
      email,
      message: 'Do you support trailers?\nWe run 40 of them.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: VISITOR_MESSAGE_SENT });
    const number: number = res.json().ticketNumber;

    const list = await t.get(admin, `/api/admin/support/tickets?search=${encodeURIComponent(email)}`);
    expect(list.statusCode).toBe(200);
    const [ticket] = list.json().items;
    expect(ticket).toMatchObject({
      number,
      subject: 'Website message from Dana Visitor: Do you support trailers?',
      category: 'general',
      status: 'open',
      fromVisitor: true,
      customer: { id: null, companyName: 'Dana Visitor', email },
    });
    const detail = await t.get(admin, `/api/admin/support/tickets/${ticket.id}`);
    expect(detail.json()).toMatchObject({
      description: 'Do you support trailers?\nWe run 40 of them.',
      fromVisitor: true,
    });
    const [audit] = await auditRowsWhere(t, { resourceType: 'support_ticket', resourceId: ticket.id });
    expect(audit).toMatchObject({ action: 'create', actorType: 'anonymous', actorEmail: email });

    const reply = await t.post(admin, `/api/admin/support/tickets/${ticket.id}/messages`, {
      body: 'Yes, trailers are vehicles too.',
    });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const mail = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.templateId, 'visitor_reply')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(`#${number}`);

    // A customer's own ticket list never shows it.
    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({ customerId: null, visitorEmail: email, visitorName: 'Dana Visitor' });
  });

  it('refuses a bad message with a 400 per field and opens no ticket', async () => {
    const before = (await t.database.db.select().from(supportTickets)).length;
    const res = await fromAddress('10.0.0.2', { name: ' ', email: 'nope', message: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'message', 'name']);
    expect((await t.database.db.select().from(supportTickets)).length).toBe(before);
  });

  it('is rate limited per address: past the limit a 429 in words, and no ticket', async () => {
    const message = { name: 'Flood', email: `flood-${unique()}@example.com`, message: 'Hello' };
    for (let i = 0; i < VISITOR_MESSAGE_LIMIT.max; i += 1) {
      expect((await fromAddress('10.0.0.3', message)).statusCode).toBe(201);
    }
    const refused = await fromAddress('10.0.0.3', message);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: TOO_MANY_VISITOR_MESSAGES });
    const tickets = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.visitorEmail, message.email));
    expect(tickets).toHaveLength(VISITOR_MESSAGE_LIMIT.max);
    // Another address is not held back.
    expect((await fromAddress('10.0.0.4', message)).statusCode).toBe(201);
  });
});
