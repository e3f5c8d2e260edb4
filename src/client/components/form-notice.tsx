import type { ReactNode } from 'react';
import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';

const TONES = {
  error: {
    role: 'alert',
    icon: CircleAlertIcon,
    colors: 'border-destructive/40 bg-destructive/10 text-destructive',
  },
  success: { role: 'status', icon: CheckCircle2Icon, colors: 'border-success/40 bg-success/10 text-success' },
} as const;

/**
 * The line above a page's form that says why it was refused (announced as an alert) or that it went
 * through (a status). Field errors stay under their fields; this is for what belongs to no field.
 */
export function FormNotice({
  tone = 'error',
  compact = false,
  children,
}: {
  tone?: keyof typeof TONES;
  /** Less height, for the narrow staff sign-in card. */
  compact?: boolean;
  children: ReactNode;
}) {
  const { role, icon: Icon, colors } = TONES[tone];
  const padding = compact ? 'px-3 py-2' : 'p-3';
  return (
    <div role={role} className={`flex items-start gap-2 rounded-md border ${colors} ${padding} text-sm`}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
