import { Trash2Icon } from 'lucide-react';
import type { TeamList, TeamMember } from '@shared/contracts/fleet';
import type { ListPage } from '@client/components/list/list-body';
import { ColumnTable } from '@client/components/list/column-table';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { memberColumns, nameOf } from './member-columns';

/** Everyone who can sign in, with Remove on the members a fleet admin may remove. */
export function MembersCard({
  team,
  canManage,
  isYou,
  editable,
  onRemove,
}: {
  /** The team as the list reads it (its members as `items`). */
  team: TeamList & ListPage<TeamMember>;
  canManage: boolean;
  isYou: (m: TeamMember) => boolean;
  editable: (m: TeamMember) => boolean;
  onRemove: (m: TeamMember) => void;
}) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asHeading="h3">Members</CardTitle>
        <CardDescription>Everyone who can sign in to this account.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ColumnTable
          label="Members"
          columns={memberColumns(isYou, editable)}
          rows={team.items}
          rowKey={(m) => m.id}
          rowProps={{ 'data-testid': 'team-member-row' }}
          actions={
            canManage
              ? (m) =>
                  editable(m) ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${nameOf(m)}`}
                      onClick={() => onRemove(m)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  ) : null
              : undefined
          }
        />
        {team.total <= 1 && canManage ? (
          <p className="mt-3 text-sm text-muted-foreground">
            It is just you so far. Invite the people who help run your fleet.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
