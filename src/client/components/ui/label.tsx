import type { ComponentProps } from 'react';
import { Label as LabelPrimitive } from 'radix-ui';
import { styled } from './styled';

export type LabelProps = ComponentProps<typeof LabelPrimitive.Root>;

export const Label = styled(
  LabelPrimitive.Root,
  'label',
  'flex select-none items-center gap-2 text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
);
