import {
  BarChart3Icon,
  MapPinIcon,
  MonitorIcon,
  RouteIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  TabletIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { getAppName } from '@client/lib/app-name';
import { Brand, SECTIONS } from './landing-header';
import { ANCHORED_SECTION, LandingSection } from './section-heading';

/*
 * The static sections of the landing page. Marketing copy only: no figures that could be
 * mistaken for real data (docs/product-rules.md). The hero and the contact section have their own files.
 */

type IconCard = { icon: LucideIcon; title: string; text: string };

const FEATURE_CARDS: readonly IconCard[] = [
  {
    icon: MapPinIcon,
    title: 'Vehicle Tracking',
    text: 'See where every vehicle is, its status and mileage, and keep each record in one place.',
  },
  {
    icon: UsersIcon,
    title: 'Driver Management',
    text: 'Keep driver details and licences on file and know who is assigned to which vehicle.',
  },
  {
    icon: WrenchIcon,
    title: 'Maintenance Scheduling',
    text: 'Plan services ahead, get reminders before they are due and keep a full history per vehicle.',
  },
  {
    icon: BarChart3Icon,
    title: 'Analytics & Reports',
    text: 'Understand utilisation and costs across the fleet and export reports when you need them.',
  },
  {
    icon: RouteIcon,
    title: 'Route Optimisation',
    text: 'Plan efficient routes to cut fuel, mileage and time spent on the road.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Compliance & Safety',
    text: 'Stay on top of inspections, documents and safety checks so nothing slips through.',
  },
];

const DEVICE_CARDS: readonly IconCard[] = [
  { icon: SmartphoneIcon, title: 'Mobile', text: 'Check on vehicles and drivers from the road.' },
  { icon: TabletIcon, title: 'Tablet', text: 'A comfortable view for the yard and the workshop.' },
  { icon: MonitorIcon, title: 'Desktop', text: 'The full picture for planning and reporting in the office.' },
];

/**
 * The two sections of icon cards: the features (icons on the left, a link in the header) and the devices
 * (centred, on a band of their own).
 */
const ICON_SECTIONS = {
  features: {
    name: 'features-title',
    anchor: 'features',
    className: ANCHORED_SECTION,
    heading: {
      eyebrow: 'Features',
      title: 'Everything you need to manage your fleet',
      text: 'From the first vehicle to the hundredth, the tools grow with your business.',
    },
    list: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
    item: 'rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md',
    badge: 'flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary',
    icon: 'size-5',
    text: 'mt-2 text-sm leading-relaxed text-muted-foreground',
    cards: FEATURE_CARDS,
  },
  devices: {
    name: 'access-title',
    anchor: undefined,
    className: 'border-y bg-muted/40 py-20 sm:py-24',
    heading: {
      eyebrow: 'Access Anywhere',
      title: 'Your fleet on every screen',
      text: 'Works in the browser on any device: nothing to install, always up to date.',
    },
    list: 'grid gap-6 sm:grid-cols-3',
    item: 'flex flex-col items-center rounded-xl border bg-card p-8 text-center shadow-sm',
    badge: 'flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary',
    icon: 'size-7',
    text: 'mt-2 text-sm text-muted-foreground',
    cards: DEVICE_CARDS,
  },
} as const;

function IconCardSection({ section }: { section: keyof typeof ICON_SECTIONS }) {
  const { name, anchor, className, heading, cards, ...classes } = ICON_SECTIONS[section];
  return (
    <LandingSection name={name} anchor={anchor} className={className} heading={heading}>
      <ul className={classes.list}>
        {cards.map(({ icon: Icon, title, text }) => (
          <li key={title} className={classes.item}>
            <span className={classes.badge}>
              <Icon className={classes.icon} aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className={classes.text}>{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export const Features = () => <IconCardSection section="features" />;

export const AccessAnywhere = () => <IconCardSection section="devices" />;

export function Footer() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 px-4 py-10 sm:flex-row sm:px-6">
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <Brand />
          <p className="text-sm text-muted-foreground">Fleet management for growing businesses.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {SECTIONS.map((s) => (
            <a key={s.href} className="text-muted-foreground hover:text-foreground" href={s.href}>
              {s.label}
            </a>
          ))}
          <Link className="text-muted-foreground hover:text-foreground" href="/customer-login">
            Customer Login
          </Link>
        </nav>
      </div>
      <p className="border-t py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {getAppName()}. All rights reserved.
      </p>
    </footer>
  );
}
