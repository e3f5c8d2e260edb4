import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeftIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';

type ButtonProps = ComponentProps<typeof Button>;

/** A link styled as a button, with the back arrow: the way out of a page to the one above it. */
export function BackLinkButton({
  href,
  variant = 'outline',
  size,
  children,
}: {
  href: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  children: ReactNode;
}) {
  return (
    <Button asChild variant={variant} size={size}>
      <Link href={href}>
        <ArrowLeftIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
