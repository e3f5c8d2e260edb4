import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CpuIcon, DatabaseIcon, GlobeIcon, ReceiptIcon, ServerIcon } from 'lucide-react';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_HISTORY_ROWS,
  expenseInput,
  expenseListQuery,
  type Expense,
  type ExpenseInput,
  type HostingUsage,
  type UsagePeriod,
} from '@shared/contracts/payment-operations';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { AddButton } from '@client/components/list/add-button';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListSection } from '@client/components/list/list-section';
import { RowActions } from '@client/components/list/row-actions';
import { changeRow } from '@client/components/list/row-change';
import { useListState } from '@client/components/list/use-list-state';
import { QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';
import { Badge } from '@client/components/ui/badge';
import { formatStaffDate, formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { formatMoneyMinus } from '@client/lib/format';
import {
  expensesQuery,
  hostingUsageQuery,
  useAddExpense,
  useDeleteExpense,
  useUpdateExpense,
} from './operations-api';
import { formatBytes, formatCount, formatCpu } from './operations-format';
import { SectionHeading } from '@client/components/section-heading';
import { AMOUNT_INPUT } from '@client/components/form/amount-input';

const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] }));
const categoryLabel = (c: string) => EXPENSE_CATEGORY_LABELS[c as keyof typeof EXPENSE_CATEGORY_LABELS] ?? c;

/**
 * Expenses (docs/payment-operations.md): hosting usage this server measures itself (integration status
 * `connected`), and the expenses ledger staff add to, correct and delete, 10 rows a page.
 */
export default function ExpensesTab() {
  // The expense form: `{ expense: null }` adds, `{ expense }` corrects that entry.
  const [formOf, setFormOf] = useState<{ expense: Expense | null } | null>(null);
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const remove = useDeleteExpense();
  const onDelete = async () => {
    if (!deleting) return;
    const deleted = await changeRow(() => remove.mutateAsync(deleting.id), {
      done: {
        title: 'Expense deleted',
        description: `${deleting.description} was removed.`,
        variant: 'success',
      },
      failed: {
        title: 'Expense not deleted',
        fallback: 'The expense could not be deleted. Please try again.',
      },
    });
    if (deleted) setDeleting(null);
  };
  const add = () => setFormOf({ expense: null });
  return (
    <div className="space-y-8">
      <HostingUsageSection />
      <section aria-labelledby="expense-history-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SectionHeading id="expense-history-heading" title="Expense history">
            What the business spent, newest first. Hosting and database entries are what the usage above cost.
          </SectionHeading>
          <AddButton onClick={add}>Add expense</AddButton>
        </div>
        <ExpenseHistory onAdd={add} onEdit={(expense) => setFormOf({ expense })} onDelete={setDeleting} />
      </section>
      {formOf ? (
        <ExpenseDialog
          key={formOf.expense?.id ?? 'new'}
          expense={formOf.expense}
          open
          onOpenChange={(open) => !open && setFormOf(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.description ?? 'expense'}?`}
        description={`The ${deleting ? formatMoneyMinus(deleting.amount) : ''} entry leaves the ledger and every expense total. The audit log keeps what it was.`}
        confirmLabel="Delete expense"
        onConfirm={onDelete}
      />
    </div>
  );
}

function HostingUsageSection() {
  const usage = useQuery(hostingUsageQuery);
  return (
    <section aria-labelledby="hosting-usage-heading" className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="hosting-usage-heading" className="text-lg font-semibold">
          Hosting usage
        </h2>
        {usage.data ? (
          <Badge variant="success" data-testid="integration-status">
            {usage.data.status}
          </Badge>
        ) : null}
      </div>
      <QueryView
        query={usage}
        noun="hosting usage"
        skeleton={<StatTilesSkeleton label="Loading hosting usage" />}
      >
        {(data) => <UsageFigures usage={data} />}
      </QueryView>
    </section>
  );
}

const money = (
  value: (p: UsagePeriod) => number,
  label: string,
  from?: 'xl',
): Column<[string, UsagePeriod]> => ({
  key: label,
  label,
  from,
  numeric: true,
  cell: ([, p]) => formatMoneyMinus(value(p)),
  narrow: false,
});

const USAGE_COLUMNS: readonly Column<[string, UsagePeriod]>[] = [
  { key: 'period', label: 'Period', cell: ([label]) => <span className="font-medium">{label}</span> },
  {
    key: 'cpu',
    label: 'CPU time',
    numeric: true,
    cell: ([, p]) => formatCpu(p.cpuSeconds),
  },
  {
    key: 'requests',
    label: 'Requests',
    from: 'lg',
    numeric: true,
    cell: ([, p]) => formatCount(p.requests),
    narrow: false,
  },
  {
    key: 'bytes',
    label: 'Bytes served',
    from: 'md',
    numeric: true,
    cell: ([, p]) => formatBytes(p.bytesServed),
    narrow: ([, p]) => `${formatBytes(p.bytesServed)} served`,
  },
  money((p) => p.hostingExpenses, 'Hosting spend'),
  money((p) => p.expenses, 'All expenses', 'xl'),
];

function UsageFigures({ usage }: { usage: HostingUsage }) {
  const periods: [string, UsagePeriod][] = [
    ['This month', usage.currentMonth],
    ['Last month', usage.lastMonth],
    ['Year to date', usage.yearToDate],
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Measured by {usage.instances === 1 ? 'this server' : `${usage.instances} server instances`} (CPU time,
        responses and their bytes, every minute) and read from the database.{' '}
        {usage.measuredAt
          ? `Last measured ${formatStaffDateTime(usage.measuredAt)}.`
          : 'No measurement written yet.'}
      </p>
      <StatTileRow
        tiles={[
          {
            icon: CpuIcon,
            label: 'Compute this month',
            value: formatCpu(usage.currentUsage.cycles),
            hint: 'CPU time used',
          },
          {
            icon: DatabaseIcon,
            label: 'Storage',
            value: formatBytes(usage.currentUsage.storage),
            hint: 'Database size now',
          },
          {
            icon: GlobeIcon,
            label: 'Bandwidth this month',
            value: formatBytes(usage.currentUsage.bandwidth),
            hint: 'Bytes served',
          },
          {
            icon: ServerIcon,
            label: 'Requests this month',
            value: formatCount(usage.breakdown.compute.requests),
            hint: 'Responses served',
          },
        ]}
      />
      <ColumnTable
        label="Hosting usage by period"
        columns={USAGE_COLUMNS}
        rows={periods}
        rowKey={([label]) => label}
      />
      <p className="text-xs text-muted-foreground">
        Spend comes from the expense history below (hosting and database entries); no prices are estimated
        from usage.
      </p>
    </div>
  );
}

function ExpenseHistory({
  onAdd,
  onEdit,
  onDelete,
}: {
  onAdd: () => void;
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
}) {
  const state = useListState({
    sorts: ['newest'],
    defaultSort: 'newest',
    pageSize: EXPENSE_HISTORY_ROWS,
    scope: 'expenses',
  });
  const list = useQuery(expensesQuery(expenseListQuery.parse(state.query)));
  return (
    <ListSection
      state={state}
      query={list}
      noun="expenses"
      empty={{
        icon: ReceiptIcon,
        text: 'Add what the business pays for: hosting, software, payment fees and the rest.',
        action: <AddButton onClick={onAdd}>Add expense</AddButton>,
      }}
      label="Expense history"
      columns={EXPENSE_COLUMNS}
      rowProps={{ 'data-testid': 'expense-row' }}
      actions={(e) => (
        <RowActions name={e.description} onEdit={() => onEdit(e)} onDelete={() => onDelete(e)} />
      )}
      pager={{ label: 'Expense pages', noun: ['expense', 'expenses'] }}
    />
  );
}

const dayOf = (e: Expense) => formatStaffDate(`${e.date}T12:00:00Z`);

const EXPENSE_COLUMNS: readonly Column<Expense>[] = [
  {
    key: 'description',
    label: 'Description',
    cell: (e) => <span className="font-medium">{e.description}</span>,
  },
  { key: 'date', label: 'Date', from: 'md', cellClassName: 'whitespace-nowrap', cell: dayOf },
  { key: 'category', label: 'Category', from: 'lg', cell: (e) => categoryLabel(e.category) },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    cell: (e) => formatMoneyMinus(e.amount),
  },
];

type ExpenseValues = { date: string; category: string; description: string; amount: string };

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const toExpenseInput = (v: ExpenseValues): Partial<ExpenseInput> => ({
  date: v.date,
  category: (v.category || undefined) as ExpenseInput['category'] | undefined,
  description: v.description,
  amount: v.amount.trim() === '' ? undefined : Number(v.amount),
});

const valuesOf = (e: Expense | null): ExpenseValues =>
  e
    ? { date: e.date, category: e.category, description: e.description, amount: String(e.amount) }
    : { date: today(), category: '', description: '', amount: '' };

/**
 * The one expense form: Add expense, and Edit for an entry of the ledger (`expense`), which opens with
 * its values and replaces them all (PUT). The screen mounts it per entry (`key`).
 */
function ExpenseDialog({ expense, ...dialog }: DialogOpenProps & { expense: Expense | null }) {
  const form = useSchemaForm({
    schema: expenseInput,
    defaultValues: valuesOf(expense),
    toInput: toExpenseInput,
  });
  const add = useAddExpense();
  const update = useUpdateExpense();
  const onSubmit = form.submit(
    async (input) => {
      if (expense) {
        await update.mutateAsync({ id: expense.id, ...input });
        toast({ title: 'Expense updated', variant: 'success' });
      } else {
        await add.mutateAsync(input);
        toast({ title: 'Expense added', variant: 'success' });
      }
      dialog.onOpenChange(false);
    },
    expense
      ? { title: 'Expense not updated', fallback: 'The correction could not be saved. Please try again.' }
      : { title: 'Expense not added', fallback: 'The expense could not be saved. Please try again.' },
  );
  return (
    <FormDialog
      {...dialog}
      title={expense ? 'Edit expense' : 'Add expense'}
      description={
        expense
          ? `Correct the entry${expense.createdBy ? ` ${expense.createdBy} added` : ''}. The totals follow, and the audit log keeps the entry before and after.`
          : 'An entry in the expenses ledger. It is kept with who added it.'
      }
      submitLabel={expense ? 'Save changes' : 'Add expense'}
      onSubmit={onSubmit}
    >
      <FieldRow>
        <TextField form={form} name="date" label="Date" type="date" required />
        <SelectField
          form={form}
          name="category"
          label="Category"
          required
          placeholder="Choose a category"
          options={CATEGORY_OPTIONS}
        />
      </FieldRow>
      <TextField form={form} name="description" label="Description" required maxLength={200} />
      <TextField
        form={form}
        name="amount"
        label="Amount ($)"
        {...AMOUNT_INPUT}
        className="[&_input]:max-w-40"
      />
    </FormDialog>
  );
}
