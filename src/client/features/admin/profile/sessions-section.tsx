import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react';
import type { z } from 'zod';
import type { staffSessionItem } from '@shared/contracts/staff-profile';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { ListSkeleton } from '@client/components/list/list-body';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { errorMessageOf } from '@client/lib/api';
import { relativeTime } from '@client/lib/relative-time';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { useNow } from '@client/lib/use-now';
import { staffSessionsQuery, useSignOutOtherSessions } from './api';
import { deviceOf } from './profile-format';

type StaffSessionItem = z.output<typeof staffSessionItem>;

const endedText = (n: number) =>
  n === 0 ? 'No other session was signed in.' : `${n} other session${n === 1 ? '' : 's'} signed out.`;

/** The member's live sessions, this device first and marked, and "Sign out other sessions". */
export function SessionsSection() {
  const sessions = useQuery(staffSessionsQuery);
  const signOut = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const items = [...(sessions.data?.items ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = items.filter((s) => !s.current).length;

  // The toast says how many were ended, known only once the call has answered.
  const signOutOthers = async () => {
    try {
      const { ended } = await signOut.mutateAsync();
      toast({ title: 'Other sessions signed out', description: endedText(ended), variant: 'success' });
      setConfirming(false);
    } catch (error) {
      toast({
        title: 'Sign-out failed',
        description: errorMessageOf(error, 'Failed to sign out other sessions'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="profile-sessions-title" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="profile-sessions-title" className="text-sm font-semibold">
          Active sessions
        </h3>
        <Button variant="outline" size="sm" disabled={others === 0} onClick={() => setConfirming(true)}>
          <LogOutIcon aria-hidden="true" />
          Sign out other sessions
        </Button>
      </div>
      <QueryView
        query={sessions}
        noun="sessions"
        skeleton={<ListSkeleton label="Loading sessions" rows={2} />}
      >
        {() => (
          <ul className="grid gap-2" aria-label="Sessions" data-testid="profile-sessions">
            {items.map((s, i) => (
              <SessionRow key={`${s.createdAt}-${i}`} session={s} now={now} />
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out other sessions?"
        description="Every other browser and device signed in as you will be signed out. This one stays signed in."
        confirmLabel="Sign out others"
        onConfirm={signOutOthers}
      />
    </section>
  );
}

function SessionRow({ session, now }: { session: StaffSessionItem; now: number }) {
  const seen = session.lastSeenAt ?? session.createdAt;
  return (
    <li className="flex items-start gap-3 rounded-md border p-3" data-current={session.current}>
      <MonitorSmartphoneIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{deviceOf(session.userAgent)}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span>{session.ipAddress ?? 'Unknown address'}</span>
          <span>
            {session.current ? 'Active now' : 'Last seen '}
            {session.current ? null : (
              <time dateTime={seen} title={formatStaffDateTime(seen)}>
                {relativeTime(seen, now).toLowerCase()}
              </time>
            )}
          </span>
          <span>
            Signed in <time dateTime={session.createdAt}>{formatStaffDateTime(session.createdAt)}</time>
          </span>
        </p>
      </div>
    </li>
  );
}
