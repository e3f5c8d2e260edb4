import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { planOf } from '../../../tests/setup/query-plans';
import { signUp, unique } from '../../../tests/setup/customers';
import { emailOutbox, invoices, supportTickets } from '../db/schema';
import { SEARCH_COUNT_PAGES_AHEAD } from '../db/bounded-count';

// The staff searches match `%term%`, which only a trigram index (pg_trgm, migration 0024) can serve:
// without one every search reads the whole table (docs/architecture.md "Search"). Each list's route is
// run with a search, and every statement it ran with the search's pattern is EXPLAINed on this
// database: the plan reads the trigram index of each expression the search matches, and never the
// searched table whole. A search's count stops SEARCH_COUNT_PAGES_AHEAD (five) pages past the page asked for.

let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));

/**
 * `indexes`: every statement reads each of them; `oneOf`: every statement reads at least one of them (the
 * outbox: its trigram index for a narrow term, or its newest-first index, whose entries carry the search
 * text, walked without the table).
 */
type Search = { url: string; term: string; indexes: string[]; oneOf?: string[]; neverWhole: string[] };

const SEARCHES: Record<string, Search> = {
  'support tickets (subject and description, the customer, a visitor)': {
    url: '/api/admin/support/tickets',
    term: 'gps',
    indexes: ['support_tickets_search_idx', 'support_tickets_visitor_search_idx', 'customers_search_idx'],
    neverWhole: ['support_tickets'],
  },
  'the email outbox (address and subject)': {
    url: '/api/admin/email/outbox',
    term: 'atlas',
    indexes: [],
    oneOf: ['email_outbox_search_idx', 'email_outbox_created_search_idx'],
    neverWhole: ['email_outbox'],
  },
  'invoices (by customer)': {
    url: '/api/admin/invoices',
    term: 'harbor',
    indexes: ['customers_search_idx'],
    neverWhole: ['invoices', 'customers'],
  },
  customers: {
    url: '/api/admin/customers',
    term: 'harbor',
    indexes: ['customers_search_idx'],
    neverWhole: ['customers'],
  },
  'payments (by customer)': {
    url: '/api/admin/payments',
    term: 'harbor',
    indexes: ['customers_search_idx'],
    neverWhole: ['payments', 'customers'],
  },
  'CRM customers': {
    url: '/api/admin/crm/customers',
    term: 'harbor',
    indexes: ['customers_search_idx'],
    neverWhole: ['customers'],
  },
};

describe('each staff search reads its trigram index', () => {
  for (const [name, search] of Object.entries(SEARCHES)) {
    it(name, async () => {
      const statements = await t.statementsDuring(async () => {
        const res = await t.get(admin, `${search.url}?search=${search.term}&page=2`);
        expect(res.statusCode, res.body).toBe(200);
      });
      const searched = statements.filter((s) => s.params.includes(`%${search.term}%`));
      // The page and its count (the customers list and the payments list count through a cache, read
      // here for the first time).
      expect(searched.length).toBeGreaterThanOrEqual(2);
      for (const statement of searched) {
        const plan = await planOf(t, statement);
        for (const index of search.indexes) expect([...plan.indexes], statement.sql).toContain(index);
        if (search.oneOf)
          expect(
            search.oneOf.filter((index) => plan.indexes.has(index)),
            statement.sql,
          ).not.toEqual([]);
        for (const table of search.neverWhole) expect([...plan.seqScans], statement.sql).not.toContain(table);
      }
    });
  }
});

type Page = { items: { id: string }[]; total: number; totalCapped: boolean };

const page = async (url: string) => {
  const res = await t.get(admin, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};

/**
 * With one row a page, the count of page 1 stops at 11 (the page and ten more): twelve matches say
 * "11+"; from page 2 on (a cap of 12) they are counted exactly, and every one is reachable.
 */
async function expectCappedCount(url: string) {
  // Twelve matches, one per page: page p counts up to p + SEARCH_COUNT_PAGES_AHEAD of them.
  const ahead = SEARCH_COUNT_PAGES_AHEAD;
  expect(await page(`${url}&pageSize=1&page=1`)).toMatchObject({ total: 1 + ahead, totalCapped: true });
  expect(await page(`${url}&pageSize=1&page=${11 - ahead}`)).toMatchObject({ total: 11, totalCapped: true });
  const reaching = await page(`${url}&pageSize=1&page=${12 - ahead}`);
  expectExact(reaching, 12);
  expect(reaching.items).toHaveLength(1);
  expectExact(await page(`${url}&pageSize=1&page=12`), 12);
  expectExact(await page(`${url}&pageSize=25`), 12);
}

/** An exact count: the total, and no "capped" mark. */
function expectExact(answer: { total: number }, total: number) {
  expect(answer.total).toBe(total);
  expect(answer).not.toHaveProperty('totalCapped');
}

describe("a search's count stops SEARCH_COUNT_PAGES_AHEAD pages past the page", () => {
  it('support tickets', async () => {
    const c = await signUp(t);
    const tag = `kq${unique()}`;
    for (let i = 0; i < 12; i++) {
      const res = await t.post(c, '/api/customer/support/tickets', {
        subject: `${tag} tracker ${i}`,
        description: 'The unit stopped reporting.',
        category: 'technical',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await expectCappedCount(`/api/admin/support/tickets?search=${tag}`);
    // Without a search the list is counted exactly, as before.
    expectExact(
      await page('/api/admin/support/tickets?pageSize=1'),
      await t.database.db.$count(supportTickets),
    );
  });

  it('the email outbox', async () => {
    const tag = `kq${unique()}`;
    await t.database.db.insert(emailOutbox).values(
      Array.from({ length: 12 }, (_, i) => ({
        templateId: 'welcome',
        toEmail: `${tag}-${i}@example.com`,
        subject: 'Welcome',
        status: 'sent' as const,
      })),
    );
    await expectCappedCount(`/api/admin/email/outbox?search=${tag}`);
  });

  it('invoices', async () => {
    const companyName = `Kestrel Haulage ${unique()}`;
    const c = await signUp(t, { companyName });
    await t.database.db.insert(invoices).values(
      Array.from({ length: 12 }, (_, i) => ({
        number: `KQ-${unique()}-${i}`,
        customerId: c.id,
        status: 'paid' as const,
        totalCents: 1000,
        lines: [],
        billingName: companyName,
        billingEmail: c.email,
        issuedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    await expectCappedCount(`/api/admin/invoices?search=${encodeURIComponent(companyName)}`);
  });
});
