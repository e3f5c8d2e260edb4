import { useEffect, useId, useState } from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { toast, type ToastOptions } from '@client/lib/toast';

const COPY_FAILED: ToastOptions = {
  title: 'Copy failed',
  description: 'Select the text and copy it by hand.',
  variant: 'destructive',
};

/**
 * A value to hand on by hand (a temporary password): shown whole in a monospace box that selects all on
 * a click, with a Copy button that says when it has copied (and a toast when the browser refused).
 * `toasts` gives a screen its own texts (the team screen's 'Password copied to clipboard').
 */
export function CopyableValue({
  label,
  value,
  copyLabel,
  testId,
  toasts,
}: {
  /** What the value is ("Temporary password"): shown above it and names the box. */
  label: string;
  value: string;
  /** The copy button's accessible name ("Copy temporary password"). */
  copyLabel: string;
  testId?: string;
  /** A toast on copy (none by default: the button says it), and the one when the browser refused. */
  toasts?: { copied?: ToastOptions; failed?: ToastOptions };
}) {
  const [copied, setCopied] = useState(false);
  const labelId = useId();
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      if (toasts?.copied) toast(toasts.copied);
    } catch {
      toast(toasts?.failed ?? COPY_FAILED);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium" id={labelId}>
        {label}
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid={testId}
          aria-labelledby={labelId}
          className="min-w-0 flex-1 select-all break-all rounded-md border bg-muted px-3 py-2 font-mono text-sm"
        >
          {value}
        </code>
        <Button variant="outline" onClick={() => void copy()} aria-label={copyLabel}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </div>
  );
}
