import type { ReactNode } from 'react';
import { DialogFrame } from '@client/components/dialog-frame';
import { useLastRow } from '@client/components/list/row-change-confirm';
import { formatPrice } from '@client/lib/format';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import { PlanStatusBadge, PopularBadge } from './plan-badges';
import { PlanFeaturesList } from './plan-features-list';
import { figuresOf, formatLimit, marketShare } from './plan-format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold">{value}</dd>
    </div>
  );
}

/** Read-only detail of one plan: pricing and limits, its customers' figures and its features. */
export function PlanDetailDialog({
  plan,
  stats,
  onOpenChange,
}: {
  plan: Plan | null;
  stats: PlanStats | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  // The plan stays on screen while the dialog animates out.
  const shown = useLastRow(plan);
  if (!shown) return null;
  const figures = figuresOf(stats, shown.id);
  return (
    <DialogFrame
      open={plan !== null}
      onOpenChange={onOpenChange}
      width="xl"
      title={shown.name}
      titleAside={
        <>
          <PlanStatusBadge active={shown.active} />
          {figures.customerCount > 0 ? <PopularBadge /> : null}
        </>
      }
      description={shown.description || `Plan id ${shown.id}`}
    >
      <Section title="Pricing & Limits">
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Figure label="Monthly price" value={formatPrice(shown.price)} />
          <Figure label="Vehicle limit" value={formatLimit(shown.vehicleLimit)} />
          <Figure label="User limit" value={formatLimit(shown.userLimit)} />
        </dl>
      </Section>
      <Section title="Customer Statistics">
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Figure label="Active customers" value={figures.activeCustomers} />
          <Figure label="Monthly revenue" value={formatPrice(figures.monthlyRevenue)} />
          <Figure label="Market share" value={marketShare(stats, shown.id)} />
        </dl>
        <p className="text-xs text-muted-foreground">
          Revenue counts active customers with a paid subscription; trials are not included. Market share is
          this plan&apos;s part of all customers ({stats?.totalCustomers ?? 0}).
        </p>
      </Section>
      <Section title="Features">
        <PlanFeaturesList features={shown.features} className="sm:grid-cols-2 sm:gap-x-6" />
      </Section>
    </DialogFrame>
  );
}
