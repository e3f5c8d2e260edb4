import { AUTO_LOGIN_FAILURES, autoLoginFailure } from '@shared/contracts/auth';

/** What the customer login's address says about the arrival. */
export type LoginArrival = {
  /** Sent on by the sign-up: welcome them and ask for the password. */
  fromSignUp: boolean;
  arrivingEmail: string;
  /** Where to go after signing in, when a flow asks for it. */
  returnTo: string | null;
  /** Why an automatic login was refused, in this page's own words. */
  arrivalNotice: string | undefined;
};

export function readLoginArrival(search: string): LoginArrival {
  const params = new URLSearchParams(search);
  // Where to go after signing in when a flow asks for it (after checkout: the billing tab; a
  // checkout opened without a session: back to it); only these paths, so the parameter cannot send
  // anyone off the site.
  const next = params.get('next');
  const returnTo =
    next && /^\/(customer-(dashboard|billing)(\?|$)|checkout\?customerId=[0-9a-f-]{36}$)/.test(next)
      ? next
      : null;

  // Sent back by a refused automatic login (portal/auto-login.tsx): a known reason becomes its fixed
  // text; anything else in the address is ignored, so no link can put its own words on this page.
  const refusal = autoLoginFailure.safeParse(params.get('reason'));
  return {
    fromSignUp: params.get('auto') === 'true',
    arrivingEmail: params.get('email') ?? '',
    returnTo,
    arrivalNotice: refusal.success ? AUTO_LOGIN_FAILURES[refusal.data] : undefined,
  };
}

/** Only same-site paths go through the router; anything else (the external fleet CRM) is a full load. */
export function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
