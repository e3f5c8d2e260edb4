import { PASSWORD_RULES } from '@shared/contracts/auth';
import { cn } from '@client/lib/cn';

type Strength = 'Weak' | 'Medium' | 'Strong';

/** The five password rules met: <3 Weak, 3 Medium, 4+ Strong. */
function passwordStrength(password: string): Strength {
  const met = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  if (met >= 4) return 'Strong';
  if (met === 3) return 'Medium';
  return 'Weak';
}

const strengthStyle: Record<Strength, { bar: string; text: string; width: string }> = {
  Weak: { bar: 'bg-destructive', text: 'text-destructive', width: 'w-1/3' },
  Medium: { bar: 'bg-warning', text: 'text-warning', width: 'w-2/3' },
  Strong: { bar: 'bg-success', text: 'text-success', width: 'w-full' },
};

/** The new password's strength: a bar, its rating and the hint. The box names it (`id`) as its description. */
export function PasswordStrength({ id, password }: { id: string; password: string }) {
  const strength = password ? passwordStrength(password) : null;
  return (
    <div id={id} aria-live="polite" className="grid gap-1.5">
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {strength ? (
          <div
            className={cn(
              'h-full rounded-full transition-all',
              strengthStyle[strength].bar,
              strengthStyle[strength].width,
            )}
          />
        ) : null}
      </div>
      {/* Two lines at every width: the rating, then the hint (one run-on line read as one). */}
      <p
        data-testid="password-strength-line"
        className="flex flex-wrap items-baseline gap-x-1 text-xs text-muted-foreground"
      >
        <span>Password strength:</span>{' '}
        <span
          data-testid="password-strength"
          className={cn('font-medium', strength ? strengthStyle[strength].text : '')}
        >
          {strength ?? 'Not entered'}
        </span>
      </p>
      <p data-testid="password-strength-hint" className="text-xs text-muted-foreground">
        Use 8+ characters with upper and lower case letters, a number and a symbol.
      </p>
    </div>
  );
}
