import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Switch } from 'wouter';
import { ThemeProvider } from '@client/lib/theme';
import { Toaster } from '@client/components/ui/toaster';
import { LoaderCircleIcon } from 'lucide-react';
import './styles.css';

// Tooltips: see components/ui/tooltip.tsx (TooltipProvider lives in the screen shells, 700/300 ms).

/*
 * The landing page is rendered here, outside TanStack Query: it is the one screen every visitor loads and
 * its JavaScript budget is tight (docs/performance.md: 100 kB gzip, React ~66 kB). Every other route lives
 * in routes.tsx, a lazy chunk that brings QueryClientProvider (and the staff session check) with it.
 */
const LandingPage = lazy(() => import('./features/landing/landing-page'));
const AppRoutes = lazy(() => import('./routes'));

/** Shown while a route's chunk loads; PageSpinner's look without `cn`, which would add tailwind-merge here. */
function RouteFallback() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <LoaderCircleIcon className="size-10 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <Suspense fallback={<RouteFallback />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route component={AppRoutes} />
        </Switch>
      </Suspense>
      <Toaster />
    </ThemeProvider>
  </StrictMode>,
);
