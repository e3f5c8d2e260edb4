import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { CLOSED_TICKET_MESSAGE, ticketReplyInput, TICKET_CATEGORY_LABELS } from '@shared/contracts/support';
import { SubmitButton } from '@client/components/form/form-dialog';
import { TextareaField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { LoadingBlock } from '@client/components/loading-block';
import { MessageThread } from '@client/components/message-thread';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessageOf, statusOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { formatDateTime } from '@client/lib/format';
import { myTicketQuery, useReplyToTicket } from './api';
import { STATUS_TEXT, STATUS_VARIANT } from './support-texts';

const when = (iso: string) => formatDateTime(iso) ?? '';

/** One ticket: what was asked, the replies, and the reply box (none once the ticket is closed). */
export function TicketThread({ id, onBack }: { id: string; onBack: () => void }) {
  const ticket = useQuery(myTicketQuery(id));
  const t = ticket.data;
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="w-fit">
      <ArrowLeftIcon aria-hidden="true" />
      All tickets
    </Button>
  );
  if (!t) {
    return (
      <section className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        {back}
        {ticket.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {statusOf(ticket.error) === 404
              ? 'This ticket was not found.'
              : errorMessageOf(ticket.error, 'The ticket could not be loaded.')}
          </p>
        ) : (
          <LoadingBlock label="Loading ticket">
            <Skeleton className="h-48" />
          </LoadingBlock>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="ticket-heading" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6">
      {back}
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          #{t.number} · {TICKET_CATEGORY_LABELS[t.category]} · opened {when(t.createdAt)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="ticket-heading" className="text-lg font-semibold break-words">
            {t.subject}
          </h3>
          <Badge variant={STATUS_VARIANT[t.status]} data-testid="ticket-status">
            {STATUS_TEXT[t.status]}
          </Badge>
        </div>
      </div>
      <MessageThread
        label="Conversation"
        formatTime={when}
        empty=""
        messages={[
          {
            id: 'description',
            side: 'customer',
            authorName: 'You',
            body: t.description,
            createdAt: t.createdAt,
          },
          ...t.messages.map((m) => ({ ...m, side: m.author })),
        ]}
      />
      {t.status === 'closed' ? (
        <p className="rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
          {CLOSED_TICKET_MESSAGE}
        </p>
      ) : (
        <ReplyBox id={t.id} resolved={t.status === 'resolved'} />
      )}
    </section>
  );
}

function ReplyBox({ id, resolved }: { id: string; resolved: boolean }) {
  const reply = useReplyToTicket(id);
  const form = useSchemaForm<{ body: string }, typeof ticketReplyInput>({
    schema: ticketReplyInput,
    defaultValues: { body: '' },
  });
  const onSubmit = form.submit(
    async ({ body }) => {
      await reply.mutateAsync(body);
      toast({ title: resolved ? 'Ticket reopened' : 'Reply sent', variant: 'success' });
      form.reset({ body: '' });
    },
    { title: 'Reply not sent', fallback: 'Your reply could not be sent. Please try again.' },
  );
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3" aria-label="Reply">
      <TextareaField
        form={form}
        name="body"
        label="Your reply"
        description={resolved ? 'Replying reopens this resolved ticket.' : undefined}
        rows={4}
      />
      <SubmitButton pending={form.formState.isSubmitting} className="w-fit justify-self-end">
        Send reply
      </SubmitButton>
    </form>
  );
}
