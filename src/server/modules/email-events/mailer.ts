import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, plans, staffUsers, teamMembers } from '../../db/schema';
import type { EmailQueue } from '../email';
import { invoiceDay } from '../../lib/day-text';
import { invoiceSellerFrom, invoiceSellerOf, storedGeneralSettings } from '../system-settings';

/**
 * What a service needs to queue the emails of its events (docs/email.md): the outbox writer and the
 * public address the links in them start with. Services get it through their deps, like `billing`.
 */
export type Mailer = { queue: EmailQueue; publicUrl: string };

/** The product's pages the emails link to. */
export const emailLinks = (mailer: Pick<Mailer, 'publicUrl'>) => {
  const base = mailer.publicUrl.replace(/\/+$/, '');
  return {
    customerSignIn: `${base}/customer-login`,
    staffSignIn: `${base}/admin-login`,
    portalBilling: `${base}/customer-billing`,
    /** A checkout or payment link the server made: relative paths become absolute. */
    absolute: (url: string) =>
      /^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`,
  };
};

/** A moment as the company writes its days, with the time of day in its timezone. */
export async function emailMoment(exec: Executor, date: Date): Promise<string> {
  const seller = await invoiceSellerOf(exec, '');
  const time = new Intl.DateTimeFormat('en-US', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: seller.timezone,
    timeZoneName: 'short',
  }).format(date);
  return `${invoiceDay(date, seller)} ${time}`;
}

/**
 * The account owner of a customer, with the fields every customer email fills in, and `day` writing a
 * date as the company does (System Settings' date format and timezone, as on its invoices): read in one
 * statement with the settings, since most customer emails name a day.
 */
export async function customerRecipient(exec: Executor, customerId: string) {
  const [row] = await exec
    .select({
      general: storedGeneralSettings(),
      id: customers.id,
      email: customers.email,
      billingEmail: customers.billingEmail,
      firstName: customers.firstName,
      lastName: customers.lastName,
      companyName: customers.companyName,
      planName: plans.name,
    })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, customerId));
  if (!row) return null;
  const seller = invoiceSellerFrom(row.general, '');
  return {
    customerId: row.id,
    day: (date: Date) => invoiceDay(date, seller),
    to: { email: row.email, name: `${row.firstName} ${row.lastName}`.trim() },
    /** Where receipts and invoices go: the billing email when the customer set one. */
    billingTo: { email: row.billingEmail ?? row.email, name: `${row.firstName} ${row.lastName}`.trim() },
    data: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      companyName: row.companyName,
      planName: row.planName ?? 'your',
    },
  };
}

/** A person who signs in (staff member, account owner or team member), for the security emails. */
export type Person = { email: string; firstName: string; lastName: string };

export const personData = (p: Person) => ({ firstName: p.firstName, lastName: p.lastName, email: p.email });
export const personTo = (p: Person) => ({ email: p.email, name: `${p.firstName} ${p.lastName}`.trim() });

export async function staffPerson(exec: Executor, id: string): Promise<Person | null> {
  const [row] = await exec
    .select({ email: staffUsers.email, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row ? { email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' } : null;
}

/** The owner of an account, or one of its team members. */
export async function customerPerson(
  exec: Executor,
  customerId: string,
  teamMemberId: string | null,
): Promise<Person | null> {
  const [row] = teamMemberId
    ? await exec
        .select({
          email: teamMembers.email,
          firstName: teamMembers.firstName,
          lastName: teamMembers.lastName,
        })
        .from(teamMembers)
        .where(eq(teamMembers.id, teamMemberId))
    : await exec
        .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, customerId));
  return row ?? null;
}

/**
 * A mailer that queues nothing: for the demo's made-up billing history and benchmarks, whose
 * payments are not events anyone should be emailed about.
 */
export const silentMailer: Mailer = {
  publicUrl: 'http://localhost',
  queue: {
    queue: async () => ({ status: 'skipped', reason: 'disabled' }),
    queueMany: async (_exec, messages) => messages.map(() => ({ status: 'skipped', reason: 'disabled' })),
    openBody: async (row) => ({ text: row.bodyText, html: row.bodyHtml }),
  },
};
