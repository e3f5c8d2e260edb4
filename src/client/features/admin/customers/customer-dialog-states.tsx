import { LoadFailed } from '@client/components/load-failed';
import { LoadingBlock } from '@client/components/loading-block';
import { SentByEmailResult } from '@client/components/sent-by-email';
import type { EmailDelivery } from '@shared/contracts/email-delivery';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { CUSTOMER_TEXTS } from './customer-texts';

/** What the add dialog shows once the customer is made. */
export type Created = { companyName: string; firstName: string; delivery: EmailDelivery };

/** The edit dialog while its customer loads, or when it could not. */
export function DetailState({
  title,
  query,
}: {
  title: string;
  query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {query.isError ? 'The customer could not be loaded.' : 'Loading the customer…'}
        </DialogDescription>
      </DialogHeader>
      {query.isError ? (
        <LoadFailed
          title="Customer not loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <LoadingBlock label="Loading the customer">
          <div className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
          <Skeleton className="h-24" />
        </LoadingBlock>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** After a create: where the temporary password went, and how the customer signs in. */
export function CreatedView({ created }: { created: Created }) {
  return (
    <SentByEmailResult
      title={CUSTOMER_TEXTS.created}
      description={`${created.companyName} has an account now.`}
      what="The temporary password"
      delivery={created.delivery}
      staff
      detail={`${created.firstName} signs in with it at /customer-login and is asked to set their own password.`}
    />
  );
}
