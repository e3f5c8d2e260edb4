import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { errorMessageOf, fieldErrorsOf, statusOf } from '@client/lib/api';
import { createPlanRequest, DEFAULT_PLAN_FEATURES, type PlanFeatures } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import { useCreatePlan } from './api';
import { PLAN_TEXTS } from './plan-texts';
import { limitFromInput, priceFromInput } from './use-limits-editor';

/** What the inputs hold: numbers stay text until submit, so a blank limit can mean "unlimited". */
type PlanFormValues = {
  id: string;
  name: string;
  description: string;
  price: string;
  vehicleLimit: string;
  userLimit: string;
  features: PlanFeatures;
};
type PlanRequest = z.output<typeof createPlanRequest>;
type FormField = Exclude<keyof PlanFormValues, 'features'>;
const FORM_FIELDS: readonly FormField[] = ['id', 'name', 'description', 'price', 'vehicleLimit', 'userLimit'];

const EMPTY_FORM: PlanFormValues = {
  id: '',
  name: '',
  description: '',
  price: '',
  vehicleLimit: '',
  userLimit: '',
  features: { ...DEFAULT_PLAN_FEATURES },
};

/** Runs the shared create schema, so the form shows the server's own messages before sending. */
const planFormResolver: Resolver<PlanFormValues, unknown, PlanRequest> = (values) => {
  const parsed = createPlanRequest.safeParse({
    id: values.id,
    name: values.name,
    description: values.description,
    price: priceFromInput(values.price),
    interval: 'month',
    vehicleLimit: limitFromInput(values.vehicleLimit),
    userLimit: limitFromInput(values.userLimit),
    // New plans are created active (spec 2 §4).
    active: true,
    features: values.features,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'root');
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<PlanFormValues> };
};

/** "Fleet Pro 2" -> "fleet-pro-2": a suggestion for the id while the id field is untouched. */
function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

export function CreatePlanDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreatePlan();
  const [idTouched, setIdTouched] = useState(false);
  const form = useForm<PlanFormValues, unknown, PlanRequest>({
    defaultValues: EMPTY_FORM,
    resolver: planFormResolver,
  });
  const { register, handleSubmit, formState, setError, setValue, reset, control } = form;
  const errors = formState.errors;

  function close(next: boolean) {
    if (!next) {
      reset(EMPTY_FORM);
      setIdTouched(false);
      create.reset();
    }
    onOpenChange(next);
  }

  const onSubmit = handleSubmit((request) => {
    create.mutate(request, {
      onSuccess: () => close(false),
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        let placed = false;
        for (const [field, message] of Object.entries(fieldErrors)) {
          if ((FORM_FIELDS as readonly string[]).includes(field)) {
            setError(field as FormField, { type: 'server', message }, { shouldFocus: !placed });
            placed = true;
          }
        }
        // A duplicate id (409) belongs on the id field even if the answer names no field.
        if (!placed && statusOf(error) === 409) {
          setError(
            'id',
            { type: 'server', message: errorMessageOf(error, PLAN_TEXTS.createFailed) },
            { shouldFocus: true },
          );
          placed = true;
        }
        if (!placed)
          setError('root', { type: 'server', message: errorMessageOf(error, PLAN_TEXTS.createFailed) });
      },
    });
  });

  const nameField = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (!idTouched) setValue('id', slugify(e.target.value));
    },
  });
  const idField = register('id', { onChange: () => setIdTouched(true) });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Plan</DialogTitle>
          <DialogDescription>
            New plans are active at once and appear on the pricing page for new customers.
          </DialogDescription>
        </DialogHeader>
        <form id="create-plan-form" className="grid gap-4" noValidate onSubmit={onSubmit}>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Plan name" required error={errors.name?.message}>
              <Input autoComplete="off" {...nameField} />
            </Field>
            <Field
              label="Plan id"
              required
              error={errors.id?.message}
              description="Lowercase letters, numbers and dashes; it cannot change later."
            >
              <Input autoComplete="off" spellCheck={false} {...idField} />
            </Field>
          </div>
          <Field label="Description" error={errors.description?.message}>
            <Textarea rows={2} {...register('description')} />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <Field label="Price per month (USD)" required error={errors.price?.message}>
              <Input type="number" inputMode="decimal" min={0} step="0.01" {...register('price')} />
            </Field>
            <Field
              label="Vehicle limit"
              error={errors.vehicleLimit?.message}
              description="Blank means unlimited"
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step="1"
                placeholder="Unlimited"
                {...register('vehicleLimit')}
              />
            </Field>
            <Field label="User limit" error={errors.userLimit?.message} description="Blank means unlimited">
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                step="1"
                placeholder="Unlimited"
                {...register('userLimit')}
              />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Features</legend>
            <div className="grid gap-x-6 gap-y-3 rounded-lg border p-3 sm:grid-cols-2">
              {PLAN_FEATURE_FLAGS.map((flag) => (
                <Controller
                  key={flag}
                  control={control}
                  name={`features.${flag}`}
                  render={({ field }) => (
                    <div className="flex items-center justify-between gap-3">
                      <Label htmlFor={`plan-feature-${flag}`} className="font-normal">
                        {PLAN_FEATURE_LABELS[flag]}
                      </Label>
                      <Switch
                        id={`plan-feature-${flag}`}
                        checked={field.value}
                        onCheckedChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    </div>
                  )}
                />
              ))}
            </div>
          </fieldset>
          {errors.root?.message ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root.message}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="create-plan-form" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Plan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
