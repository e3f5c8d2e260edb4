import { useState } from 'react';
import { Link } from 'wouter';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  CarIcon,
  CreditCardIcon,
  FileSpreadsheetIcon,
  LayoutDashboardIcon,
  UserPlusIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { TRIAL_DAYS } from '@shared/constants';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { DialogFrame } from '@client/components/dialog-frame';
import { IconBadge } from '@client/components/icon-badge';
import { Button } from '@client/components/ui/button';
import { getAppName } from '@client/lib/app-name';

type Stop = { icon: LucideIcon; where: string; title: string; text: string; points: string[] };

/**
 * The screens a customer gets, in the order a new account meets them. Every sentence describes what the
 * screen does today (docs/decisions/0005-customer-side-small-things.md): no figures, no promises beyond it.
 */
export const TOUR: readonly Stop[] = [
  {
    icon: LayoutDashboardIcon,
    where: 'Fleet app · Overview',
    title: 'See the state of the fleet at a glance',
    text: 'The first screen after signing in sums up the fleet and points at what needs you today.',
    points: [
      'Vehicles by status: active, in maintenance, inactive and retired',
      'Services due soon, with the overdue ones first',
      'Drivers without a vehicle, and the latest changes made by your team',
      'How much of your plan you use, vehicles and team members',
    ],
  },
  {
    icon: CarIcon,
    where: 'Fleet app · Vehicles',
    title: 'Keep every vehicle on record',
    text: 'Make, model, year, VIN, license plate, status, mileage, fuel level and location for each vehicle.',
    points: [
      'Search by make, model, VIN, plate or location; filter by status; sort any column',
      'Retire a vehicle to keep its history without it counting against your plan',
      'At your plan’s limit the screen says so before you fill in a form, with the way to upgrade',
    ],
  },
  {
    icon: UsersIcon,
    where: 'Fleet app · Drivers',
    title: 'Know who drives what',
    text: 'Each driver’s contact details and license number, and the vehicle assigned to them.',
    points: ['Assign or change a driver’s vehicle from a searchable list', 'Filter drivers by status'],
  },
  {
    icon: WrenchIcon,
    where: 'Fleet app · Maintenance',
    title: 'Plan services before they are due',
    text: 'Schedule a service by a due date, a due mileage, or both: whichever comes first.',
    points: [
      'Overdue services stand out and say how late they are',
      'Completing a service records its date and cost, and can schedule the next one',
    ],
  },
  {
    icon: FileSpreadsheetIcon,
    where: 'Fleet app · Import/Export',
    title: 'Bring your fleet in from a spreadsheet',
    text: 'Import vehicles from a CSV file, or export the fleet to one.',
    points: [
      'A preview marks each row’s problems before anything is saved',
      'It says how many more vehicles your plan has room for, and the import stops at the limit',
    ],
  },
  {
    icon: UserPlusIcon,
    where: 'Fleet app · Team',
    title: 'Work on it together',
    text: 'Invite colleagues as admins, who manage the plan and billing, or as users, who manage the fleet.',
    points: ['Change a member’s role or remove them at any time'],
  },
  {
    icon: CreditCardIcon,
    where: 'Customer portal',
    title: 'Your plan and billing in one place',
    text: `Start with a ${TRIAL_DAYS}-day free trial, no credit card needed. The portal holds the rest.`,
    points: [
      'Compare plans and change yours',
      'Add cards, choose the primary one, and download your invoices',
      'Settings and your password',
    ],
  },
];

/**
 * "Watch Demo": a short tour of the product's real screens, stop by stop, ending on the way in. Lazy-loaded
 * by the landing page on first open.
 */
export default function DemoTour({
  open,
  onOpenChange,
  onStartTrial,
}: DialogOpenProps & { onStartTrial: () => void }) {
  const [index, setIndex] = useState(0);
  const stop = TOUR[index] ?? TOUR[0]!;
  const last = index === TOUR.length - 1;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setIndex(0);
      }}
      width="xl"
      title={`A tour of ${getAppName()}`}
      description="What you get after signing up, screen by screen."
    >
      <section aria-labelledby="tour-stop-title" aria-live="polite" className="grid gap-4">
        <div className="flex items-start gap-3">
          <IconBadge icon={stop.icon} size="md" tone="brand" />
          <div className="grid gap-0.5">
            <p className="text-xs font-medium uppercase tracking-wider text-primary">
              Step {index + 1} of {TOUR.length} · {stop.where}
            </p>
            <h3 id="tour-stop-title" className="text-lg font-semibold">
              {stop.title}
            </h3>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{stop.text}</p>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm">
          {stop.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <ol aria-label="Tour steps" className="flex justify-center gap-1.5">
        {TOUR.map((s, i) => (
          <li key={s.where}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Step ${i + 1}: ${s.where}`}
              aria-current={i === index ? 'step' : undefined}
              className={`block size-2.5 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring ${
                i === index ? 'bg-primary' : 'bg-muted-foreground/30 hover:bg-muted-foreground/60'
              }`}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="outline" onClick={() => setIndex(index - 1)} disabled={index === 0}>
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        {last ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" asChild>
              <Link href="/customer-login">Sign in</Link>
            </Button>
            <Button onClick={onStartTrial}>Start Free Trial</Button>
          </div>
        ) : (
          <Button onClick={() => setIndex(index + 1)}>
            Next
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        )}
      </div>
    </DialogFrame>
  );
}
