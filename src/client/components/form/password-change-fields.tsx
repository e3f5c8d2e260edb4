import { useId, type ReactNode } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { PasswordRulesChecklist } from '@client/components/password-rules-checklist';
import { PasswordField, type AnyForm } from './form-fields';

export type PasswordChangeValues = { currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * Current, new and confirm password, each with show/hide, and the rules checklist under the new one
 * (docs/product-rules.md): the portal's Change Password, the staff profile's Security tab and the staff
 * set-your-password screen. `afterConfirm` goes under the confirm box (the portal's "match" line).
 */
export function PasswordChangeFields<F extends PasswordChangeValues>({
  form,
  disabled,
  currentLabel = 'Current password',
  currentDescription,
  autoFocus,
  afterConfirm,
}: {
  form: AnyForm<F>;
  disabled?: boolean;
  currentLabel?: string;
  currentDescription?: string;
  autoFocus?: boolean;
  afterConfirm?: ReactNode;
}) {
  const rulesId = useId();
  const name = (field: keyof PasswordChangeValues) => field as Path<F>;
  const newPassword = useWatch({ control: form.control, name: name('newPassword') }) as string;
  return (
    <>
      <PasswordField
        form={form}
        name={name('currentPassword')}
        label={currentLabel}
        description={currentDescription}
        fieldName="current password"
        autoComplete="current-password"
        autoFocus={autoFocus}
        disabled={disabled}
      />
      <PasswordField
        form={form}
        name={name('newPassword')}
        label="New password"
        fieldName="new password"
        autoComplete="new-password"
        disabled={disabled}
        aria-describedby={rulesId}
      />
      <PasswordRulesChecklist id={rulesId} password={newPassword ?? ''} />
      <PasswordField
        form={form}
        name={name('confirmPassword')}
        label="Confirm new password"
        fieldName="confirm password"
        autoComplete="new-password"
        disabled={disabled}
      />
      {afterConfirm}
    </>
  );
}
