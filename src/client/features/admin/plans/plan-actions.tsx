import type { ReactNode } from 'react';
import { CopyIcon, EyeIcon, PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { cn } from '@client/lib/cn';
import type { Plan } from '@shared/contracts/plans';
import { useDuplicatePlan, useSetPlanActive } from './api';
import { PLAN_TEXTS, toastPlanDone, toastPlanFailed } from './plan-texts';

/** An icon-only button: the label is its accessible name and its tooltip. */
export function IconAction({
  label,
  onClick,
  children,
  disabled,
  className,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-8', className)}
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/**
 * View, edit, (de)activate, duplicate and delete for one plan. Staff without canEditPlans only get View:
 * the manager header says why once, instead of a row of disabled buttons on every card.
 */
export function PlanActions({
  plan,
  canEdit,
  onView,
  onEdit,
  onDelete,
  className,
}: {
  plan: Plan;
  canEdit: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  const duplicate = useDuplicatePlan();
  const setActive = useSetPlanActive();
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      <IconAction label={`View ${plan.name}`} onClick={onView}>
        <EyeIcon aria-hidden="true" />
      </IconAction>
      {canEdit ? (
        <>
          <IconAction label={`Edit ${plan.name}`} onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
          </IconAction>
          <IconAction
            label={`Duplicate ${plan.name}`}
            onClick={() =>
              void duplicate.mutateAsync(plan.id).then(
                () => toastPlanDone(PLAN_TEXTS.duplicated, PLAN_TEXTS.duplicatedDescription),
                (error: unknown) => toastPlanFailed(PLAN_TEXTS.duplicateFailed, error),
              )
            }
            disabled={duplicate.isPending}
          >
            <CopyIcon aria-hidden="true" />
          </IconAction>
          <IconAction
            label={plan.active ? `Deactivate ${plan.name}` : `Activate ${plan.name}`}
            onClick={() =>
              void setActive.mutateAsync({ id: plan.id, active: !plan.active }).then(
                ({ plan: changed }) =>
                  toastPlanDone(
                    PLAN_TEXTS.updated,
                    changed.active ? PLAN_TEXTS.activatedDescription : PLAN_TEXTS.deactivatedDescription,
                  ),
                (error: unknown) => toastPlanFailed(PLAN_TEXTS.updateFailed, error),
              )
            }
            disabled={setActive.isPending}
          >
            {plan.active ? <PowerOffIcon aria-hidden="true" /> : <PowerIcon aria-hidden="true" />}
          </IconAction>
          <IconAction
            label={`Delete ${plan.name}`}
            onClick={onDelete}
            className="text-destructive hover:text-destructive"
          >
            <Trash2Icon aria-hidden="true" />
          </IconAction>
        </>
      ) : null}
    </div>
  );
}
