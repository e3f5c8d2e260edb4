import { CarIcon, LayersIcon, MailIcon, PhoneIcon, UserRoundIcon, UsersIcon } from 'lucide-react';
import type { StaffCustomer } from '@shared/contracts/staff-customers';
import { cn } from '@client/lib/cn';
import { formatPhone, formatUsage, personNameOf, planLabelOf } from './customer-format';

/*
 * The pieces of a customer that the customers screen's cards and the Customer Fleet rows both show:
 * one part each, so the two screens cannot drift apart.
 */

/** One under the other (a card's column), or side by side, wrapping (a row's line). */
export type PartLayout = 'stack' | 'inline';
const LAYOUT: Record<PartLayout, string> = {
  stack: 'grid gap-1',
  inline: 'flex flex-wrap items-center gap-x-5 gap-y-1',
};

/** A part of a customer's card or row: which customer, laid out in a stack or inline. */
type PartProps = { customer: StaffCustomer; layout?: PartLayout; className?: string };

/** The person, email and phone, each truncated rather than wrapped. */
export function ContactLines({ customer: c, layout = 'stack', className }: PartProps) {
  return (
    <ul className={cn('min-w-0 text-sm', LAYOUT[layout], className)}>
      <li className="flex min-w-0 max-w-full items-center gap-2">
        <UserRoundIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">Contact: </span>
        <span className="truncate">{personNameOf(c)}</span>
      </li>
      <li className="flex min-w-0 max-w-full items-center gap-2">
        <MailIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">Email: </span>
        <a
          href={`mailto:${c.email}`}
          className="truncate text-muted-foreground hover:text-foreground hover:underline"
        >
          {c.email}
        </a>
      </li>
      <li className="flex min-w-0 max-w-full items-center gap-2">
        <PhoneIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">Phone: </span>
        {c.phone ? (
          <a
            href={`tel:${c.phone}`}
            className="truncate text-muted-foreground hover:text-foreground hover:underline"
          >
            {formatPhone(c.phone)}
          </a>
        ) : (
          <span className="text-muted-foreground">No phone</span>
        )}
      </li>
    </ul>
  );
}

/** Plan (or Basic), vehicles used of the limit and users used of the limit ('Unlimited' when none). */
export function UsageFigures({ customer: c, layout = 'stack', className }: PartProps) {
  const rows = [
    { icon: LayersIcon, label: 'Plan', value: planLabelOf(c), testId: 'customer-plan' },
    {
      icon: CarIcon,
      label: 'Vehicles',
      value: formatUsage(c.currentCars, c.carLimit),
      testId: 'customer-vehicles',
    },
    {
      icon: UsersIcon,
      label: 'Users',
      value: formatUsage(c.currentUsers, c.userLimit),
      testId: 'customer-users',
    },
  ];
  return (
    <dl className={cn('min-w-0 text-sm', LAYOUT[layout], className)}>
      {rows.map(({ icon: Icon, label, value, testId }) => (
        <div key={label} className="flex min-w-0 items-center gap-2">
          <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className={cn('shrink-0 text-muted-foreground', layout === 'stack' && 'w-16')}>{label}</dt>
          <dd className="min-w-0 truncate font-medium tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
