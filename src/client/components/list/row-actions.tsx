import { EllipsisVerticalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';

/** What a row passes on to its `RowActions`. */
export type RowActionHandlers = { onEdit: () => void; onDelete: () => void };

/**
 * Edit and delete for one row: two icon buttons from `sm` up, one menu on phones where a row has no
 * room for both beside its text.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  /** What the row is, for the buttons' accessible names ("Edit Alex Rivera"). */
  name: string;
} & RowActionHandlers) {
  return (
    <>
      <span className="hidden sm:inline-flex">
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
          <Trash2Icon aria-hidden="true" />
        </Button>
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
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
