import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LockIcon, PencilIcon, SendIcon } from 'lucide-react';
import type { EmailTemplate } from '@shared/contracts/email';
import { ListCard, ListCards } from '@client/components/list/list-cards';
import { ListSkeleton } from '@client/components/list/list-body';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { changeRow } from '@client/components/list/row-change';
import { formatStaffDate } from '@client/lib/staff-dates';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { emailTemplatesQuery, useSendTestEmail, useSetTemplateEnabled } from './api';
import { TemplateDialog } from './template-dialog';

const TYPE_LABELS: Record<EmailTemplate['type'], string> = {
  onboarding: 'Onboarding',
  billing: 'Billing',
  lifecycle: 'Lifecycle',
  security: 'Security',
  support: 'Support',
};

/** The templates as cards (docs/email.md): toggle, type badge, subject, Edit, Test and last sent date. */
export function TemplatesTab() {
  const templates = useQuery(emailTemplatesQuery);
  const canEdit = useStaffAccess().holds('canEditSettings');
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  return (
    <QueryView
      query={templates}
      noun="email templates"
      skeleton={<ListSkeleton label="Loading email templates" rows={6} />}
    >
      {(data) => (
        <>
          {!canEdit ? (
            <p className="mb-4 text-sm text-muted-foreground">
              You can read and test the templates; changing them needs the Edit settings permission.
            </p>
          ) : null}
          <ListCards label="Email templates" className="@3xl:grid-cols-2">
            {data.templates.map((t) => (
              <TemplateCard key={t.id} template={t} canEdit={canEdit} onEdit={() => setEditing(t)} />
            ))}
          </ListCards>
          {editing ? (
            <TemplateDialog
              key={editing.id}
              template={editing}
              canEdit={canEdit}
              onOpenChange={(open) => !open && setEditing(null)}
            />
          ) : null}
        </>
      )}
    </QueryView>
  );
}

function TemplateCard({
  template: t,
  canEdit,
  onEdit,
}: {
  template: EmailTemplate;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const toggle = useSetTemplateEnabled();
  const test = useSendTestEmail();
  const locked = t.audience !== 'account';
  const switchId = `email-template-${t.id}-enabled`;
  const sendTest = () =>
    changeRow(() => test.mutateAsync(t.id), {
      done: (answer) =>
        answer.status === 'sent'
          ? {
              title: 'Test email sent successfully',
              description: `Sent to ${answer.to}.`,
              variant: 'success',
            }
          : { title: 'Test email queued', description: answer.message },
      failed: { title: 'Failed to send test email', fallback: 'The test email could not be sent.' },
    });
  const setEnabled = (enabled: boolean) =>
    changeRow(() => toggle.mutateAsync({ id: t.id, enabled }), {
      done: { title: enabled ? `${t.name} enabled` : `${t.name} disabled`, variant: 'success' },
      failed: { title: 'Template not changed', fallback: 'The template could not be changed.' },
    });
  return (
    <ListCard className="flex flex-col gap-3 p-4" data-testid={`email-template-${t.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold">{t.name}</h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="outline">{TYPE_LABELS[t.type]}</Badge>
            {t.customized ? <Badge variant="secondary">Edited</Badge> : null}
            {t.sensitive ? <Badge variant="secondary">Holds a secret</Badge> : null}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {locked ? <LockIcon className="size-3.5 text-muted-foreground" aria-hidden="true" /> : null}
          <label htmlFor={switchId} className="text-sm text-muted-foreground">
            {t.enabled ? 'On' : 'Off'}
          </label>
          <Switch
            id={switchId}
            checked={t.enabled}
            disabled={locked || !canEdit || toggle.isPending}
            onCheckedChange={(v) => void setEnabled(v)}
            aria-label={`${t.name} enabled`}
            aria-describedby={locked ? `${switchId}-why` : undefined}
          />
        </div>
      </div>
      <p className="text-sm break-words">
        <span className="text-muted-foreground">Subject: </span>
        {t.subject}
      </p>
      {locked ? (
        <p id={`${switchId}-why`} className="text-xs text-muted-foreground">
          Always sent: it carries security news or something the person asked for.
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
        <p className="text-xs text-muted-foreground">
          {t.lastSentAt ? `Last sent ${formatStaffDate(t.lastSentAt)} · ${t.sentCount} sent` : 'Never sent'}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${t.name}`}>
            <PencilIcon aria-hidden="true" />
            {canEdit ? 'Edit' : 'View'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void sendTest()}
            disabled={test.isPending}
            aria-label={`Send a test of ${t.name}`}
          >
            <SendIcon aria-hidden="true" />
            Test
          </Button>
        </div>
      </div>
    </ListCard>
  );
}
