import { z } from 'zod';

/** Every non-2xx answer: `{message}`; validation failures also carry one message per field. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  errorType: z.string().optional(),
  success: z.literal(false).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successResponse = z.object({ success: z.boolean(), message: z.string().optional() });

/** Trimmed text with a required and a maximum length, each with its own message. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export const emailField = (message = 'Invalid email address') =>
  z.string({ error: message }).trim().toLowerCase().max(254, 'Email is too long').email(message);
