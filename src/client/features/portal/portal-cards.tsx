import {
  KeyRoundIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  MessageCircleIcon,
  ShieldCheckIcon,
  type LucideIcon,
} from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardTitle } from '@client/components/ui/card';
import { FleetAppButton, useFleetDestination } from './fleet-link';

/** A card's button that opens a dialog of the portal. */
function CardAction({
  icon: Icon,
  label,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * The three cards under the header: what each opens and the button that opens it. One line each on a
 * phone (icon, title, button), so the figures below stay on the first screen.
 */
export function PortalCards({
  companyName,
  onChangePassword,
  onContactSupport,
}: {
  companyName: string;
  onChangePassword: () => void;
  /** The portal's way to talk to us: the new-ticket form (docs/support.md). */
  onContactSupport: () => void;
}) {
  const fleet = useFleetDestination();
  const cards = [
    {
      icon: LayoutDashboardIcon,
      title: 'Fleet Management',
      description: fleet.external
        ? `Vehicles, drivers and maintenance for ${companyName}, in your fleet CRM (another site).`
        : `Vehicles, drivers and maintenance for ${companyName}.`,
      action: <FleetAppButton size="sm">Go to dashboard</FleetAppButton>,
    },
    {
      icon: ShieldCheckIcon,
      title: 'Security Center',
      description: 'Keep your account safe with a strong password.',
      action: <CardAction icon={KeyRoundIcon} label="Change Password" onClick={onChangePassword} />,
    },
    {
      icon: LifeBuoyIcon,
      title: 'Help & Support',
      description: 'Questions or problems? Our team replies within 24 hours.',
      action: <CardAction icon={MessageCircleIcon} label="Contact support" onClick={onContactSupport} />,
    },
  ];
  return (
    <div className="grid gap-3 sm:gap-4 lg:grid-cols-3 lg:gap-6">
      {cards.map(({ icon, title, description, action }) => (
        // Three abreast (lg+), the button goes under the text, so the text keeps the card's width.
        <Card
          key={title}
          className="flex items-center gap-3 p-3 sm:gap-4 sm:p-5 lg:grid lg:grid-cols-[auto_1fr] lg:items-start"
        >
          <IconBadge icon={icon} className="shrink-0" />
          <div className="min-w-0 flex-1">
            <CardTitle asHeading="h2" className="text-base">
              {title}
            </CardTitle>
            <CardDescription className="mt-0.5 hidden sm:block">{description}</CardDescription>
          </div>
          <div className="shrink-0 lg:col-start-2">{action}</div>
        </Card>
      ))}
    </div>
  );
}
