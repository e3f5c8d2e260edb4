import type { ReactNode } from 'react';
import { SubmitButton } from '@client/components/form/form-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

/** One settings section: its title, what it governs, its form. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle asHeading="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A settings form's save button: ready once something changed, for members who may edit. */
export function FormFooter({
  pending,
  dirty,
  canEdit,
  children,
}: {
  pending: boolean;
  dirty: boolean;
  canEdit: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end">
      <SubmitButton pending={pending} disabled={!dirty || !canEdit}>
        {children}
      </SubmitButton>
    </div>
  );
}
