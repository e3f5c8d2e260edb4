import { ShieldCheckIcon } from 'lucide-react';
import { PERMISSION_GROUPS, PERMISSION_LABELS } from '@shared/contracts/team';
import type { PermissionFlag } from '@shared/roles';
import { CheckboxField } from '@client/components/form/form-fields';
import type { EditUserForm } from './edit-user-dialog';

/**
 * The twelve permission flags in six groups (docs/team-management.md). An admin or root holds every flag
 * whatever is stored, so their boxes are all on and fixed; a flag the viewer does not hold cannot be
 * granted (the server refuses it too) and its box is fixed as well.
 */
export function PermissionFields({
  form,
  everyFlag,
  holds,
}: {
  form: EditUserForm;
  /** The chosen role holds every flag (admin, root). */
  everyFlag: boolean;
  holds: (flag: PermissionFlag) => boolean;
}) {
  return (
    <fieldset className="grid gap-3" data-testid="permission-fields">
      <legend className="mb-1 text-sm font-medium">Permissions</legend>
      {everyFlag ? (
        <p className="flex items-start gap-2 rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
          <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          Admins and root hold every permission.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {PERMISSION_GROUPS.map((group) => (
          <div
            key={group.label}
            className="grid content-start gap-2 rounded-lg border p-3"
            role="group"
            aria-label={group.label}
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {group.label}
            </p>
            {group.flags.map((flag) => (
              <CheckboxField
                key={flag}
                form={form}
                name={`permissions.${flag}`}
                label={PERMISSION_LABELS[flag]}
                disabled={everyFlag || !holds(flag)}
              />
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
