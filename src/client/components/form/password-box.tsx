import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { PasswordInput } from '@client/components/ui/password-input';
import { PasswordField, type AnyForm } from './form-fields';

/** The boxes of a password change: each one's label, its name in messages and what a browser may fill. */
const BOXES = {
  currentPassword: {
    label: 'Current password',
    fieldName: 'current password',
    autoComplete: 'current-password',
  },
  newPassword: { label: 'New password', fieldName: 'new password', autoComplete: 'new-password' },
  confirmPassword: {
    label: 'Confirm new password',
    fieldName: 'confirm password',
    autoComplete: 'new-password',
  },
} as const;

/**
 * One box of a password change, bound to the form field of the same name (`currentPassword`,
 * `newPassword`, `confirmPassword`); `label` where the screen names it otherwise.
 */
export function PasswordBox<F extends FieldValues>({
  form,
  box,
  label,
  description,
  ...input
}: {
  form: AnyForm<F>;
  box: keyof typeof BOXES;
  label?: ReactNode;
  description?: ReactNode;
} & Omit<ComponentProps<typeof PasswordInput>, 'name' | 'form' | 'fieldName' | 'autoComplete'>) {
  const { label: boxLabel, ...named } = BOXES[box];
  return (
    <PasswordField
      form={form}
      name={box as Path<F>}
      label={label ?? boxLabel}
      description={description}
      {...named}
      {...input}
    />
  );
}
