import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@client/components/ui/checkbox';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';

/*
 * Fields bound to a `useSchemaForm` form by name: label, control, hint and the field's error (from the
 * schema or from the server) in one line each, wired for screen readers by `Field`.
 */

// Any form over these values, whatever its parsed output type.
type AnyForm<F extends FieldValues> = Pick<UseFormReturn<F, unknown, unknown>, 'register' | 'control'> & {
  formState: { errors: object };
};

type Common<F extends FieldValues> = {
  form: AnyForm<F>;
  name: Path<F>;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  className?: string;
};

function errorOf<F extends FieldValues>(form: AnyForm<F>, name: Path<F>): string | undefined {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return error?.message;
}

export function TextField<F extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  className,
  format,
  ...input
}: Common<F> &
  Omit<ComponentProps<'input'>, 'name' | 'form'> & {
    /** Rewrites the text as it is typed (a phone number's country code and digits only). */
    format?: (text: string) => string;
  }) {
  const registered = form.register(name);
  const onChange: typeof registered.onChange = format
    ? (event: { target: { value: string } }) => {
        event.target.value = format(event.target.value);
        return registered.onChange(event);
      }
    : registered.onChange;
  return (
    <Field
      label={label}
      description={description}
      error={errorOf(form, name)}
      required={required}
      className={className}
    >
      <Input {...input} {...registered} onChange={onChange} />
    </Field>
  );
}

export function PasswordField<F extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  className,
  ...input
}: Common<F> & Omit<ComponentProps<typeof PasswordInput>, 'name' | 'form'>) {
  return (
    <Field
      label={label}
      description={description}
      error={errorOf(form, name)}
      required={required}
      className={className}
    >
      <PasswordInput {...input} {...form.register(name)} />
    </Field>
  );
}

export function TextareaField<F extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  className,
  ...textarea
}: Common<F> & Omit<ComponentProps<'textarea'>, 'name' | 'form'>) {
  return (
    <Field
      label={label}
      description={description}
      error={errorOf(form, name)}
      required={required}
      className={className}
    >
      <Textarea {...textarea} {...form.register(name)} />
    </Field>
  );
}

/** A choice among fixed options; the value is the option's `value`. */
export function SelectField<F extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  className,
  options,
  placeholder,
  disabled,
}: Common<F> & {
  options: readonly { value: string; label: ReactNode }[];
  placeholder?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Field
          id={id}
          label={label}
          description={description}
          error={errorOf(form, name)}
          required={required}
          className={className}
        >
          {/* Field labels its direct child; the Select root is not a control, so its trigger takes the id. */}
          <Select value={field.value as string} onValueChange={field.onChange}>
            <SelectTrigger id={id} onBlur={field.onBlur} disabled={disabled}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
    />
  );
}

/** A yes/no box with its label beside it (terms, opt-ins). */
export function CheckboxField<F extends FieldValues>({
  form,
  name,
  label,
  className,
}: Omit<Common<F>, 'description' | 'required'>) {
  const id = useId();
  const error = errorOf(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className={className}>
          <div className="flex items-start gap-2">
            <Checkbox
              id={id}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <label htmlFor={id} className="text-sm leading-snug">
              {label}
            </label>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
