import { z } from 'zod';
import { emailField, requiredText } from './common';
import { strongPassword } from './auth';

export const US_PHONE_MESSAGE = 'Please enter a valid US phone number (+1 followed by 10 digits)';

/** The phone input keeps digits only, prefixes the country code 1, stops at 11 digits and shows a leading +. */
export function formatUsPhoneInput(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 0) return '';
  if (!digits.startsWith('1')) digits = `1${digits}`;
  return `+${digits.slice(0, 11)}`;
}

const registrationFields = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailField('Invalid email address'),
  phone: z
    .string({ error: US_PHONE_MESSAGE })
    .trim()
    .regex(/^\+1\d{10}$/, US_PHONE_MESSAGE),
  companyName: requiredText('Company name is required', 200),
  address: z.string().trim().max(500, 'Address must be at most 500 characters').optional(),
  planId: requiredText('Please select a plan', 60, 'Please select a plan'),
  password: strongPassword,
  confirmPassword: z.string({ error: "Passwords don't match" }),
});

const passwordsMatch = { message: "Passwords don't match", path: ['confirmPassword'] };

/** What `POST /api/customers` accepts (the terms flag is checked on screen and not sent). */
export const registrationRequest = registrationFields.refine(
  (d) => d.password === d.confirmPassword,
  passwordsMatch,
);
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/** The sign-up dialog's form: the same rules plus the terms checkbox. */
export const signUpForm = registrationFields
  .extend({ terms: z.boolean().refine((v) => v, 'You must accept the terms') })
  .refine((d) => d.password === d.confirmPassword, passwordsMatch);
export type SignUpForm = z.infer<typeof signUpForm>;

export const registrationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  customer: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string(),
    planId: z.string(),
    status: z.string(),
    subscriptionStatus: z.string(),
    trialEndsAt: z.string().nullable(),
  }),
});
