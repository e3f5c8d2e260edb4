import { useCallback, useEffect, useState } from 'react';
import type { Plan } from '@shared/contracts/plans';
import type { RegistrationRequest } from '@shared/contracts/customers';
import type { PublicContact, VisitorMessageInput } from '@shared/contracts/contact';
import { apiJson, apiRequest } from '@client/lib/calls';
import { errorMessageOf, readJson } from '@client/lib/api';

/*
 * The landing page's calls. Deliberately without TanStack Query and without zod on the first load: the
 * landing is rendered outside QueryClientProvider so its JavaScript stays under its 100 kB budget (React
 * alone is about 69 kB). What only some visits need (the session check, the sign-up) brings its contract
 * with it when it runs.
 */

export type PlansState =
  | { status: 'loading'; plans: undefined; error: undefined }
  | { status: 'error'; plans: undefined; error: string }
  | { status: 'ready'; plans: Plan[]; error: undefined };

const PLANS_URL = '/api/plans';

/**
 * The one answer of this app read without its contract on the client. Parsing it with `planList` needs
 * zod's core, about 17 kB gzip even through zod/mini (the core is shared with every other screen's
 * schemas), which takes the landing to 104.6 kB. The server checks this answer against `planList` (the
 * route's response schema) before sending it.
 */
async function fetchPublicPlans(signal: AbortSignal): Promise<Plan[]> {
  return (await readJson(await apiRequest('GET', PLANS_URL, undefined, { signal }))) as Plan[];
}

/** GET /api/plans (public: active plans only), cheapest first. `reload` retries after a failure. */
export function usePublicPlans(): PlansState & { reload: () => void } {
  const [state, setState] = useState<PlansState>({ status: 'loading', plans: undefined, error: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicPlans(controller.signal)
      .then((plans) => {
        const active = plans.filter((p) => p.active).sort((a, b) => a.price - b.price);
        setState({ status: 'ready', plans: active, error: undefined });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          plans: undefined,
          error: errorMessageOf(error, 'Plans could not be loaded.'),
        });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading', plans: undefined, error: undefined });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}

/**
 * Whether a customer session exists: GET /api/auth/customer through the session query's own fetcher,
 * loaded only for the visits that ask (`/?route=customer-dashboard`). A failed check is logged and
 * counts as signed out (docs/product-rules.md).
 */
export async function isCustomerSignedIn(signal: AbortSignal): Promise<boolean> {
  try {
    const { fetchCustomerAuth } = await import('@client/lib/customer-auth');
    const state = await fetchCustomerAuth({ signal });
    return state.isAuthenticated;
  } catch (error) {
    if (!signal.aborted) console.warn('Customer session check failed', error);
    return false;
  }
}

/**
 * GET /api/contact: the contact details staff publish in System Settings (phone and email null when not
 * set). Read without its contract, as the plans are (the server checks the answer against it); null
 * while loading or when it failed, so the section shows only what is known.
 */
export function usePublicContact(): PublicContact | null {
  const [contact, setContact] = useState<PublicContact | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest('GET', '/api/contact', undefined, { signal: controller.signal })
      .then(readJson)
      .then((answer) => setContact(answer as PublicContact))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Contact details could not be loaded', error);
      });
    return () => controller.abort();
  }, []);
  return contact;
}

/** POST /api/contact/messages: a visitor's message to support. Its contract comes with the dialog. */
export async function sendVisitorMessage(input: VisitorMessageInput) {
  const { visitorMessageSent } = await import('@shared/contracts/contact');
  return apiJson('POST', '/api/contact/messages', visitorMessageSent, input);
}

/** POST /api/customers: self sign-up. Its contract comes with the sign-up dialog, which calls it. */
export async function registerCustomer(input: RegistrationRequest) {
  const { registrationResponse } = await import('@shared/contracts/customers');
  return apiJson('POST', '/api/customers', registrationResponse, input);
}
