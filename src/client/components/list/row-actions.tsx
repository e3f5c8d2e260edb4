import { EllipsisVerticalIcon, PencilIcon, Trash2Icon, type LucideIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';

/** What a row passes on to its `RowActions`. */
export type RowActionHandlers = { onEdit: () => void; onDelete: () => void };

/** A change a row offers besides edit and delete (a new role): an icon button, a menu item on phones. */
export type RowAction = { label: string; icon: LucideIcon; onSelect: () => void };

/**
 * Edit, any `more` actions and delete for one row: icon buttons from `sm` up, one menu on phones where a
 * row has no room for them beside its text. Without `onDelete` (a row that may not be deleted, such as
 * one's own account) there is no delete.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  more = [],
}: {
  /** What the row is, for the buttons' accessible names ("Edit Alex Rivera"). */
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
  more?: readonly RowAction[];
}) {
  return (
    <>
      <span className="hidden sm:inline-flex">
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
        </Button>
        {more.map(({ label, icon: Icon, onSelect }) => (
          <Button key={label} variant="ghost" size="icon" aria-label={`${label}: ${name}`} onClick={onSelect}>
            <Icon aria-hidden="true" />
          </Button>
        ))}
        {onDelete ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        ) : null}
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`} className="sm:hidden">
            <EllipsisVerticalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <PencilIcon aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          {more.map(({ label, icon: Icon, onSelect }) => (
            <DropdownMenuItem key={label} onSelect={onSelect}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          ))}
          {onDelete ? (
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2Icon aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
