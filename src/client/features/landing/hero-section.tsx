import {
  ActivityIcon,
  CheckIcon,
  HeadsetIcon,
  MapPinIcon,
  PlayCircleIcon,
  UsersIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { TRIAL_DAYS } from '@shared/constants';
import { getAppName } from '@client/lib/app-name';
import { LandingButton } from './landing-ui';

/*
 * The landing page's first section. Marketing copy only: no figures that could be mistaken for real
 * data (docs/product-rules.md).
 */

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
