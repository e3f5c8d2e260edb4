import { DEFAULT_PLAN_FEATURES, type Plan, type PlanFeatures } from '@shared/contracts/plans';

/** What the inputs hold: numbers stay text until submit, so a blank limit can mean "unlimited". */
export type PlanFormValues = {
  id: string;
  name: string;
  description: string;
  price: string;
  vehicleLimit: string;
  userLimit: string;
  features: PlanFeatures;
};

export const EMPTY_FORM: PlanFormValues = {
  id: '',
  name: '',
  description: '',
  price: '',
  vehicleLimit: '',
  userLimit: '',
  features: { ...DEFAULT_PLAN_FEATURES },
};

/** The form's values for a plan being edited. */
export const valuesOf = (plan: Plan): PlanFormValues => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  price: String(plan.price),
  vehicleLimit: plan.vehicleLimit === null ? '' : String(plan.vehicleLimit),
  userLimit: plan.userLimit === null ? '' : String(plan.userLimit),
  features: { ...DEFAULT_PLAN_FEATURES, ...plan.features },
});

/** Blank is "unlimited" (null); anything else must read as a number, else NaN fails the schema. */
const limitFromInput = (value: string): number | null => (value.trim() === '' ? null : Number(value));
/** A blank price is missing, not 0, so the schema says it is required. */
const priceFromInput = (value: string): number | undefined =>
  value.trim() === '' ? undefined : Number(value);

/** The request the form's values make: new plans are monthly and created active. */
export const planInput = (values: PlanFormValues) => ({
  ...values,
  price: priceFromInput(values.price),
  interval: 'month',
  vehicleLimit: limitFromInput(values.vehicleLimit),
  userLimit: limitFromInput(values.userLimit),
  active: true,
});

/** "Fleet Pro 2" -> "fleet-pro-2": a suggestion for the id while the id field is untouched. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
