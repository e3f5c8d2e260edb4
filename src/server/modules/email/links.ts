/** The absolute links emails carry (PUBLIC_URL), one place for every sender (docs/email.md). */
export function emailLinks(publicUrl: string) {
  return {
    /** The customer sign-in page. */
    signInUrl: `${publicUrl}/customer-login`,
    /** The customer portal's billing page: invoices, payment methods, the plan. */
    portalUrl: `${publicUrl}/customer-billing`,
    /** The staff sign-in page. */
    staffSignInUrl: `${publicUrl}/admin-login`,
  };
}

/** A day as emails write it: "March 4, 2026" (UTC). */
export const emailDay = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
