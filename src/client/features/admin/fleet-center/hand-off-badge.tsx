import { CircleCheckIcon, CircleSlashIcon, PackageIcon } from 'lucide-react';
import type { FleetCrmStatus } from '@shared/contracts/fleet-center';
import { Badge } from '@client/components/ui/badge';

/**
 * The fleet CRM's status in words that are true (docs/fleet-control-center.md): 'External Fleet CRM Online'
 * only when one is configured and answered; otherwise offline, or the built-in app that plays it.
 */
export function HandOffBadge({ handOff }: { handOff: FleetCrmStatus['handOff'] }) {
  if (handOff.mode === 'built-in') {
    return (
      <Badge variant="secondary" data-testid="fleet-crm-status">
        <PackageIcon aria-hidden="true" />
        Built-in fleet app
      </Badge>
    );
  }
  return handOff.reachable ? (
    <Badge variant="success" data-testid="fleet-crm-status">
      <CircleCheckIcon aria-hidden="true" />
      External Fleet CRM Online
    </Badge>
  ) : (
    <Badge variant="destructive" data-testid="fleet-crm-status">
      <CircleSlashIcon aria-hidden="true" />
      External Fleet CRM Offline
    </Badge>
  );
}
