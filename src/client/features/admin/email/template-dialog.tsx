import { EyeIcon, RotateCcwIcon } from 'lucide-react';
import { emailTemplateInput, type EmailTemplate, type EmailTemplateInput } from '@shared/contracts/email';
import { FormDialog } from '@client/components/form/form-dialog';
import { TextareaField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { useSaveTemplate } from './api';
import { TemplatePlaceholders, TemplatePreview } from './template-parts';
import { useTemplateActions } from './use-template-actions';

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
  const form = useSchemaForm<EmailTemplateInput, typeof emailTemplateInput>({
    schema: emailTemplateInput,
    defaultValues: { subject: template.subject, body: template.body },
  });

  const { shown, showPreview, previewing, restore, restoring } = useTemplateActions(
    template.id,
    () => form.getValues(),
    () => onOpenChange(false),
  );

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

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={`${canEdit ? 'Edit' : 'View'} ${template.name}`}
      description="Placeholders in braces are filled in for each recipient."
      submitLabel="Save template"
      submitDisabled={!canEdit}
      onSubmit={onSubmit}
      width="2xl"
      footer={
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => void showPreview()} disabled={previewing}>
            <EyeIcon aria-hidden="true" />
            Preview
          </Button>
          {canEdit && template.customized ? (
            <Button type="button" variant="ghost" onClick={() => void restore()} disabled={restoring}>
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
      <TemplatePlaceholders placeholders={template.placeholders} />
      {shown ? <TemplatePreview preview={shown} /> : null}
    </FormDialog>
  );
}
