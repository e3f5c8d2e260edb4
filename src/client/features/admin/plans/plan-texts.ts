import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';

/** The plans manager's toast texts (docs/plans.md); titles are exact, descriptions say what happens next. */
export const PLAN_TEXTS = {
  created: 'Plan created successfully',
  createdDescription: 'The new plan is now available to customers.',
  updated: 'Plan updated successfully',
  updatedDescription: 'The changes are live immediately.',
  activatedDescription: 'The plan is live: new customers can choose it now.',
  deactivatedDescription: 'New customers can no longer choose it; existing customers keep it.',
  deleted: 'Plan deleted successfully',
  deletedDescription: 'Existing customers keep their plan.',
  duplicated: 'Plan duplicated successfully',
  duplicatedDescription: 'The copy is inactive: review it and activate it when ready.',
  createFailed: 'Failed to create plan',
  updateFailed: 'Failed to update plan',
  deleteFailed: 'Failed to delete plan',
  // Worded like the other failure titles.
  duplicateFailed: 'Failed to duplicate plan',
  readOnly: 'Your role can view plans but not change them (it needs the Edit plans permission).',
} as const;

/** A plan change went through: its title and what happens next. */
export function toastPlanDone(title: string, description: string): void {
  toast({ title, description, variant: 'success' });
}

/** A plan change was refused: its title and the server's reason. */
export function toastPlanFailed(title: string, error: unknown): void {
  toast({ title, description: errorMessageOf(error, title), variant: 'destructive' });
}
