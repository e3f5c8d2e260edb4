import { useId, type ComponentProps, type ReactNode } from 'react';
import { Controller, get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@client/components/ui/checkbox';
import { Field, type FieldProps } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { Textarea } from '@client/components/ui/textarea';
import { OptionSelect, type SelectOption } from './option-select';

/*
 * Fields bound to a `useSchemaForm` form by name: label, control, hint and the field's error (from the
 * schema or from the server) in one line each, wired for screen readers by `Field`.
 */

// Any form over these values, whatever its parsed output type.
export type AnyForm<F extends FieldValues> = Pick<
  UseFormReturn<F, unknown, unknown>,
  'register' | 'control'
> & {
  formState: { errors: object };
};

export type Common<F extends FieldValues> = {
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

/** A field's props apart from its control's: what `BoundField` takes, and the rest for the control. */
function splitField<F extends FieldValues, C>(props: Common<F> & C) {
  const { form, name, label, description, required, className, ...control } = props;
  return [{ form, name, label, description, required, className }, control] as const;
}

/** The frame of every field: its label, hint and error (from the schema or the server) around the control. */
function BoundField<F extends FieldValues>({
  form,
  name,
  id,
  children,
  ...frame
}: Common<F> & { id?: string; children: FieldProps['children'] }) {
  return (
    <Field id={id} error={errorOf(form, name)} {...frame}>
      {children}
    </Field>
  );
}

export function TextField<F extends FieldValues>({
  format,
  action,
  ...props
}: Common<F> &
  Omit<ComponentProps<'input'>, 'name' | 'form'> & {
    /** Rewrites the text as it is typed (a phone number's country code and digits only). */
    format?: (text: string) => string;
    /** A button beside the box that fills it (Generate), outside the label, hint and error. */
    action?: ReactNode;
  }) {
  const [field, input] = splitField(props);
  const registered = field.form.register(field.name);
  const onChange: typeof registered.onChange = format
    ? (event: { target: { value: string } }) => {
        event.target.value = format(event.target.value);
        return registered.onChange(event);
      }
    : registered.onChange;
  return (
    <BoundField {...field}>
      {action ? (
        <InputWithAction {...input} {...registered} onChange={onChange} action={action} />
      ) : (
        <Input {...input} {...registered} onChange={onChange} />
      )}
    </BoundField>
  );
}

/** The box and its button in one row; every input prop (the id and aria `Field` adds) goes to the box. */
function InputWithAction({ action, ...input }: ComponentProps<'input'> & { action: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <Input {...input} />
      {action}
    </div>
  );
}

export function PasswordField<F extends FieldValues>(
  props: Common<F> & Omit<ComponentProps<typeof PasswordInput>, 'name' | 'form'>,
) {
  const [field, input] = splitField(props);
  return (
    <BoundField {...field}>
      <PasswordInput {...input} {...field.form.register(field.name)} />
    </BoundField>
  );
}

export function TextareaField<F extends FieldValues>(
  props: Common<F> & Omit<ComponentProps<'textarea'>, 'name' | 'form'>,
) {
  const [field, textarea] = splitField(props);
  return (
    <BoundField {...field}>
      <Textarea {...textarea} {...field.form.register(field.name)} />
    </BoundField>
  );
}

/** A choice among fixed options; the value is the option's `value`. */
export function SelectField<F extends FieldValues>({
  options,
  placeholder,
  disabled,
  ...field
}: Common<F> & {
  options: readonly SelectOption<string>[];
  placeholder?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={field.form.control}
      name={field.name}
      render={({ field: bound }) => (
        <BoundField id={id} {...field}>
          <OptionSelect
            value={bound.value as string}
            onChange={bound.onChange}
            options={options}
            placeholder={placeholder}
            trigger={{ id, onBlur: bound.onBlur, disabled }}
          />
        </BoundField>
      )}
    />
  );
}

/** A yes/no box with its label beside it (terms, opt-ins); `disabled` for one the viewer may not change. */
export function CheckboxField<F extends FieldValues>({
  form,
  name,
  label,
  description,
  className,
  disabled,
}: Omit<Common<F>, 'required'> & { disabled?: boolean }) {
  const id = useId();
  const error = errorOf(form, name);
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
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
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            <div className="grid gap-0.5">
              <label htmlFor={id} className="text-sm leading-snug peer-disabled:opacity-70">
                {label}
              </label>
              {description ? (
                <p id={`${id}-description`} className="text-xs text-muted-foreground">
                  {description}
                </p>
              ) : null}
            </div>
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
