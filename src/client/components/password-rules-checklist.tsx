import { CheckIcon, XIcon } from 'lucide-react';
import { PASSWORD_RULES } from '@shared/contracts/auth';
import { cn } from '@client/lib/cn';

/** True when a password meets every rule of the checklist. */
export const meetsPasswordRules = (password: string): boolean =>
  PASSWORD_RULES.every((rule) => rule.test(password));

/**
 * The five password rules (docs/product-rules.md) as a live checklist under a new-password box: each rule ticks
 * as the password meets it (and says so to screen readers). Point the box's `aria-describedby` at `id`.
 */
export function PasswordRulesChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul
      id={id}
      aria-label="Password requirements"
      className="grid gap-1.5 rounded-md border bg-muted/40 p-3 text-sm sm:grid-cols-2"
    >
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            className={cn('flex items-center gap-2', met ? 'text-success' : 'text-muted-foreground')}
          >
            {met ? (
              <CheckIcon className="size-4 shrink-0" aria-hidden="true" />
            ) : (
              <XIcon className="size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
