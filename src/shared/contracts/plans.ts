import { z } from 'zod';
import { PLAN_FEATURE_FLAGS, type PlanFeatureFlag } from '../plan-features';
import { requiredText } from './common';

export type PlanFeatures = Record<PlanFeatureFlag, boolean>;

export const DEFAULT_PLAN_FEATURES: PlanFeatures = {
  vehicleTracking: true,
  apiAccess: false,
  dataExport: false,
  analytics: false,
  userManagement: false,
  customIntegrations: false,
  prioritySupport: false,
  mobileApp: false,
  geofencing: false,
  maintenanceAlerts: false,
};

/**
 * Features arrive as JSON text of booleans, an object, or a list of enabled flag names (the
 * PATCH body too). Anything unreadable counts as "no features beyond the defaults".
 */
export function normalizePlanFeatures(input: unknown): PlanFeatures {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      value = null;
    }
  }
  const result: PlanFeatures = { ...DEFAULT_PLAN_FEATURES };
  if (Array.isArray(value)) {
    for (const flag of PLAN_FEATURE_FLAGS) result[flag] = value.includes(flag);
    return result;
  }
  if (value && typeof value === 'object') {
    for (const flag of PLAN_FEATURE_FLAGS) {
      const v = (value as Record<string, unknown>)[flag];
      if (typeof v === 'boolean') result[flag] = v;
    }
  }
  return result;
}

const featuresInput = z.union([
  z.string().max(5000, 'Features are too long'),
  z.array(z.string().max(60)).max(50),
  z.record(z.string(), z.boolean()),
]);

const PRICE_MESSAGE = 'Price must be a number from 0 to 100000 with at most 2 decimals';
const price = z
  .number({ error: PRICE_MESSAGE })
  .min(0, PRICE_MESSAGE)
  .max(100000, PRICE_MESSAGE)
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, PRICE_MESSAGE);

/** Limits are whole numbers from 1; blank means unlimited and travels as null. */
const limit = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of at least 1, or empty for unlimited` })
    .int(`${label} must be a whole number of at least 1, or empty for unlimited`)
    .min(1, `${label} must be a whole number of at least 1, or empty for unlimited`)
    .max(1_000_000, `${label} must be at most 1000000`)
    .nullable();

export const PLAN_ID_MESSAGE =
  'Plan id must be 2 to 40 characters: lowercase letters, numbers and dashes, starting with a letter or number';

const planFields = {
  name: requiredText('Plan name is required', 80, 'Plan name must be at most 80 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  price,
  interval: z.literal('month', { error: 'Plans are billed monthly' }),
  vehicleLimit: limit('Vehicle limit'),
  userLimit: limit('User limit'),
  active: z.boolean({ error: 'Active must be true or false' }),
  features: featuresInput,
};

export const createPlanRequest = z.object({
  id: z
    .string({ error: 'Plan id is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Plan id is required')
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, PLAN_ID_MESSAGE),
  name: planFields.name,
  description: planFields.description.default(''),
  price: planFields.price,
  interval: planFields.interval.default('month'),
  vehicleLimit: planFields.vehicleLimit.default(null),
  userLimit: planFields.userLimit.default(null),
  active: planFields.active.default(true),
  features: planFields.features.optional(),
});
export type CreatePlanRequest = z.input<typeof createPlanRequest>;

/** `PUT /api/plans/{id}`: price and limits only. The plans manager edits every field by PATCH. */
export const updatePlanLimitsRequest = z.object({
  price: planFields.price,
  vehicleLimit: planFields.vehicleLimit,
  userLimit: planFields.userLimit,
});

/** `PATCH /api/plans/{id}`: any plan field. */
export const patchPlanRequest = z
  .object({
    name: planFields.name,
    description: planFields.description,
    price: planFields.price,
    interval: planFields.interval,
    vehicleLimit: planFields.vehicleLimit,
    userLimit: planFields.userLimit,
    active: planFields.active,
    features: planFields.features,
  })
  .partial()
  .refine((d) => Object.keys(d).length > 0, 'Nothing to update');
export type PatchPlanRequest = z.input<typeof patchPlanRequest>;

export const planIdParams = z.object({ id: z.string().min(1).max(60) });

export const plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  interval: z.literal('month'),
  vehicleLimit: z.number().nullable(),
  /** The portal also reads the vehicle limit as carLimit. */
  carLimit: z.number().nullable(),
  userLimit: z.number().nullable(),
  active: z.boolean(),
  features: z.record(z.enum(PLAN_FEATURE_FLAGS), z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;
export const planList = z.array(plan);

/** Real customer figures per plan for the plans manager (staff only). */
/** The plans manager's figures (docs/figures.md: MRR is the dashboard's, from the same function). */
export const planStats = z.object({
  /** Every customer account, any status: the dashboard's Total Customers. */
  totalCustomers: z.number(),
  /** MRR, dollars: the dashboard's Monthly Revenue, every plan's (deleted ones too). */
  monthlyRevenue: z.number(),
  /** Subscriptions adding to MRR: revenue analytics' paying customers. */
  payingCustomers: z.number(),
  plans: z.record(
    z.string(),
    z.object({
      /** Customers on the plan, any status. */
      customerCount: z.number(),
      /** Of those, customers whose status is active. */
      activeCustomers: z.number(),
      /** Subscriptions on the plan adding to MRR (active or past due). */
      payingCustomers: z.number(),
      /** The plan's MRR, dollars: the monthly price of its active and past-due subscriptions. */
      monthlyRevenue: z.number(),
    }),
  ),
});
export type PlanStats = z.infer<typeof planStats>;

export const planMutationResponse = z.object({ success: z.literal(true), message: z.string(), plan });
export const planDeleteResponse = z.object({ success: z.literal(true), message: z.string() });
