import { LockIcon, PencilIcon, SendIcon } from 'lucide-react';
import type { EmailTemplate } from '@shared/contracts/email';
import { ListCard } from '@client/components/list/list-cards';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { changeRow } from '@client/components/list/row-change';
import { formatStaffDate } from '@client/lib/staff-dates';
import { useSendTestEmail, useSetTemplateEnabled } from './api';

const TYPE_LABELS: Record<EmailTemplate['type'], string> = {
  onboarding: 'Onboarding',
  billing: 'Billing',
  lifecycle: 'Lifecycle',
  security: 'Security',
  support: 'Support',
};

/** A template as a card: its name and badges, on/off, subject, last sent, Edit and Test. */
export function TemplateCard({
  template: t,
  canEdit,
  onEdit,
}: {
  template: EmailTemplate;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const locked = t.audience !== 'account';
  const switchId = `email-template-${t.id}-enabled`;
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
        <TemplateSwitch template={t} canEdit={canEdit} locked={locked} switchId={switchId} />
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
          <SendTestButton template={t} />
        </div>
      </div>
    </ListCard>
  );
}

/** On/off; a template that always goes out (security, asked for) is locked on and says why. */
function TemplateSwitch({
  template: t,
  canEdit,
  locked,
  switchId,
}: {
  template: EmailTemplate;
  canEdit: boolean;
  locked: boolean;
  switchId: string;
}) {
  const toggle = useSetTemplateEnabled();
  const setEnabled = (enabled: boolean) =>
    changeRow(() => toggle.mutateAsync({ id: t.id, enabled }), {
      done: { title: enabled ? `${t.name} enabled` : `${t.name} disabled`, variant: 'success' },
      failed: { title: 'Template not changed', fallback: 'The template could not be changed.' },
    });
  return (
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
  );
}

/** Test: sends the template once and says where it went, or that it waits in the outbox. */
function SendTestButton({ template: t }: { template: EmailTemplate }) {
  const test = useSendTestEmail();
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
  return (
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
  );
}
