import { useQuery } from '@tanstack/react-query';
import { PlugZapIcon, TriangleAlertIcon } from 'lucide-react';
import type { ExternalDbStatus } from '@shared/contracts/external-db';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { externalDbStatusQuery } from './api';

function StatusBadge({ status }: { status: ExternalDbStatus }) {
  if (!status.enabled) return <Badge variant="warning">Not configured</Badge>;
  return status.success ? (
    <Badge variant="success">Connected</Badge>
  ) : (
    <Badge variant="destructive">Not connected</Badge>
  );
}

/** The warning for a server with no external database: which variables to set, and where else. */
function NotConfiguredWarning({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-warning bg-warning/10 p-4 text-sm"
      data-testid="external-db-not-configured"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/**
 * Connection status with its test (docs/external-db.md): the status read is the test, run when the screen
 * opens and again on Test Connection, whose toast gives the result and its reason.
 */
export function ConnectionCard() {
  const status = useQuery(externalDbStatusQuery);
  const test = async () => {
    const result = await status.refetch();
    if (result.data?.success) {
      toast({ title: 'Connection Successful', description: result.data.message, variant: 'success' });
    } else {
      const reason =
        result.data?.message ?? errorMessageOf(result.error, 'The connection test could not run.');
      toast({ title: 'Connection Failed', description: reason, variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle asHeading="h2">Connection status</CardTitle>
          <CardDescription>
            Whether the external database answers its health check with the configured key.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => void test()} disabled={status.isFetching}>
          {status.isFetching ? <Spinner size="sm" label="Testing" /> : <PlugZapIcon aria-hidden="true" />}
          Test Connection
        </Button>
      </CardHeader>
      <CardContent className="space-y-3" aria-busy={status.isFetching}>
        <QueryView
          query={status}
          noun="connection status"
          skeleton={<Skeleton className="h-6 w-64" aria-label="Testing the connection" />}
        >
          {(data) => (
            <>
              <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="external-db-status">
                <StatusBadge status={data} />
                {data.enabled ? <span className="text-muted-foreground">{data.message}</span> : null}
              </p>
              {data.enabled ? null : <NotConfiguredWarning message={data.message} />}
            </>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
