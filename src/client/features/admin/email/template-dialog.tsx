import { useState } from 'react';
import { EyeIcon, RotateCcwIcon } from 'lucide-react';
import { emailTemplateInput, type EmailTemplate, type EmailTemplateInput } from '@shared/contracts/email';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Button } from '@client/components/ui/button';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { usePreviewTemplate, useResetTemplate, useSaveTemplate } from './api';

type Preview = { subject: string; text: string };

/**
 * Edit a template's subject and body (docs/email.md): the placeholders it may use are listed, an
 * unknown one is refused by the server on its field, and Preview fills the draft with your own data.
 */
export function TemplateDialog({
  template,
  canEdit,
  onOpenChange,
}: {
  template: EmailTemplate;
  canEdit: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveTemplate(template.id);
  const reset = useResetTemplate(template.id);
  const preview = usePreviewTemplate(template.id);
  const [shown, setShown] = useState<Preview | null>(null);
  const form = useSchemaForm<EmailTemplateInput, typeof emailTemplateInput>({
    schema: emailTemplateInput,
    defaultValues: { subject: template.subject, body: template.body },
  });

  const onSubmit = form.submit(
    async (input) => {
      await save.mutateAsync(input);
      toast({
        title: 'Template saved',
        description: `${template.name} is used from the next email.`,
        variant: 'success',
      });
      onOpenChange(false);
    },
    { title: 'Template not saved', fallback: 'The template could not be saved. Please try again.' },
  );

  const showPreview = async () => {
    try {
      setShown(await preview.mutateAsync(form.getValues()));
    } catch (error) {
      toast({
        title: 'Preview failed',
        description: errorMessageOf(error, 'The preview could not be made.'),
        variant: 'destructive',
      });
    }
  };

  const restore = async () => {
    try {
      await reset.mutateAsync();
      toast({ title: 'Default text restored', variant: 'success' });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Default not restored',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={`${canEdit ? 'Edit' : 'View'} ${template.name}`}
      description="Placeholders in braces are filled in for each recipient."
      submitLabel="Save template"
      submitDisabled={!canEdit}
      pending={form.formState.isSubmitting}
      onSubmit={onSubmit}
      width="2xl"
      footer={
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => void showPreview()}
            disabled={preview.isPending}
          >
            <EyeIcon aria-hidden="true" />
            Preview
          </Button>
          {canEdit && template.customized ? (
            <Button type="button" variant="ghost" onClick={() => void restore()} disabled={reset.isPending}>
              <RotateCcwIcon aria-hidden="true" />
              Restore default
            </Button>
          ) : null}
        </div>
      }
    >
      <TextField form={form} name="subject" label="Subject" required readOnly={!canEdit} autoComplete="off" />
      <TextareaField
        form={form}
        name="body"
        label="Body"
        rows={12}
        required
        readOnly={!canEdit}
        className="font-mono text-sm"
      />
      <div className="space-y-1">
        <p className="text-sm font-medium">Placeholders</p>
        <ul
          className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground"
          aria-label="Placeholders"
        >
          {template.placeholders.map((p) => (
            <li key={p.name} title={p.description}>
              <code className="text-foreground">{`{${p.name}}`}</code> {p.description.toLowerCase()}
            </li>
          ))}
        </ul>
      </div>
      {shown ? (
        <section
          aria-label="Preview"
          className="space-y-2 rounded-md border bg-muted/40 p-3"
          data-testid="email-preview"
        >
          <p className="text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <strong>{shown.subject}</strong>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap">{shown.text}</p>
        </section>
      ) : null}
    </FormDialog>
  );
}
