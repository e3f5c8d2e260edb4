import { useState } from 'react';
import { CheckCircle2Icon, PlugZapIcon, XCircleIcon } from 'lucide-react';
import {
  CRM_CREDENTIAL_NEEDS,
  CRM_PLATFORM_LABELS,
  CRM_PLATFORMS,
  type CrmConfig,
  type CrmConnectionTest,
  type CrmPlatform,
} from '@shared/contracts/crm';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { useTestCrmConnection } from './api';
import { ApiKeysLink } from './settings-tab';

/**
 * What each CRM signs in with, and "Test connection": the saved credentials tried through the CRM's own
 * adapter, which reads what a sync needs and writes nothing ('Test Failed' with the reason).
 */
export function ConnectionCard({ config, canEdit }: { config: CrmConfig; canEdit: boolean }) {
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle asHeading="h2" className="text-lg">
          Connection
        </CardTitle>
        <CardDescription>
          What each CRM needs, saved in <ApiKeysLink />, and a test of the saved credentials that sends no
          record.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {CRM_PLATFORMS.map((crmType) => (
          <ConnectionRow
            key={crmType}
            crmType={crmType}
            inUse={config.crmType === crmType}
            canEdit={canEdit}
          />
        ))}
      </CardContent>
    </Card>
  );
}

function ConnectionRow({
  crmType,
  inUse,
  canEdit,
}: {
  crmType: CrmPlatform;
  inUse: boolean;
  canEdit: boolean;
}) {
  const test = useTestCrmConnection();
  const [result, setResult] = useState<CrmConnectionTest | null>(null);
  const label = CRM_PLATFORM_LABELS[crmType];
  const run = async () => {
    try {
      const outcome = await test.mutateAsync(crmType);
      setResult(outcome);
      toast(
        outcome.ok
          ? { title: 'Connection OK', description: outcome.message, variant: 'success' }
          : { title: 'Test Failed', description: outcome.message, variant: 'destructive' },
      );
    } catch (error) {
      toast({
        title: 'Test Failed',
        description: errorMessageOf(error, `The ${label} connection could not be tested. Please try again.`),
        variant: 'destructive',
      });
    }
  };
  return (
    <section
      aria-label={`${label} connection`}
      className="grid gap-3"
      data-testid={`crm-connection-${crmType}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="grid gap-1">
          <h3 className="font-medium">
            {label}
            {inUse ? <span className="ml-2 text-xs font-normal text-muted-foreground">(in use)</span> : null}
          </h3>
          <p className="text-sm text-muted-foreground">{CRM_CREDENTIAL_NEEDS[crmType]}</p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={!canEdit || test.isPending}
          aria-busy={test.isPending}
          onClick={() => void run()}
        >
          <PlugZapIcon aria-hidden="true" />
          {test.isPending ? 'Testing...' : `Test ${label} connection`}
        </Button>
      </div>
      {result ? (
        <p
          role="status"
          className={`flex items-start gap-2 text-sm ${result.ok ? 'text-success' : 'text-destructive'}`}
        >
          {result.ok ? (
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <XCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            {result.ok ? 'Connected' : 'Test Failed'}: {result.message} (
            {formatStaffDateTime(result.testedAt)})
          </span>
        </p>
      ) : null}
    </section>
  );
}
