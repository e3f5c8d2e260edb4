import { useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';

export type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** What the toggle names: "Show {fieldName}" / "Hide {fieldName}" (default "password"). */
  fieldName?: string;
};

/**
 * A password input with a show/hide toggle. Every input prop (id, aria-invalid, aria-describedby that
 * `Field` adds) goes to the <input> itself, so it can be the direct child of `Field`.
 */
export function PasswordInput({ fieldName = 'password', className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const label = `${visible ? 'Hide' : 'Show'} ${fieldName}`;
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className={cn('pr-10', className)} />
      <button
        type="button"
        aria-label={label}
        aria-pressed={visible}
        title={label}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {visible ? (
          <EyeOffIcon className="size-4" aria-hidden="true" />
        ) : (
          <EyeIcon className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
