import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';
import { styled } from './styled';

export const Card = styled('div', 'card', 'rounded-xl border bg-card text-card-foreground shadow-sm');
export const CardHeader = styled('div', 'card-header', 'flex flex-col gap-1.5 p-6');

/** Renders an <h3> by default; pass `asHeading` to pick another level. */
export function CardTitle({
  className,
  asHeading: Heading = 'h3',
  ...props
}: ComponentProps<'h3'> & { asHeading?: 'h1' | 'h2' | 'h3' | 'h4' }) {
  return (
    <Heading
      data-slot="card-title"
      className={cn('text-lg font-semibold leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export const CardDescription = styled('p', 'card-description', 'text-sm text-muted-foreground');
export const CardContent = styled('div', 'card-content', 'p-6 pt-0');
export const CardFooter = styled('div', 'card-footer', 'flex items-center gap-2 p-6 pt-0');
