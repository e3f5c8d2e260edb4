import { useQuery } from '@tanstack/react-query';
import { HandCoinsIcon } from 'lucide-react';
import type { CommissionFeedItem, MyCommissionsFeed } from '@shared/contracts/my-commissions-feed';
import { QueryView } from '@client/components/query-view';
import { LoadingBlock } from '@client/components/loading-block';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { useDashboardRefreshMs } from '@client/lib/use-staff-preferences';
import { formatMoney } from '@client/lib/format';
import { myCommissionsQuery } from './api';
import { formatDateTime } from './dashboard-format';
import {
  COMMISSION_STATUS_BADGE,
  commissionCount,
  commissionSource,
  hasNoCommissions,
} from './my-commissions-format';

/**
 * The sales user's own commissions on the dashboard (issue 11): what is still owed, what was paid this
 * month, and the last five rows, from GET /api/admin/my-commissions (the server answers with the
 * caller's rows only). Shown to the sales role, who has no Team Management tab; its own lazy chunk,
 * so other roles' dashboards do not load it.
 */
export default function MyCommissionsCard() {
  const mine = useQuery({ ...myCommissionsQuery, refetchInterval: useDashboardRefreshMs() });

  const body = (
    <QueryView
      query={mine}
      noun="your commissions"
      skeleton={
        <LoadingBlock label="Loading your commissions">
          <div className="grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
          <Skeleton className="h-32" />
        </LoadingBlock>
      }
    >
      {(data) =>
        hasNoCommissions(data) ? (
          <EmptyState
            icon={HandCoinsIcon}
            headingLevel="h3"
            title="No commissions yet"
            text="They are earned when your customers pay: each payment of a customer assigned to you earns your rate for their plan."
            data-testid="my-commissions-empty"
          />
        ) : (
          <CommissionsSummary data={data} />
        )
      }
    </QueryView>
  );

  return (
    <Card aria-labelledby="my-commissions-title" role="region" data-testid="my-commissions">
      <CardHeader className="flex-row items-start gap-3 px-4 py-4 sm:px-6">
        <HandCoinsIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="space-y-1">
          <CardTitle id="my-commissions-title" asHeading="h2" className="text-base">
            My commissions
          </CardTitle>
          <CardDescription>
            Earned on the payments of the customers assigned to you, at your rate for their plan.
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">{body}</CardContent>
    </Card>
  );
}

function CommissionsSummary({ data }: { data: MyCommissionsFeed }) {
  return (
    <div className="grid gap-5">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure
          label="Pending"
          amount={data.pendingAmount}
          detail={`${commissionCount(data.pendingCount)} awaiting payout`}
          testId="my-commissions-pending"
        />
        <Figure
          label="Paid this month"
          amount={data.paidThisMonthAmount}
          detail={`${commissionCount(data.paidThisMonthCount)} paid`}
          testId="my-commissions-paid"
        />
      </dl>
      <section aria-labelledby="my-commissions-recent" className="grid gap-2">
        <h3 id="my-commissions-recent" className="text-sm font-medium text-muted-foreground">
          Latest commissions
        </h3>
        <ol className="divide-y rounded-lg border" data-testid="my-commissions-recent">
          {data.recent.map((c) => (
            <CommissionRow key={c.id} commission={c} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function Figure({
  label,
  amount,
  detail,
  testId,
}: {
  label: string;
  amount: number;
  detail: string;
  testId: string;
}) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums" data-slot="stat-value">
        {formatMoney(amount)}
      </dd>
      <dd className="mt-0.5 text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}

function CommissionRow({ commission: c }: { commission: CommissionFeedItem }) {
  const badge = COMMISSION_STATUS_BADGE[c.status];
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2.5 sm:px-4">
      <div className="min-w-0">
        <p className="truncate font-medium" title={c.companyName}>
          {c.companyName}
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
          <span aria-hidden="true"> · </span>
          {commissionSource(c)}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={cn('font-medium tabular-nums', c.commissionAmount < 0 && 'text-destructive')}>
          {formatMoney(c.commissionAmount)}
        </span>
        <Badge variant={badge.tone}>{badge.label}</Badge>
      </div>
    </li>
  );
}
