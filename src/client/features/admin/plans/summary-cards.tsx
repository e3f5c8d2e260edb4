import type { LucideIcon } from 'lucide-react';
import { DollarSignIcon, LayersIcon, TagIcon, UsersIcon } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatPrice } from '@client/lib/format';
import { type PlanSummary } from './plan-format';

function SummaryCard({
  label,
  value,
  hint,
  icon: Icon,
}: {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-bold tracking-tight">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

export function SummaryCards({ summary }: { summary: PlanSummary | null }) {
  if (!summary) {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-36" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        label="Monthly Revenue"
        value={formatPrice(summary.monthlyRevenue)}
        hint="MRR: active and past-due subscriptions, as on the dashboard"
        icon={DollarSignIcon}
      />
      <SummaryCard
        label="Total Customers"
        value={summary.totalCustomers.toLocaleString('en-US')}
        hint="on any plan, any status"
        icon={UsersIcon}
      />
      <SummaryCard
        label="Active Plans"
        value={`${summary.activePlans} of ${summary.totalPlans}`}
        hint="offered to new customers"
        icon={LayersIcon}
      />
      <SummaryCard
        label="Average Price"
        value={`${formatPrice(summary.averagePrice)}/mo`}
        hint="across active plans, rounded"
        icon={TagIcon}
      />
    </div>
  );
}
