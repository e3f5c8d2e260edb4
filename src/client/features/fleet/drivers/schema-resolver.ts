import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates with a shared contract schema after turning the form's
 * text values into the request body (empty boxes become null, not the 0 a coerced number would make
 * of them). Each issue lands on the form field `fieldOf(path)` names; the first issue per field wins.
 */
export function schemaResolver<F extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: F) => unknown,
  fieldOf: (path: PropertyKey[]) => string = (path) => path.map(String).join('.'),
): Resolver<F, unknown, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
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
