import { useId } from 'react';
import { HandshakeIcon } from 'lucide-react';
import { ListCard } from '@client/components/list/list-cards';
import { cn } from '@client/lib/cn';
import { CustomerCardActions, type CustomerCardProps } from './customer-actions';
import { CustomerStatusBadge, HealthReasons, HealthScore, RiskBadge } from './customer-badges';
import { formatDate, salesRepLabelOf } from './customer-format';
import { ContactLines, UsageFigures } from './customer-parts';

/**
 * One customer on the customers screen (docs/staff-customers-screen.md): a horizontal card on a wide list (who, plan and
 * usage, health and its reasons, actions in one row), two columns on a tablet, stacked on a phone. The
 * widths are the list's own (`ListCards` is the container).
 */
export function CustomerCard({ customer: c, access, actions }: CustomerCardProps) {
  const titleId = useId();
  return (
    <ListCard aria-labelledby={titleId} data-testid="customer-card">
      <div className="grid gap-4 p-4 @xl:grid-cols-2 @5xl:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)_minmax(0,1.25fr)_auto] @5xl:gap-6">
        <div className="grid min-w-0 content-start gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="min-w-0 truncate text-base font-semibold leading-tight">
              {c.companyName}
            </h3>
            <CustomerStatusBadge status={c.status} accessEndsAt={c.accessEndsAt} />
          </div>
          <ContactLines customer={c} />
          <p className="flex min-w-0 items-center gap-2 text-sm" data-testid="customer-sales-rep">
            <HandshakeIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="shrink-0 text-muted-foreground">Sales rep</span>
            <span className={cn('truncate', c.salesUserId ? 'font-medium' : 'text-muted-foreground')}>
              {salesRepLabelOf(c)}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">Joined {formatDate(c.createdAt)}</p>
        </div>

        <UsageFigures customer={c} className="content-start" />

        <div className="grid min-w-0 content-start gap-2 @xl:col-span-2 @5xl:col-span-1">
          <div className="flex flex-wrap items-center gap-3">
            <HealthScore score={c.healthScore} />
            <RiskBadge risk={c.riskLevel} />
          </div>
          <HealthReasons reasons={c.healthReasons} />
        </div>

        <div className="flex items-start justify-end border-t pt-3 empty:hidden @xl:col-span-2 @5xl:col-span-1 @5xl:border-0 @5xl:pt-0">
          <CustomerCardActions customer={c} access={access} actions={actions} />
        </div>
      </div>
    </ListCard>
  );
}
