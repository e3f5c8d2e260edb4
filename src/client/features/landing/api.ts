import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '@shared/contracts/plans';
import type { RegistrationRequest } from '@shared/contracts/customers';
import { apiJsonUnchecked, errorMessageOf } from '@client/lib/api';

/*
 * The landing page's calls. Deliberately plain fetch (through lib/api.ts, which keeps spec 1 §7's error
 * texts) instead of TanStack Query: the landing is rendered outside QueryClientProvider so its first load
 * stays well under the JavaScript budget.
 */

export type PlansState =
  | { status: 'loading'; plans: undefined; error: undefined }
  | { status: 'error'; plans: undefined; error: string }
  | { status: 'ready'; plans: Plan[]; error: undefined };

const PLANS_URL = '/api/plans';

/** GET /api/plans (public: active plans only), cheapest first. `reload` retries after a failure. */
export function usePublicPlans(): PlansState & { reload: () => void } {
  const [state, setState] = useState<PlansState>({ status: 'loading', plans: undefined, error: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    apiJsonUnchecked<Plan[]>('GET', PLANS_URL)
      .then((plans) => {
        if (cancelled) return;
        const active = plans.filter((p) => p.active).sort((a, b) => a.price - b.price);
        setState({ status: 'ready', plans: active, error: undefined });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState({
          status: 'error',
          plans: undefined,
          error: errorMessageOf(error, 'Plans could not be loaded.'),
        });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading', plans: undefined, error: undefined });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}

/**
 * Whether a customer session exists (GET /api/auth/customer). A failed check is logged and counts as
 * signed out (spec 1 §8).
 */
export async function isCustomerSignedIn(): Promise<boolean> {
  try {
    const state = await apiJsonUnchecked<{ isAuthenticated: boolean }>('GET', '/api/auth/customer');
    return state.isAuthenticated === true;
  } catch (error) {
    console.warn('Customer session check failed', error);
    return false;
  }
}

/** POST /api/customers: self sign-up (throws "{status}: {json}" on failure, like apiRequest). */
export function registerCustomer(input: RegistrationRequest): Promise<{ success: true; message: string }> {
  return apiJsonUnchecked('POST', '/api/customers', input);
}
