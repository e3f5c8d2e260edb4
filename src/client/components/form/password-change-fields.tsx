import { useId, type ReactNode } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { PasswordRulesChecklist } from '@client/components/password-rules-checklist';
import type { AnyForm } from './form-fields';
import { PasswordBox } from './password-box';

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
      <PasswordBox
        form={form}
        box="currentPassword"
        label={currentLabel}
        description={currentDescription}
        autoFocus={autoFocus}
        disabled={disabled}
      />
      <PasswordBox form={form} box="newPassword" disabled={disabled} aria-describedby={rulesId} />
      <PasswordRulesChecklist id={rulesId} password={newPassword ?? ''} />
      <PasswordBox form={form} box="confirmPassword" disabled={disabled} />
      {afterConfirm}
    </>
  );
}
