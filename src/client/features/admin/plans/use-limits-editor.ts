import { useState } from 'react';
import { fieldErrorsOf } from '@client/lib/api';
import { updatePlanLimitsRequest, type Plan } from '@shared/contracts/plans';
import { useUpdatePlanLimits } from './api';

export type LimitsField = 'price' | 'vehicleLimit' | 'userLimit';
type Draft = Record<LimitsField, string>;

const draftOf = (plan: Plan): Draft => ({
  price: String(plan.price),
  vehicleLimit: plan.vehicleLimit === null ? '' : String(plan.vehicleLimit),
  userLimit: plan.userLimit === null ? '' : String(plan.userLimit),
});

/** Blank is "unlimited" (null); anything else must read as a number, else NaN fails the schema. */
export const limitFromInput = (value: string): number | null => (value.trim() === '' ? null : Number(value));
/** A blank price is missing, not 0, so the schema says it is required. */
export const priceFromInput = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value);

/**
 * The inline edit of a plan's price and limits (PUT /api/plans/:id), shared by the grid card and the
 * table row. Checks the shared schema first, then shows the server's field errors if it still refuses.
 */
export function useLimitsEditor(plan: Plan) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [errors, setErrors] = useState<Partial<Record<LimitsField, string>>>({});
  const update = useUpdatePlanLimits();

  function start() {
    setDraft(draftOf(plan));
    setErrors({});
    setEditing(true);
  }

  function cancel() {
    setErrors({});
    setEditing(false);
  }

  function set(field: LimitsField, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function save() {
    const parsed = updatePlanLimitsRequest.safeParse({
      price: priceFromInput(draft.price),
      vehicleLimit: limitFromInput(draft.vehicleLimit),
      userLimit: limitFromInput(draft.userLimit),
    });
    if (!parsed.success) {
      const next: Partial<Record<LimitsField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as LimitsField | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    update.mutate(
      { id: plan.id, ...parsed.data },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => setErrors(fieldErrorsOf(error) as Partial<Record<LimitsField, string>>),
      },
    );
  }

  return { editing, draft, errors, start, cancel, set, save, isSaving: update.isPending };
}

export type LimitsEditor = ReturnType<typeof useLimitsEditor>;
