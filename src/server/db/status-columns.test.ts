import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import {
  CUSTOMER_STATUSES,
  INVOICE_STATUSES,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
  TICKET_STATUSES,
} from '../../shared/statuses';

/**
 * Status columns that keep another system's words as they come: the payment provider's (Stripe's
 * dispute and the sandbox's intent and charge states). Every other status column is typed by its
 * vocabulary in shared/statuses.ts.
 */
const PROVIDER_STATES = new Set(['disputes.status', 'sandbox_intents.status', 'sandbox_charges.status']);

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is Table =>
  isTable(value),
);

function statusColumns() {
  return tables.flatMap((table) => {
    const { name } = getTableConfig(table as Parameters<typeof getTableConfig>[0]);
    return Object.values(getTableColumns(table))
      .filter((column) => column.name === 'status' || column.name.endsWith('_status'))
      .map((column) => ({ where: `${name}.${column.name}`, values: column.enumValues ?? [] }));
  });
}

describe('status columns', () => {
  it('are each typed by a vocabulary, apart from the provider states kept as they come', () => {
    const columns = statusColumns();
    expect(columns.length).toBeGreaterThan(10);
    const bare = columns
      .filter(({ where, values }) => values.length === 0 && !PROVIDER_STATES.has(where))
      .map(({ where }) => where);
    expect(bare, 'a status column without its vocabulary').toEqual([]);
  });

  it('take the shared vocabularies, so the row, the contract and the screen agree', () => {
    const byColumn = Object.fromEntries(statusColumns().map(({ where, values }) => [where, values]));
    expect(byColumn['customers.status']).toEqual([...CUSTOMER_STATUSES]);
    expect(byColumn['subscriptions.status']).toEqual([...SUBSCRIPTION_STATUSES]);
    expect(byColumn['invoices.status']).toEqual([...INVOICE_STATUSES]);
    expect(byColumn['payments.status']).toEqual([...PAYMENT_STATUSES]);
    expect(byColumn['payment_day_totals.status']).toEqual([...PAYMENT_STATUSES]);
    expect(byColumn['support_tickets.status']).toEqual([...TICKET_STATUSES]);
  });
});
