import { useWatch } from 'react-hook-form';
import {
  COMMISSION_STEP_PERCENT,
  createRateRequest,
  FILL_ALL_FIELDS_MESSAGE,
  formatRatePercent,
  type CommissionRate,
} from '@shared/contracts/commissions';
import type { SalesUserOption } from '@shared/contracts/team';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { FormDialog } from '@client/components/form/form-dialog';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { toast } from '@client/lib/toast';
import { useCreateRate } from './api';
import { RatePlanField, RateReplacesNote } from './rate-dialog-parts';
import { activeRateOf, NEW_RATE, rateFieldOf, toRateInput } from './rate-form-values';
import { TEAM_TEXTS } from './team-texts';

/**
 * Add a commission rate (docs/commissions.md): a sales user, a plan and a percentage from 0 to 100 in
 * steps of 0.5 (default 5), sent as a fraction. A new rate replaces the active one of that user and
 * plan, which stays in the history as inactive.
 */
export function RateDialog({
  salesUsers,
  rates,
  ...dialog
}: DialogOpenProps & {
  salesUsers: readonly SalesUserOption[];
  rates: readonly CommissionRate[] | undefined;
}) {
  const form = useSchemaForm({
    schema: createRateRequest,
    defaultValues: NEW_RATE,
    toInput: toRateInput,
    fieldOf: rateFieldOf,
  });
  const create = useCreateRate();
  const [salesUserId, planId] = useWatch({ control: form.control, name: ['salesUserId', 'planId'] });
  const replaced = activeRateOf(rates, salesUserId, planId);

  const onSubmit = form.submit(
    async (input) => {
      const saved = await create.mutateAsync(input);
      toast({
        title: TEAM_TEXTS.rateCreated,
        description: `${saved.rate.salesUserName} earns ${formatRatePercent(saved.rate.commissionRate)} on ${saved.rate.planName}.`,
        variant: 'success',
      });
      dialog.onOpenChange(false);
    },
    { title: TEAM_TEXTS.rateFailed, fallback: TEAM_TEXTS.rateFailed },
    (errors) => {
      if (errors.salesUserId || errors.planId) {
        form.toastUntilEdited({ title: FILL_ALL_FIELDS_MESSAGE, variant: 'destructive' });
      }
    },
  );

  const userOptions = salesUsers.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));

  return (
    <FormDialog
      {...dialog}
      title="Add commission rate"
      description="What a sales user earns on each payment of the customers assigned to them, per plan."
      submitLabel="Add rate"
      onSubmit={onSubmit}
    >
      <SelectField
        form={form}
        name="salesUserId"
        label="Sales user"
        required
        placeholder="Choose a sales user"
        options={userOptions}
      />
      <RatePlanField form={form} />
      <TextField
        form={form}
        name="percent"
        label="Commission rate (%)"
        required
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={COMMISSION_STEP_PERCENT}
        description="From 0 to 100, in steps of 0.5."
        className="[&_input]:max-w-40"
      />
      <RateReplacesNote replaced={replaced} />
    </FormDialog>
  );
}
