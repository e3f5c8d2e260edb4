import { CheckIcon, XIcon } from 'lucide-react';
import { PASSWORD_RULES } from '@shared/contracts/auth';
import { cn } from '@client/lib/cn';

/*
 * The five password rules of spec 1 §5 as a live checklist under the new-password box, as the portal's
 * Change Password dialog shows them. Interim: the profile helper of issue 11 is moving that checklist to
 * src/client/components/password-rules-checklist.tsx (same name and props); this file goes once it lands.
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
