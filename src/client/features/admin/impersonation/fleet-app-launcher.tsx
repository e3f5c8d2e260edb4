import { useSearch } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { OpenCustomerFleetButton } from './open-customer-fleet-button';

/**
 * TEMPORARY (issue 10, helper C): the Customer CRM Fleet tab's stand-in until the fleet control
 * center (D1) and its customer rows (D2) land; the real button sits in the expanded customer row.
 * `/admin?tab=fleet&customer=<id>&company=<name>` shows the button for that customer, so the
 * impersonation journey (tests/e2e/impersonation.spec.ts) can click it. Remove when wiring.
 */
export default function FleetAppLauncher() {
  const params = new URLSearchParams(useSearch());
  const customerId = params.get('customer');
  const companyName = params.get('company') ?? 'the customer';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer CRM Fleet</CardTitle>
        <CardDescription>
          {customerId
            ? `Open ${companyName}'s fleet app as staff.`
            : 'The fleet control center comes with issue 10.'}
        </CardDescription>
      </CardHeader>
      {customerId ? (
        <CardContent>
          <OpenCustomerFleetButton customerId={customerId} companyName={companyName} />
        </CardContent>
      ) : null}
    </Card>
  );
}
