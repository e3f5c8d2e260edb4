import { PackageIcon } from 'lucide-react';
import type { Plan } from '@shared/contracts/plans';
import type { BillingInfo } from '@shared/contracts/portal';
import { EmptyState } from '@client/components/ui/empty-state';
import { PlanCard, type PendingAction } from './plan-cards';

/** The catalogue: a card per plan offered, each with its way to change to it. */
export function AvailablePlans({
  catalogue,
  billing,
  onChoose,
  busy,
}: {
  catalogue: Plan[];
  billing: BillingInfo;
  onChoose: (action: Exclude<PendingAction, null>) => void;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="available-plans" className="grid gap-4">
      <h3 id="available-plans" className="text-lg font-semibold tracking-tight">
        Available plans
      </h3>
      {catalogue.length === 0 ? (
        <EmptyState
          icon={PackageIcon}
          headingLevel="h4"
          title="No plans are offered right now"
          className="bg-background"
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {catalogue.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing} onChoose={onChoose} busy={busy} />
          ))}
        </div>
      )}
    </section>
  );
}
