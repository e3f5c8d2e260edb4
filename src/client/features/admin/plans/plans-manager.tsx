import { useState } from 'react';
import { AlertTriangleIcon, ShieldAlertIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { errorMessageOf } from '@client/lib/api';
import { ACCESS_DENIED_MESSAGE } from '@shared/roles';
import { CreatePlanButton, type ViewMode } from './plan-views';
import { PlansManagerHeader } from './plans-manager-header';
import { PlansTabs, usePlansListTab } from './plans-tabs';
import { SummaryCards } from './summary-cards';
import { usePlansFigures } from './use-plans-figures';
import { usePlanAccess } from './use-plan-access';
import { usePlanDialogs } from './use-plan-dialogs';

/**
 * The subscription plans manager (docs/plans.md): content only, so the admin shell's plans tab and the
 * standalone /plans page can both frame it. All figures come from the plans and plan-stats calls.
 * The page's h1, as every admin tab has one; `headingLevel` is for a frame that brings its own.
 */
export default function PlansManager({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const access = usePlanAccess();
  const { plans, stats, isLoading, error, summary, retry } = usePlansFigures(access);
  const [view, setView] = useState<ViewMode>('grid');
  const listTab = usePlansListTab();
  const { dialogs, onCreate, onView, onEdit, onDelete } = usePlanDialogs(plans, stats);
  const canEdit = access.canEdit;

  if (!access.isLoading && !access.canView) {
    return (
      <EmptyState
        icon={ShieldAlertIcon}
        title="Access Denied"
        text={`${ACCESS_DENIED_MESSAGE}. Your role: ${access.role ?? 'none'}.`}
      />
    );
  }

  const listProps = {
    stats,
    view,
    canEdit,
    onView,
    onEdit,
    onDelete,
  };

  const createButton = <CreatePlanButton canEdit={canEdit} onClick={onCreate} />;

  return (
    <TooltipProvider>
      <div className="space-y-6">
        <PlansManagerHeader
          headingLevel={headingLevel}
          view={view}
          onViewChange={setView}
          createButton={createButton}
          readOnly={!canEdit && !access.isLoading}
        />

        {error ? (
          <EmptyState
            icon={AlertTriangleIcon}
            title="Plans could not be loaded"
            text={errorMessageOf(error, 'The server did not answer. Check your connection and try again.')}
            action={
              <Button variant="outline" onClick={retry}>
                Try again
              </Button>
            }
          />
        ) : (
          <SummaryCards summary={summary} />
        )}

        {error ? null : (
          <PlansTabs
            {...listTab}
            isLoading={isLoading}
            plans={plans}
            enabled={access.canView}
            createButton={createButton}
            listProps={listProps}
          />
        )}
      </div>

      {dialogs}
    </TooltipProvider>
  );
}
