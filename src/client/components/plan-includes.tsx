import { CheckIcon } from 'lucide-react';

/**
 * What a plan includes, one ticked line each, named "{plan} includes" (the landing's pricing and the
 * portal's plan cards). No `cn`, so the landing may use it.
 */
export function PlanIncludes({
  planName,
  items,
  className,
}: {
  planName: string;
  items: readonly string[];
  className: string;
}) {
  return (
    <ul className={className} aria-label={`${planName} includes`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
