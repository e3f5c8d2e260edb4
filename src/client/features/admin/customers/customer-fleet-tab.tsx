import { lazy, Suspense, useState } from 'react';
import {
  Building2Icon,
  CarIcon,
  PencilIcon,
  Trash2Icon,
  UserCheckIcon,
  UsersIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { COUNTRY_LABELS, type CustomerStats, type StaffCustomer } from '@shared/contracts/staff-customers';
import { ExpandableListCard } from '@client/components/list/list-cards';
import { ListSection } from '@client/components/list/list-section';
import { Button } from '@client/components/ui/button';
import { type CustomerActions } from './customer-actions';
import { CustomerStatusBadge } from './customer-badges';
import {
  countOf,
  formatDate,
  formatPhone,
  formatUsage,
  personNameOf,
  planLabelOf,
  salesRepLabelOf,
  STATUS_LABELS,
} from './customer-format';
import { ContactLines, UsageFigures } from './customer-parts';
import { CustomerFigures, type CustomerFigure } from './customer-figures';
import { type CustomerAccess } from './use-customer-access';
import { useCustomerDirectory } from './use-customer-directory';

/**
 * The impersonation area's action (it opens the customer's fleet app as this staff member). A lazy
 * import, as the feature-boundaries rule allows across features; its chunk loads with the first open row.
 */
const OpenCustomerFleetButton = lazy(() =>
  import('../impersonation/open-customer-fleet-button').then((m) => ({
    default: m.OpenCustomerFleetButton,
  })),
);

/**
 * The fleet control center's Customer Fleet sub-tab (docs/staff-customers-screen.md): four tiles over every customer (from
 * the server, never a sum over one page), then the customers as rows that open one at a time, with
 * contact and fleet information and the actions edit, open the customer's fleet app, delete. The list
 * is `GET /api/customers`, searched and paged on the server; its state is in the address under
 * `customers.` so it does not collide with the fleet center's own parameters.
 */
export function CustomerFleetTab() {
  const { access, state, list, stats, actions, dialogs, denied, addButton } = useCustomerDirectory({
    source: 'fleet',
    scope: 'customers',
  });
  const [openId, setOpenId] = useState<string | null>(null);
  if (denied) return denied;

  return (
    <div className="space-y-6">
      <CustomerFigures stats={stats} name="fleet figures" figuresOf={fleetFigures} />

      <section aria-labelledby="customer-fleet-heading" className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="customer-fleet-heading" className="text-lg font-semibold">
            Customer fleets
          </h2>
          {addButton}
        </div>
        <ListSection
          state={state}
          query={list}
          noun="customers"
          toolbar={{
            search: { label: 'Search customer fleets', placeholder: 'Search company, name or email' },
          }}
          empty={{
            icon: Building2Icon,
            title: 'No customer fleets yet',
            text: 'Each customer who signs up, or whom staff add, brings a fleet here.',
            action: addButton,
          }}
          cards={{
            label: 'Customer fleets',
            card: (c) => (
              <FleetRow
                customer={c}
                expanded={openId === c.id}
                onToggle={() => setOpenId((id) => (id === c.id ? null : c.id))}
                access={access}
                actions={actions}
              />
            ),
          }}
          pager={{ label: 'Customer fleet pages', noun: ['customer', 'customers'] }}
        />
      </section>

      {dialogs}
    </div>
  );
}

/** 'Online' with a pulsing dot, for an active customer only; still for reduced motion. */
function OnlineLabel() {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-success" data-testid="online">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full rounded-full bg-success opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      Online
    </span>
  );
}

function FleetRow({
  customer: c,
  expanded,
  onToggle,
  access,
  actions,
}: {
  customer: StaffCustomer;
  expanded: boolean;
  onToggle: () => void;
  access: CustomerAccess;
  actions: CustomerActions;
}) {
  return (
    <ExpandableListCard
      data-testid="customer-fleet-row"
      name={c.companyName}
      expanded={expanded}
      onToggle={onToggle}
      beside={
        <>
          <CustomerStatusBadge status={c.status} accessEndsAt={c.accessEndsAt} />
          {c.status === 'active' ? <OnlineLabel /> : null}
        </>
      }
      summary={
        <div className="grid gap-2 pl-6 @4xl:grid-cols-[minmax(0,1fr)_28rem] @4xl:gap-6">
          <ContactLines customer={c} layout="inline" />
          <UsageFigures customer={c} layout="inline" />
        </div>
      }
    >
      <FleetPanel customer={c} access={access} actions={actions} />
    </ExpandableListCard>
  );
}

function FleetPanel({
  customer: c,
  access,
  actions,
}: {
  customer: StaffCustomer;
  access: CustomerAccess;
  actions: CustomerActions;
}) {
  const place = [c.city, [c.state, c.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const country = COUNTRY_LABELS[c.country as keyof typeof COUNTRY_LABELS] ?? c.country;
  return (
    <div className="grid gap-4 p-4 @2xl:grid-cols-2">
      <InfoSection
        title="Contact Information"
        rows={[
          ['Name', personNameOf(c)],
          ['Email', c.email],
          ['Phone', c.phone ? formatPhone(c.phone) : '—'],
          ['Address', [c.address, place, country].filter(Boolean).join(', ') || '—'],
        ]}
      />
      <InfoSection
        title="Fleet Information"
        rows={[
          ['Plan', planLabelOf(c)],
          ['Vehicles', formatUsage(c.currentCars, c.carLimit)],
          ['Users', formatUsage(c.currentUsers, c.userLimit)],
          ['Status', STATUS_LABELS[c.status]],
          ['Sales rep', salesRepLabelOf(c)],
          ['Joined', formatDate(c.createdAt)],
        ]}
      />
      <div className="flex flex-wrap items-center gap-2 @2xl:col-span-2">
        {access.canEdit ? (
          <Button variant="outline" size="sm" onClick={() => actions.edit(c)}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Button>
        ) : null}
        {access.canEdit ? (
          <Suspense fallback={null}>
            <OpenCustomerFleetButton customerId={c.id} companyName={c.companyName} />
          </Suspense>
        ) : null}
        {access.canDelete ? (
          <Button variant="outline" size="sm" onClick={() => actions.remove(c)} className="text-destructive">
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function InfoSection({ title, rows }: { title: string; rows: [label: string, value: string][] }) {
  return (
    <section className="grid content-start gap-2 rounded-lg border bg-muted/30 p-3">
      <h4 className="text-sm font-semibold">{title}</h4>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function fleetFigures(stats: CustomerStats): CustomerFigure[] {
  return [
    { label: 'Total Customers', value: countOf(stats.total), hint: 'accounts, any status', icon: UsersIcon },
    {
      label: 'Active Customers',
      value: countOf(stats.active),
      hint: 'with status active',
      icon: UserCheckIcon,
    },
    {
      label: 'Total Vehicles',
      value: countOf(stats.totalVehicles),
      hint: 'counted against plans; retired not included',
      icon: CarIcon,
    },
    {
      label: 'Total Users',
      value: countOf(stats.totalUsers),
      hint: 'customer owners and their team members, not staff',
      icon: UsersRoundIcon,
    },
  ];
}
