import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_PLAN_ID } from '@shared/constants';
import { LoaderCircleIcon } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { isCustomerSignedIn, usePublicPlans } from './api';
import { LandingHeader } from './landing-header';
import { AccessAnywhere, Contact, Features, Footer, Hero } from './landing-sections';
import { PricingSection } from './pricing-section';

// The dialog brings react-hook-form, zod and Radix Dialog/Select: loaded on first open, never up front.
const loadSignUpDialog = () => import('./sign-up-dialog');
const SignUpDialog = lazy(loadSignUpDialog);
// "Watch Demo": the tour of the product's screens, loaded on first open as well.
const loadDemoTour = () => import('./demo-tour');
const DemoTour = lazy(loadDemoTour);

/** Starts downloading the dialog when the pointer or focus reaches a button that opens it. */
const preload = { onPointerEnter: loadSignUpDialog, onFocus: loadSignUpDialog };

/** `/`: the public landing page (docs/customer-portal.md). */
export default function LandingPage() {
  usePageTitle('Fleet Management Made Simple');
  const [, navigate] = useLocation();
  const plans = usePublicPlans();
  const [selectedPlan, setSelectedPlan] = useState<string>(DEFAULT_PLAN_ID);
  const [signUpOpen, setSignUpOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate out when it closes.
  const [signUpMounted, setSignUpMounted] = useState(false);
  const [tourOpen, setTourOpen] = useState(false);
  const [tourMounted, setTourMounted] = useState(false);

  const openSignUp = (planId: string = DEFAULT_PLAN_ID) => {
    setSelectedPlan(planId);
    setSignUpMounted(true);
    setSignUpOpen(true);
  };

  // `/?route=customer-dashboard[&tab=x]` (links from the fleet CRM): a signed-in customer goes on to the
  // portal, with the address cleaned to `/` first so Back does not bounce them here again.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('route') !== 'customer-dashboard') return;
    const tab = params.get('tab');
    const controller = new AbortController();
    void isCustomerSignedIn(controller.signal).then((signedIn) => {
      if (controller.signal.aborted || !signedIn) return;
      window.history.replaceState(window.history.state, '', '/');
      navigate(tab ? `/customer-dashboard?tab=${encodeURIComponent(tab)}` : '/customer-dashboard');
    });
    return () => controller.abort();
  }, [navigate]);

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
          <Hero
            onStartTrial={() => openSignUp()}
            onWatchDemo={() => {
              setTourMounted(true);
              setTourOpen(true);
            }}
          />
        </div>
        <Features />
        <AccessAnywhere />
        <div {...preload} className="contents">
          <PricingSection plans={plans} onChoose={openSignUp} />
        </div>
        <Contact />
      </main>
      <Footer />
      {tourMounted ? (
        <Suspense fallback={null}>
          <DemoTour
            open={tourOpen}
            onOpenChange={setTourOpen}
            onStartTrial={() => {
              setTourOpen(false);
              openSignUp();
            }}
          />
        </Suspense>
      ) : null}
      {signUpMounted ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
              <span role="status" className="rounded-full bg-background p-3 shadow-lg">
                <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden="true" />
                <span className="sr-only">Opening sign-up</span>
              </span>
            </div>
          }
        >
          <SignUpDialog
            open={signUpOpen}
            onOpenChange={setSignUpOpen}
            plans={plans.plans ?? []}
            plansError={plans.error}
            initialPlanId={selectedPlan}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
