import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { LucideIcon } from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { PublicShell } from '@client/components/public-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

/** The card the password pages share (forgot, reset, change): icon, title, text, content and a link under it. */
export function ResetCard({
  icon,
  title,
  description,
  link,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** The way back (to sign in, or to ask for a new link); none once done. */
  link: { href: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <PublicShell>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <IconBadge icon={icon} size="lg" shape="circle" />
          <CardTitle asHeading="h1" className="mt-2 text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {children}
          {link ? (
            <p className="mt-6 text-center text-sm text-muted-foreground">
              <Link href={link.href} className="font-medium text-primary underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </PublicShell>
  );
}
