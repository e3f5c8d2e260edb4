import { useState } from 'react';
import type { EmailTemplateInput } from '@shared/contracts/email';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { usePreviewTemplate, useResetTemplate } from './api';

export type TemplatePreviewText = { subject: string; text: string };

/**
 * A template's Preview (the draft filled with your own data, shown under the form) and Restore default,
 * each toasting its failure.
 */
export function useTemplateActions(id: string, draft: () => EmailTemplateInput, onRestored: () => void) {
  const reset = useResetTemplate(id);
  const preview = usePreviewTemplate(id);
  const [shown, setShown] = useState<TemplatePreviewText | null>(null);

  const showPreview = async () => {
    try {
      setShown(await preview.mutateAsync(draft()));
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
      onRestored();
    } catch (error) {
      toast({
        title: 'Default not restored',
        description: errorMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return { shown, showPreview, previewing: preview.isPending, restore, restoring: reset.isPending };
}
