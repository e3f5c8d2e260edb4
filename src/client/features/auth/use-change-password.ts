import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { PASSWORD_RULES } from '@shared/contracts/auth';
import { changePasswordRequest } from '@shared/contracts/portal';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { changeCustomerPassword, readStoredCustomer } from '@client/lib/customer-password';

/** Long enough to read the success message before the dashboard opens. */
const REDIRECT_DELAY_MS = 1500;

/*
 * A temporary password is replaced here: only the length is checked before sending (the server names
 * any other rule the new password breaks, under its field).
 */
const schema = z
  .object({
    currentPassword: changePasswordRequest.shape.currentPassword,
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_RULES[0].message),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((d) => !d.confirmPassword || d.newPassword === d.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** The change-password form, its outcome, and the way on to the portal once it succeeded. */
export function useChangePassword() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [status, setStatus] = useState<'idle' | 'success' | 'error'>('idle');
  // Success shows its message, then the portal opens.
  useEffect(() => {
    if (status !== 'success') return;
    const timer = window.setTimeout(() => navigate('/customer-dashboard'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const onSubmit = form.submit(
    async ({ currentPassword, newPassword }) => {
      if (status === 'success') return;
      const email = readStoredCustomer()?.email;
      if (!email) {
        setStatus('error');
        return;
      }
      setStatus('idle');
      await changeCustomerPassword({ email, currentPassword, newPassword });
      setStatus('success');
      await queryClient.invalidateQueries();
    },
    // The server's own field texts (wrong current password, a rule the new one breaks) are under the field.
    () => setStatus('error'),
  );

  return { form, status, onSubmit };
}
