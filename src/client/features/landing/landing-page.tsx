import { lazy, Suspense, useState } from 'react';
import { DEFAULT_PLAN_ID } from '@shared/constants';
import { LoaderCircleIcon } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { usePublicPlans } from './api';
import { Contact } from './contact-section';
import { Hero } from './hero-section';
import { LandingHeader } from './landing-header';
import { AccessAnywhere, Features, Footer } from './landing-sections';
import { PricingSection } from './pricing-section';
import { useDashboardRedirect } from './use-dashboard-redirect';
import { useLazyDialog } from './use-lazy-dialog';

// The dialog brings react-hook-form, zod and Radix Dialog/Select: loaded on first open, never up front.
const loadSignUpDialog = () => import('./sign-up-dialog');
const SignUpDialog = lazy(loadSignUpDialog);
// "Watch Demo": the tour of the product's screens, loaded on first open as well.
const loadDemoTour = () => import('./demo-tour');
const DemoTour = lazy(loadDemoTour);

/** Starts downloading the dialog when the pointer or focus reaches a button that opens it. */
const preload = { onPointerEnter: loadSignUpDialog, onFocus: loadSignUpDialog };

/** Shown while the sign-up dialog's code arrives. */
function OpeningSignUp() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
      <span role="status" className="rounded-full bg-background p-3 shadow-lg">
        <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden="true" />
        <span className="sr-only">Opening sign-up</span>
      </span>
    </div>
  );
}

/** `/`: the public landing page (docs/customer-portal.md). */
export default function LandingPage() {
  usePageTitle('Fleet Management Made Simple');
  useDashboardRedirect();
  const plans = usePublicPlans();
  const [selectedPlan, setSelectedPlan] = useState<string>(DEFAULT_PLAN_ID);
  // Each dialog is mounted from its first opening on, so it can animate out when it closes.
  const signUp = useLazyDialog();
  const tour = useLazyDialog();

  const openSignUp = (planId: string = DEFAULT_PLAN_ID) => {
    setSelectedPlan(planId);
    signUp.show();
  };

  return (
    <div id="top" className="min-h-dvh bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <div {...preload} className="contents">
        <LandingHeader onGetStarted={() => openSignUp()} />
      </div>
      <main id="main">
        <div {...preload} className="contents">
          <Hero onStartTrial={() => openSignUp()} onWatchDemo={tour.show} />
        </div>
        <Features />
        <AccessAnywhere />
        <div {...preload} className="contents">
          <PricingSection plans={plans} onChoose={openSignUp} />
        </div>
        <Contact />
      </main>
      <Footer />
      {tour.mounted ? (
        <Suspense fallback={null}>
          <DemoTour
            open={tour.open}
            onOpenChange={tour.setOpen}
            onStartTrial={() => {
              tour.setOpen(false);
              openSignUp();
            }}
          />
        </Suspense>
      ) : null}
      {signUp.mounted ? (
        <Suspense fallback={<OpeningSignUp />}>
          <SignUpDialog
            open={signUp.open}
            onOpenChange={signUp.setOpen}
            plans={plans.plans ?? []}
            plansError={plans.error}
            initialPlanId={selectedPlan}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
