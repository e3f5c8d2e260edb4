import { useState, type ReactNode } from 'react';
import { EllipsisVerticalIcon, PauseCircleIcon, PencilIcon, PlayCircleIcon, Trash2Icon } from 'lucide-react';
import type { StaffCustomer } from '@shared/contracts/staff-customers';
import { RowChangeConfirm, useLastRow } from '@client/components/list/row-change-confirm';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useDeleteCustomer, useReactivateCustomer, useSuspendCustomer } from './api';
import { CustomerDialog } from './customer-dialog';
import { CUSTOMER_TEXTS, deletedNotice } from './customer-texts';
import type { CustomerAccess } from './use-customer-access';

/** What a customer card or row can start; the screen that owns the dialogs carries them out. */
export type CustomerActions = {
  add: () => void;
  edit: (c: StaffCustomer) => void;
  suspend: (c: StaffCustomer) => void;
  reactivate: (c: StaffCustomer) => void;
  remove: (c: StaffCustomer) => void;
};

type Open =
  | { kind: 'form'; customerId: string | null; key: number }
  | { kind: 'suspend' | 'reactivate' | 'delete'; customer: StaffCustomer };

/**
 * The customer dialogs of a screen (Add, Edit, and the confirmations of Suspend, Reactivate and
 * Delete), one at a time, shared by the customers screen and the fleet control center. `dialogs` goes
 * anywhere in the screen; `actions` open them.
 */
export function useCustomerActions(): { actions: CustomerActions; dialogs: ReactNode } {
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const actions: CustomerActions = {
    add: () => setOpen({ kind: 'form', customerId: null, key: Date.now() }),
    edit: (c) => setOpen({ kind: 'form', customerId: c.id, key: Date.now() }),
    suspend: (customer) => setOpen({ kind: 'suspend', customer }),
    reactivate: (customer) => setOpen({ kind: 'reactivate', customer }),
    remove: (customer) => setOpen({ kind: 'delete', customer }),
  };
  const dialogs = (
    <>
      {open?.kind === 'form' ? (
        <CustomerDialog
          key={open.key}
          customerId={open.customerId}
          open
          onOpenChange={(next) => !next && close()}
        />
      ) : null}
      <StatusConfirm open={open} onClose={close} />
      <DeleteConfirm customer={open?.kind === 'delete' ? open.customer : null} onClose={close} />
    </>
  );
  return { actions, dialogs };
}

/** Suspend (an active customer) or Reactivate (a suspended one), confirmed first. */
function StatusConfirm({ open, onClose }: { open: Open | null; onClose: () => void }) {
  const suspend = useSuspendCustomer();
  const reactivate = useReactivateCustomer();
  const target = open?.kind === 'suspend' || open?.kind === 'reactivate' ? open : null;
  const shown = useLastRow(target);
  const company = shown?.customer.companyName ?? 'the customer';
  const isSuspend = shown?.kind !== 'reactivate';

  return (
    <RowChangeConfirm
      row={target}
      onClose={onClose}
      change={({ customer }) => (isSuspend ? suspend : reactivate).mutateAsync(customer.id)}
      outcome={({ customer }) => ({
        done: {
          title: isSuspend ? CUSTOMER_TEXTS.suspended : CUSTOMER_TEXTS.reactivated,
          description: isSuspend
            ? `${customer.companyName} and their team are signed out and cannot sign in until reactivated.`
            : `${customer.companyName} can sign in and use the fleet app again.`,
          variant: 'success',
        },
        failed: { title: CUSTOMER_TEXTS.updateFailed, fallback: CUSTOMER_TEXTS.updateFailed },
      })}
      title={isSuspend ? `Suspend ${company}?` : `Reactivate ${company}?`}
      description={
        isSuspend
          ? 'The customer and their team are signed out at once and cannot sign in or use the API until the account is reactivated. Their data is kept.'
          : 'The customer and their team can sign in and use the fleet app again.'
      }
      confirmLabel={isSuspend ? 'Suspend' : 'Reactivate'}
      variant={isSuspend ? 'destructive' : 'default'}
    />
  );
}

/** Delete, with the product's confirmation text and 'Deleting...' while it runs. */
function DeleteConfirm({ customer, onClose }: { customer: StaffCustomer | null; onClose: () => void }) {
  const remove = useDeleteCustomer();
  const shown = useLastRow(customer);

  return (
    <RowChangeConfirm
      row={customer}
      onClose={onClose}
      change={(c) => remove.mutateAsync(c.id)}
      outcome={(c) => ({
        done: {
          title: CUSTOMER_TEXTS.deleted,
          description: deletedNotice(c.companyName),
          variant: 'success',
        },
        failed: { title: CUSTOMER_TEXTS.deleteFailedTitle, fallback: CUSTOMER_TEXTS.deleteFailed },
      })}
      title={`Delete ${shown?.companyName ?? 'company'}?`}
      description={CUSTOMER_TEXTS.deleteConfirm}
      confirmLabel={remove.isPending ? CUSTOMER_TEXTS.deleting : 'Delete Company'}
    />
  );
}

/** What a customer's card and its actions are given: the customer, what the staff member may do, the dialogs. */
export type CustomerCardProps = {
  customer: StaffCustomer;
  access: Pick<CustomerAccess, 'canEdit' | 'canDelete'>;
  actions: CustomerActions;
};

/**
 * A customer card's actions (docs/staff-customers-screen.md): Edit, then the overflow menu with Suspend for an active
 * customer, Reactivate for a suspended one and Delete. Each shows only to staff who may do it.
 */
export function CustomerCardActions({ customer: c, access, actions }: CustomerCardProps) {
  const canSuspend = access.canEdit && c.status === 'active';
  const canReactivate = access.canEdit && c.status === 'suspended';
  const hasMenu = canSuspend || canReactivate || access.canDelete;
  if (!access.canEdit && !hasMenu) return null;
  return (
    <div className="flex items-center gap-1">
      {access.canEdit ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => actions.edit(c)}
          aria-label={`Edit ${c.companyName}`}
        >
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {hasMenu ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`More actions for ${c.companyName}`}
            >
              <EllipsisVerticalIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {canSuspend ? (
              <DropdownMenuItem onSelect={() => actions.suspend(c)}>
                <PauseCircleIcon aria-hidden="true" />
                Suspend
              </DropdownMenuItem>
            ) : null}
            {canReactivate ? (
              <DropdownMenuItem onSelect={() => actions.reactivate(c)}>
                <PlayCircleIcon aria-hidden="true" />
                Reactivate
              </DropdownMenuItem>
            ) : null}
            {access.canDelete ? (
              <>
                {canSuspend || canReactivate ? <DropdownMenuSeparator /> : null}
                <DropdownMenuItem variant="destructive" onSelect={() => actions.remove(c)}>
                  <Trash2Icon aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}
