import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EmailTemplate } from '@shared/contracts/email';
import { ListCards } from '@client/components/list/list-cards';
import { ListSkeleton } from '@client/components/list/list-body';
import { QueryView } from '@client/components/query-view';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { emailTemplatesQuery } from './api';
import { TemplateCard } from './template-card';
import { TemplateDialog } from './template-dialog';

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
