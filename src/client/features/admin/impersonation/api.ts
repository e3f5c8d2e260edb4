import { useMutation } from '@tanstack/react-query';
import { customerRedirectResponse } from '@shared/contracts/impersonation';
import { apiJson } from '@client/lib/calls';

/**
 * POST /api/external/customer-redirect: a one-time link, valid 5 minutes, into the customer's fleet
 * app as this staff member (docs/impersonation.md). It changes no cached data, so nothing to refetch.
 */
export function useCustomerFleetLink() {
  return useMutation({
    mutationFn: (customerId: string) =>
      apiJson('POST', '/api/external/customer-redirect', customerRedirectResponse, { customerId }),
  });
}
