import type { ComponentProps } from 'react';
import { styled } from './styled';

export type TextareaProps = ComponentProps<'textarea'>;

export const Textarea = styled(
  'textarea',
  'textarea',
  'flex min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs transition-colors placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30',
);
