import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SettingsIcon } from 'lucide-react';
import { paymentExportQuery } from '@shared/contracts/staff-payments';
import { DialogFrame } from '@client/components/dialog-frame';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { useListState } from '@client/components/list/use-list-state';
import { TRANSACTIONS_LIST } from './transactions-list';
import { paymentProviderQuery, paymentsExportUrl } from './transactions-api';
import { ExportLink } from '@client/components/export-link';

/**
 * The header's Export Data and Stripe Settings (docs/staff-payments.md). Export Data downloads the transactions
 * the Transactions filters in the address choose (all of them when none is set); Stripe Settings
 * says which payment provider is active and whether its webhooks are set up, never a key.
 */
export function PaymentsHeaderActions() {
  const state = useListState(TRANSACTIONS_LIST);
  const query = paymentExportQuery.parse(state.query);
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <ExportLink href={paymentsExportUrl(query)} testId="payments-export-data">
        Export Data
      </ExportLink>
      <Button variant="outline" onClick={() => setSettingsOpen(true)}>
        <SettingsIcon aria-hidden="true" />
        Stripe Settings
      </Button>
      {settingsOpen ? <ProviderDialog open onOpenChange={setSettingsOpen} /> : null}
    </div>
  );
}

function ProviderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const provider = useQuery(paymentProviderQuery);
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Payment provider"
      description="Set by the server's environment (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET); keys are never shown here."
      width="xl"
    >
      <QueryView query={provider} noun="payment provider" skeleton={<Skeleton className="h-24" />}>
        {(info) => (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm" data-testid="payment-provider">
            <dt className="text-muted-foreground">Active provider</dt>
            <dd className="font-medium">
              {info.provider === 'stripe' ? 'Stripe' : 'Built-in sandbox (test cards, no real money)'}
            </dd>
            {info.provider === 'stripe' ? (
              <>
                <dt className="text-muted-foreground">Mode</dt>
                <dd>
                  <Badge variant={info.mode === 'live' ? 'success' : 'warning'}>
                    {info.mode === 'live' ? 'Live' : 'Test'}
                  </Badge>
                </dd>
                <dt className="text-muted-foreground">Webhooks</dt>
                <dd>
                  {info.webhooksConfigured ? (
                    <>
                      <Badge variant="success">Configured</Badge>{' '}
                      <span className="font-mono text-xs break-all">{info.webhookPath}</span>
                    </>
                  ) : (
                    <Badge variant="destructive">Not configured</Badge>
                  )}
                </dd>
              </>
            ) : (
              <>
                <dt className="text-muted-foreground">Webhooks</dt>
                <dd>Not needed: the sandbox records each payment as it happens.</dd>
              </>
            )}
          </dl>
        )}
      </QueryView>
    </DialogFrame>
  );
}
