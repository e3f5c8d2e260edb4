import { count, desc, eq, sql } from 'drizzle-orm';
import { pageOffset, toPage, type Page } from '../../../../shared/contracts/common';
import type {
  Expense,
  ExpenseInput,
  ExpenseListQuery,
} from '../../../../shared/contracts/payment-operations';
import type { Db } from '../../../db/client';
import { expenses, staffUsers } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { recordAudit } from '../../audit';
import { inTransaction } from '../../../http/request-context';
import type { StaffContext } from '../../../http/staff-context';

const toCents = (dollars: number) => Math.round(dollars * 100);

const expenseColumns = {
  id: expenses.id,
  date: expenses.incurredOn,
  category: expenses.category,
  description: expenses.description,
  amountCents: expenses.amountCents,
  createdAt: expenses.createdAt,
  createdBy: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${staffUsers.firstName}, ${staffUsers.lastName})), '')`,
  createdByEmail: staffUsers.email,
};

type ExpenseRow = {
  id: string;
  date: string;
  category: string;
  description: string;
  amountCents: number;
  createdAt: Date;
  createdBy: string | null;
  createdByEmail: string | null;
};

const toExpense = (r: ExpenseRow): Expense => ({
  id: r.id,
  date: r.date,
  category: r.category,
  description: r.description,
  amount: r.amountCents / 100,
  createdBy: r.createdBy ?? r.createdByEmail,
  createdAt: r.createdAt.toISOString(),
});

/** The ledger, newest expense first (by its date, then by when it was entered): an index walk. */
export async function listExpenses(db: Db, query: ExpenseListQuery): Promise<Page<Expense>> {
  const [rows, [total]] = await Promise.all([
    db
      .select(expenseColumns)
      .from(expenses)
      .leftJoin(staffUsers, eq(staffUsers.id, expenses.createdByStaffId))
      .orderBy(desc(expenses.incurredOn), desc(expenses.createdAt))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(expenses),
  ]);
  return toPage(query, rows.map(toExpense), total?.n ?? 0);
}

/** One entry of the ledger, with its audit row in the same transaction. */
export async function addExpense(ctx: StaffContext, input: ExpenseInput): Promise<Expense> {
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    const [row] = await tx
      .insert(expenses)
      .values({
        incurredOn: input.date,
        category: input.category,
        description: input.description,
        amountCents: toCents(input.amount),
        createdByStaffId: actor.actorType === 'staff' ? actor.actorId : null,
      })
      .returning();
    if (!row) throw new Error('expense insert returned nothing');
    await recordAudit(tx, actor, {
      action: 'create',
      resourceType: 'expense',
      resourceId: row.id,
      newValues: {
        date: input.date,
        category: input.category,
        description: input.description,
        amount: input.amount,
      },
    });
    return toExpense({
      id: row.id,
      date: row.incurredOn,
      category: row.category,
      description: row.description,
      amountCents: row.amountCents,
      createdAt: row.createdAt,
      createdBy: null,
      createdByEmail: actor.actorEmail,
    });
  });
}

/** What the audit row keeps of an entry: its own fields, in dollars. */
const auditValuesOf = (row: typeof expenses.$inferSelect) => ({
  date: row.incurredOn,
  category: row.category,
  description: row.description,
  amount: row.amountCents / 100,
});

/**
 * Corrects an entry: every field is replaced (the same rules as a new one), with the entry before and
 * after in its audit row. The entry keeps who added it.
 */
export async function updateExpense(ctx: StaffContext, id: string, input: ExpenseInput): Promise<Expense> {
  return inTransaction(ctx, async ({ db: tx, actor }) => {
    const [before] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
    if (!before) throw notFound('Expense not found');
    const [row] = await tx
      .update(expenses)
      .set({
        incurredOn: input.date,
        category: input.category,
        description: input.description,
        amountCents: toCents(input.amount),
      })
      .where(eq(expenses.id, id))
      .returning();
    if (!row) throw notFound('Expense not found');
    await recordAudit(tx, actor, {
      action: 'update',
      resourceType: 'expense',
      resourceId: id,
      oldValues: auditValuesOf(before),
      newValues: auditValuesOf(row),
    });
    const [saved] = await tx
      .select(expenseColumns)
      .from(expenses)
      .leftJoin(staffUsers, eq(staffUsers.id, expenses.createdByStaffId))
      .where(eq(expenses.id, id));
    return toExpense(saved!);
  });
}

/** Removes an entry from the ledger; its audit row keeps what it was. */
export async function deleteExpense(ctx: StaffContext, id: string): Promise<void> {
  await inTransaction(ctx, async ({ db: tx, actor }) => {
    const [before] = await tx.delete(expenses).where(eq(expenses.id, id)).returning();
    if (!before) throw notFound('Expense not found');
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'expense',
      resourceId: id,
      oldValues: auditValuesOf(before),
    });
  });
}
