import { type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast, type ToastOptions } from '@client/lib/toast';

/**
 * A react-hook-form resolver that validates with a shared contract schema after turning the form's
 * values into the request body (`toInput`: empty boxes become null, not the 0 a coerced number would
 * make of them). Each issue lands on the form field `fieldOf(path)` names; the first issue per field wins.
 */
export function schemaResolver<F extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: F) => unknown,
  fieldOf: (path: string) => string,
): Resolver<F, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<F> };
  };
}

/** '' and whitespace become null: an optional box left empty. */
export function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** What a failed submit that put nothing on a field shows: a toast with this title. */
export type SubmitFailure =
  | {
      title: string;
      fallback: string;
      /** Toast even when the error also went on fields. */ always?: boolean;
    }
  | ((error: unknown, shownOnFields: boolean) => void);

export type SchemaFormOptions<F extends FieldValues, S extends z.ZodType> = {
  schema: S;
  defaultValues: DefaultValues<F>;
  /** The form's values as the request body (default: as they are). */
  toInput?: (values: F) => unknown;
  /** The form field a schema or server path (`limits.maxVehicles`, `assignedVehicleId`) shows under. */
  fieldOf?: (path: string) => string;
  /**
   * Send only what the user changed: the body keeps the top-level keys whose form field (`fieldOf`)
   * is dirty, so a partial PUT leaves the other fields as stored (and an untouched value the schema
   * would refuse does not block the save).
   */
  changedOnly?: boolean;
};

export type SchemaForm<F extends FieldValues, S extends z.ZodType> = UseFormReturn<
  F,
  unknown,
  z.output<S>
> & {
  /**
   * The form's submit handler: validates with the schema, runs `action` with the parsed body, and on
   * failure puts the server's 400 `errors` on their fields by themselves; what is left goes to `failure`.
   */
  submit: (
    action: (input: z.output<S>) => Promise<void>,
    failure: SubmitFailure,
    /** Runs when the schema refuses the values (nothing is sent), with the errors now on the fields. */
    onInvalid?: (errors: FieldErrors<F>) => void,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Puts an error's field messages on the form's fields; true when at least one was shown. */
  showServerErrors: (error: unknown) => boolean;
  /**
   * A toast about the fields themselves (the sign-ins' 'Missing fields'): it goes at the first change to any
   * field, when the messages under the fields, which follow typing, have taken over.
   */
  toastUntilEdited: (options: ToastOptions) => void;
};

const joinedPath = (path: string) => path;

/** The body's top-level keys whose form field is dirty (`changedOnly`); a body that is not an object as is. */
export function changedPartOf(
  body: unknown,
  isDirty: (field: string) => boolean,
  fieldOf: (path: string) => string = joinedPath,
): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => isDirty(fieldOf(key))));
}

/**
 * The one form hook: react-hook-form with the shared zod schema. Errors appear on submit, then follow
 * typing (never on blur, which would move the submit button under a pointer that is pressing it).
 */
export function useSchemaForm<F extends FieldValues, S extends z.ZodType>({
  schema,
  defaultValues,
  toInput = (values) => values,
  fieldOf = joinedPath,
  changedOnly = false,
}: SchemaFormOptions<F, S>): SchemaForm<F, S> {
  // The resolver runs at submit, after `useForm` answered: it reads the live dirty state through this.
  const live: { form?: UseFormReturn<F, unknown, z.output<S>> } = {};
  const inputOf = changedOnly
    ? (values: F) =>
        changedPartOf(
          toInput(values),
          (field) => live.form?.getFieldState(field as Path<F>).isDirty ?? true,
          fieldOf,
        )
    : toInput;
  const form = useForm<F, unknown, z.output<S>>({
    resolver: schemaResolver(schema, inputOf, fieldOf),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
  live.form = form;
  const fieldNames = new Set(Object.keys(defaultValues as object));

  const showServerErrors = (error: unknown): boolean => {
    let shown = false;
    for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
      const field = fieldOf(key);
      if (!fieldNames.has(field.split('.')[0] ?? '')) continue;
      form.setError(field as Path<F>, { type: 'server', message });
      shown = true;
    }
    return shown;
  };

  const submit: SchemaForm<F, S>['submit'] = (action, failure, onInvalid) =>
    form.handleSubmit(async (input) => {
      try {
        await action(input);
      } catch (error) {
        const shown = showServerErrors(error);
        if (typeof failure === 'function') failure(error, shown);
        else if (!shown || failure.always) {
          toast({
            title: failure.title,
            description: errorMessageOf(error, failure.fallback),
            variant: 'destructive',
          });
        }
      }
    }, onInvalid);

  const toastUntilEdited = (options: ToastOptions) => {
    const shown = toast(options);
    const stop = form.subscribe({
      formState: { values: true },
      callback: () => {
        shown.dismiss();
        stop();
      },
    });
  };

  return Object.assign(form, { submit, showServerErrors, toastUntilEdited });
}
