import {
  ActivityIcon,
  BarChart3Icon,
  CheckIcon,
  ClockIcon,
  HeadsetIcon,
  MailIcon,
  MapPinIcon,
  MessageCircleIcon,
  MonitorIcon,
  PhoneIcon,
  PlayCircleIcon,
  RouteIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  TabletIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { TRIAL_DAYS } from '@shared/constants';
import { getAppName } from '@client/lib/app-name';
import { isCustomerSignedIn, usePublicContact } from './api';
import { Brand, SECTIONS } from './landing-header';
import { LandingButton } from './landing-ui';

/*
 * The static sections of the landing page. Marketing copy only: no figures that could be
 * mistaken for real data (docs/product-rules.md).
 */

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
}) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted-foreground">{text}</p>
    </div>
  );
}

/** The product's marketing claims, word for word. */
const CLAIMS: { icon: LucideIcon; figure: string; text: string }[] = [
  { icon: ActivityIcon, figure: '99.9%', text: 'uptime' },
  { icon: HeadsetIcon, figure: '24/7', text: 'support' },
];

export function Hero({ onStartTrial, onWatchDemo }: { onStartTrial: () => void; onWatchDemo: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_65%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm text-muted-foreground lg:mx-0">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            {TRIAL_DAYS}-day free trial, no credit card
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Run your whole fleet <span className="text-primary">from one place</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground lg:mx-0">
            {getAppName()} brings vehicles, drivers, maintenance and reports together, so your team spends
            less time chasing paperwork and more time on the road.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <LandingButton size="lg" onClick={onStartTrial}>
              Start Free Trial
            </LandingButton>
            <LandingButton size="lg" variant="outline" onClick={onWatchDemo} aria-haspopup="dialog">
              <PlayCircleIcon aria-hidden="true" />
              Watch Demo
            </LandingButton>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground lg:justify-start">
            {['No credit card required', 'Set up in minutes', 'Cancel anytime'].map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <CheckIcon className="size-4 text-success" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <ul
            aria-label="Our promises"
            className="mt-6 flex flex-wrap justify-center gap-x-8 gap-y-3 lg:justify-start"
            data-testid="marketing-claims"
          >
            {CLAIMS.map(({ icon: Icon, figure, text }) => (
              <li key={text} className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                <span>
                  <span className="text-base font-bold text-foreground">{figure}</span> {text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A decorative sketch of the product (icons, no numbers), hidden from assistive technology. */
function HeroIllustration() {
  const rows: { icon: LucideIcon; label: string; tone: string }[] = [
    { icon: MapPinIcon, label: 'Live vehicle locations', tone: 'bg-primary/15 text-primary' },
    { icon: WrenchIcon, label: 'Service reminders', tone: 'bg-warning/15 text-warning' },
    { icon: UsersIcon, label: 'Driver assignments', tone: 'bg-success/15 text-success' },
  ];
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl border bg-card p-4 shadow-xl sm:p-6">
        <div className="mb-4 flex items-center gap-1.5">
          <span className="size-2.5 rounded-full bg-destructive/70" />
          <span className="size-2.5 rounded-full bg-warning/70" />
          <span className="size-2.5 rounded-full bg-success/70" />
        </div>
        <div className="relative mb-4 h-40 overflow-hidden rounded-xl bg-muted">
          <svg
            viewBox="0 0 400 160"
            className="absolute inset-0 size-full text-border"
            preserveAspectRatio="none"
          >
            <path
              d="M0 120 C80 100 120 40 200 60 S320 130 400 50"
              fill="none"
              stroke="currentColor"
              strokeWidth="10"
            />
            <path
              d="M0 40 C100 60 160 130 260 110 S360 20 400 30"
              fill="none"
              stroke="currentColor"
              strokeWidth="6"
            />
          </svg>
          <MapPinIcon className="absolute left-[22%] top-[28%] size-7 text-primary drop-shadow" />
          <MapPinIcon className="absolute left-[58%] top-[42%] size-7 text-success drop-shadow" />
          <MapPinIcon className="absolute left-[80%] top-[14%] size-7 text-warning drop-shadow" />
        </div>
        <ul className="grid gap-2">
          {rows.map(({ icon: Icon, label, tone }) => (
            <li key={label} className="flex items-center gap-3 rounded-lg border bg-background p-3">
              <span className={`flex size-9 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="size-4.5" />
              </span>
              <span className="text-sm font-medium">{label}</span>
              <span className="ml-auto h-2 w-16 rounded-full bg-muted" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
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

export function Features() {
  return (
    <section aria-labelledby="features-title" id="features" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to manage your fleet"
          text="From the first vehicle to the hundredth, the tools grow with your business."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const DEVICES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: SmartphoneIcon, title: 'Mobile', text: 'Check on vehicles and drivers from the road.' },
  { icon: TabletIcon, title: 'Tablet', text: 'A comfortable view for the yard and the workshop.' },
  { icon: MonitorIcon, title: 'Desktop', text: 'The full picture for planning and reporting in the office.' },
];

export function AccessAnywhere() {
  return (
    <section aria-labelledby="access-title" className="border-y bg-muted/40 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="access-title"
          eyebrow="Access Anywhere"
          title="Your fleet on every screen"
          text="Works in the browser on any device: nothing to install, always up to date."
        />
        <ul className="grid gap-6 sm:grid-cols-3">
          {DEVICES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex flex-col items-center rounded-xl border bg-card p-8 text-center shadow-sm"
            >
              <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const SUPPORT_FORM = '/customer-dashboard?tab=support&new=1';
const SIGN_IN_FOR_SUPPORT = `/customer-login?next=${encodeURIComponent(SUPPORT_FORM)}`;

// The message form brings react-hook-form, zod and Radix Dialog: loaded on first open, never up front.
const loadVisitorMessageDialog = () => import('./visitor-message-dialog');
const VisitorMessageDialog = lazy(loadVisitorMessageDialog);

/**
 * A customer may write from the portal's Support tab instead (their ticket then belongs to the
 * account): signed in, straight to the form; otherwise sign in first and land on it.
 */
function PortalSupportLink() {
  const [, navigate] = useLocation();
  return (
    <Link
      className={linkClass}
      href={SIGN_IN_FOR_SUPPORT}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void isCustomerSignedIn(new AbortController().signal).then((signedIn) =>
          navigate(signedIn ? SUPPORT_FORM : SIGN_IN_FOR_SUPPORT),
        );
      }}
    >
      Customer? Open a ticket in your portal
    </Link>
  );
}

/** Grid columns for the channels shown (a phone or email that staff have not published is left out). */
const COLUMNS = {
  1: 'sm:grid-cols-1 sm:max-w-md sm:mx-auto',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
} as const;

/**
 * The contact section (docs/support.md "Visitors"): the phone, email and hours staff publish in System Settings
 * (`GET /api/contact`; nothing is invented where they set none), and a message form anyone can send
 * without an account, which reaches staff in the Support Center as a ticket.
 */
export function Contact() {
  const contact = usePublicContact();
  const [messageOpen, setMessageOpen] = useState(false);
  const [messageMounted, setMessageMounted] = useState(false);
  const hours = contact?.hours;
  const channels: { icon: LucideIcon; title: string; detail: ReactNode; note: ReactNode }[] = [];
  if (contact?.phone) {
    channels.push({
      icon: PhoneIcon,
      title: 'Phone',
      detail: (
        <a className={linkClass} href={`tel:${contact.phone.replace(/[^+0-9]/g, '')}`}>
          {contact.phone}
        </a>
      ),
      note: hours,
    });
  }
  if (contact?.email) {
    channels.push({
      icon: MailIcon,
      title: 'Email',
      detail: (
        <a className={linkClass} href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      ),
      note: 'We reply within 24 hours',
    });
  }
  channels.push({
    icon: MessageCircleIcon,
    title: 'Live Chat',
    detail: (
      <>
        <button
          type="button"
          className={`${linkClass} cursor-pointer`}
          onPointerEnter={loadVisitorMessageDialog}
          onFocus={loadVisitorMessageDialog}
          onClick={() => {
            setMessageMounted(true);
            setMessageOpen(true);
          }}
        >
          Message our support team
        </button>
        <span className="mt-1 block text-xs text-muted-foreground">No account needed.</span>
        <span className="mt-1 block text-xs">
          <PortalSupportLink />
        </span>
      </>
    ),
    note: hours ? `Answered ${hours}, by email` : 'Answered by email',
  });
  return (
    <section aria-labelledby="contact-title" id="contact" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="contact-title"
          eyebrow="Contact"
          title="Talk to our team"
          text="Questions about plans, onboarding or your account? We are happy to help."
        />
        <ul className={`grid gap-6 ${COLUMNS[channels.length as 1 | 2 | 3]}`}>
          {channels.map(({ icon: Icon, title, detail, note }) => (
            <li key={title} className="rounded-xl border bg-card p-6 text-center shadow-sm">
              <span className="mx-auto flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <div className="mt-2 text-sm break-words">{detail}</div>
              {note ? (
                <p className="mt-2 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
                  <ClockIcon className="size-3.5" aria-hidden="true" />
                  {note}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {messageMounted ? (
        <Suspense fallback={null}>
          <VisitorMessageDialog open={messageOpen} onOpenChange={setMessageOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}

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
