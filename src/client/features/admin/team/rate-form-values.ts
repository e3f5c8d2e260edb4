import {
  DEFAULT_COMMISSION_PERCENT,
  type CommissionRate,
  type CreateRateRequest,
} from '@shared/contracts/commissions';

/** The rate dialog's values (the percentage as typed) and the request body (a fraction). */
export type RateValues = { salesUserId: string; planId: string; percent: string };

export const NEW_RATE: RateValues = {
  salesUserId: '',
  planId: '',
  percent: String(DEFAULT_COMMISSION_PERCENT),
};

/**
 * The percentage as the fraction the server stores: 7.5 → 0.075, rounded to the tenth of a
 * percent so the float of the division does not stand in for what was typed. Empty stays empty.
 */
export function toRateInput(values: RateValues): Partial<CreateRateRequest> {
  const text = values.percent.trim();
  const percent = text === '' ? Number.NaN : Number(text);
  return {
    salesUserId: values.salesUserId || undefined,
    planId: values.planId || undefined,
    commissionRate: Number.isFinite(percent) ? Math.round(percent * 10) / 1000 : undefined,
  };
}

export const rateFieldOf = (path: string): string => (path === 'commissionRate' ? 'percent' : path);

/** The active rate a new one for this user and plan would replace, if any. */
export function activeRateOf(
  rates: readonly CommissionRate[] | undefined,
  salesUserId: string,
  planId: string,
): CommissionRate | null {
  return rates?.find((r) => r.isActive && r.salesUserId === salesUserId && r.planId === planId) ?? null;
}
