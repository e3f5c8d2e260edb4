import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  staffReplyInput,
  TICKET_CATEGORY_LABELS,
  TICKET_STATUS_LABELS,
  type StaffReplyInput,
  type StaffTicketDetail,
  type TicketUpdateInput,
} from '@shared/contracts/support';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { DialogFrame } from '@client/components/dialog-frame';
import { CheckboxField, TextareaField } from '@client/components/form/form-fields';
import { SubmitButton } from '@client/components/form/form-dialog';
import { OptionSelect, type SelectOption } from '@client/components/form/option-select';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { LoadingBlock } from '@client/components/loading-block';
import { MessageThread } from '@client/components/message-thread';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf } from '@client/lib/api';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { assigneesQuery, ticketQuery, useStaffReply, useUpdateTicket } from './api';
import { assigneeOptions, PRIORITY_OPTIONS, STATUS_OPTIONS, UNASSIGNED } from './support-format';
import { SchemaFormElement } from '@client/components/form/schema-form-element';

/** One ticket: who and what, the triage selects, the whole thread, and the reply / note form. */
export function TicketDialog({ id, onOpenChange }: { id: string; onOpenChange: (open: boolean) => void }) {
  const ticket = useQuery(ticketQuery(id));
  const t = ticket.data;
  return (
    <DialogFrame
      open
      onOpenChange={onOpenChange}
      width="3xl"
      title={t ? `#${t.number} ${t.subject}` : 'Ticket'}
      description={
        t
          ? `${t.customer.companyName} (${t.customer.email})${t.fromVisitor ? ', a visitor without an account: replies go to this email' : ''} · ${TICKET_CATEGORY_LABELS[t.category]} · opened ${formatStaffDateTime(t.createdAt)}`
          : 'Loading the ticket'
      }
    >
      {t ? (
        <div className="grid max-h-[70vh] gap-5 overflow-y-auto pr-1">
          <Triage ticket={t} />
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold">Conversation</h3>
            <MessageThread
              label="Conversation"
              formatTime={formatStaffDateTime}
              empty="No replies yet."
              messages={[
                {
                  id: 'description',
                  side: 'customer',
                  authorName: t.customer.companyName,
                  body: t.description,
                  createdAt: t.createdAt,
                },
                ...t.messages.map((m) => ({ ...m, side: m.author })),
              ]}
            />
          </div>
          <ReplyForm id={t.id} />
        </div>
      ) : ticket.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessageOf(ticket.error, 'The ticket could not be loaded.')}
        </p>
      ) : (
        <LoadingBlock label="Loading ticket">
          <Skeleton className="h-40" />
        </LoadingBlock>
      )}
    </DialogFrame>
  );
}

/** One triage choice: its label and the select it names (`ticket-status`, `ticket-priority`, ...). */
function TriageSelect<V extends string>({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  disabled: boolean;
  onChange: (next: V) => void;
}) {
  const id = `ticket-${label.toLowerCase()}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        value={value}
        onChange={onChange}
        options={options}
        trigger={{ id, className: 'w-full', disabled }}
      />
    </div>
  );
}

/** Saves one triage change, toasting what was done or why not. */
function useTicketChange(id: string) {
  const update = useUpdateTicket(id);
  const change = async (input: TicketUpdateInput, done: string) => {
    try {
      await update.mutateAsync(input);
      toast({ title: done, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Ticket not updated',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return { change, pending: update.isPending };
}

/** Status, priority and assignee; closing asks first, since a closed ticket is final. */
function Triage({ ticket }: { ticket: StaffTicketDetail }) {
  const { change, pending } = useTicketChange(ticket.id);
  const staff = useQuery(assigneesQuery);
  const [closing, setClosing] = useState(false);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TriageSelect
        label="Status"
        value={ticket.status}
        options={STATUS_OPTIONS}
        disabled={pending}
        onChange={(status) =>
          status === 'closed'
            ? setClosing(true)
            : void change({ status }, `Status set to ${TICKET_STATUS_LABELS[status]}`)
        }
      />
      <TriageSelect
        label="Priority"
        value={ticket.priority}
        options={PRIORITY_OPTIONS}
        disabled={pending}
        onChange={(priority) => void change({ priority }, 'Priority changed')}
      />
      <TriageSelect
        label="Assignee"
        value={ticket.assignee?.id ?? UNASSIGNED}
        options={assigneeOptions(staff.data ?? [])}
        disabled={pending}
        onChange={(value) =>
          void change(
            { assignedToStaffId: value === UNASSIGNED ? null : value },
            value === UNASSIGNED ? 'Ticket unassigned' : 'Ticket assigned',
          )
        }
      />
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title={`Close ticket #${ticket.number}?`}
        description="A closed ticket is final: the customer can no longer reply to it and is asked to open a new one."
        confirmLabel="Close ticket"
        variant="destructive"
        pending={pending}
        onConfirm={async () => {
          await change({ status: 'closed' }, 'Ticket closed');
          setClosing(false);
        }}
      />
    </div>
  );
}

function ReplyForm({ id }: { id: string }) {
  const reply = useStaffReply(id);
  const form = useSchemaForm<{ body: string; internal: boolean }, typeof staffReplyInput>({
    schema: staffReplyInput,
    defaultValues: { body: '', internal: false },
  });
  const internal = form.watch('internal');
  const onSubmit = form.submit(
    async (input: StaffReplyInput) => {
      await reply.mutateAsync(input);
      toast({
        title: input.internal ? 'Internal note added' : 'Reply sent',
        description: input.internal ? undefined : 'The customer was emailed.',
        variant: 'success',
      });
      form.reset({ body: '', internal: input.internal });
    },
    { title: 'Not sent', fallback: 'The message could not be saved. Please try again.' },
  );
  return (
    <SchemaFormElement onSubmit={onSubmit} className="grid gap-3" aria-label="Reply to the ticket">
      <TextareaField
        form={form}
        name="body"
        label={internal ? 'Internal note' : 'Reply to the customer'}
        description={
          internal ? 'Only staff see notes.' : 'The customer sees it in their portal and by email.'
        }
        rows={4}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField form={form} name="internal" label="Internal note (not shown to the customer)" />
        <SubmitButton pending={form.formState.isSubmitting}>
          {internal ? 'Add note' : 'Send reply'}
        </SubmitButton>
      </div>
    </SchemaFormElement>
  );
}
