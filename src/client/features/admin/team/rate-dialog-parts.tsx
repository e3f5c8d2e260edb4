import { useQuery } from '@tanstack/react-query';
import { InfoIcon } from 'lucide-react';
import { createRateRequest, formatRatePercent, type CommissionRate } from '@shared/contracts/commissions';
import { SelectField } from '@client/components/form/form-fields';
import type { SchemaForm } from '@client/components/form/use-schema-form';
import { staffPlansQuery } from '@client/lib/staff-plans';
import type { RateValues } from './rate-form-values';

/** The rate's plan: the active plans first, cheapest first; an inactive one says so. */
export function RatePlanField({ form }: { form: SchemaForm<RateValues, typeof createRateRequest> }) {
  const plans = useQuery({
    ...staffPlansQuery,
    select: (all) => [...all].sort((a, b) => Number(b.active) - Number(a.active) || a.price - b.price),
  });
  const planOptions = (plans.data ?? []).map((p) => ({
    value: p.id,
    label: p.active ? p.name : `${p.name} (inactive)`,
  }));
  return (
    <SelectField
      form={form}
      name="planId"
      label="Plan"
      required
      placeholder={
        plans.isPending ? 'Loading plans…' : plans.isError ? 'Plans could not be loaded' : 'Choose a plan'
      }
      disabled={!plans.data}
      options={planOptions}
    />
  );
}

/** What the new rate replaces: the active rate of the chosen user and plan, or the rule in general. */
export function RateReplacesNote({ replaced }: { replaced: CommissionRate | null }) {
  return (
    <p
      className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm"
      data-testid="rate-replaces"
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        {replaced
          ? `This replaces the active rate of ${formatRatePercent(replaced.commissionRate)} for this sales user on this plan. The old rate stays in the list as inactive.`
          : 'A new rate replaces the active rate of the same sales user and plan, if there is one. The old rate stays in the list as inactive.'}
      </span>
    </p>
  );
}
