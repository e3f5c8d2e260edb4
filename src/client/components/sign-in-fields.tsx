import { PasswordField, TextField } from '@client/components/form/form-fields';

type Credentials = { email: string; password: string };

/** The toast of a sign-in sent with a box left empty (customer and staff alike). */
export const MISSING_FIELDS_TOAST = {
  title: 'Missing fields',
  description: 'Please enter both email and password',
} as const;

/** Either box empty (the email only spaces counts as empty): the sign-in shows `MISSING_FIELDS_TOAST`. */
export const missingCredentials = ({ email, password }: Credentials): boolean => !email.trim() || !password;
type CredentialsForm = Parameters<typeof TextField<Credentials>>[0]['form'];

/** The email and password of a sign-in page (customer and staff), bound to its `useSchemaForm`. */
export function SignInFields({
  form,
  emailAutoComplete,
  autoFocus,
  disabled,
}: {
  form: CredentialsForm;
  /** `username` where the password manager should file it as a login, `email` otherwise. */
  emailAutoComplete: 'email' | 'username';
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <TextField
        form={form}
        name="email"
        label="Email"
        type="email"
        autoComplete={emailAutoComplete}
        placeholder="you@company.com"
        autoFocus={autoFocus}
        disabled={disabled}
      />
      <PasswordField
        form={form}
        name="password"
        label="Password"
        autoComplete="current-password"
        disabled={disabled}
      />
    </>
  );
}
