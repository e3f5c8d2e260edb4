import { z } from 'zod';
import { emailField, requiredText } from './common';
import { MESSAGE_MAX } from './support';

/*
 * The landing page's contact section (docs/support.md, "Visitors"): the details staff publish
 * in System Settings > General, and a visitor's message, which becomes a support ticket.
 */

/** `GET /api/contact`: only the public contact fields of the general settings; null when not set. */
export const publicContact = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  hours: z.string(),
});
export type PublicContact = z.infer<typeof publicContact>;

/** `POST /api/contact/messages`: a visitor without an account writes to support. */
export const visitorMessageInput = z.object({
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters'),
  email: emailField('Please enter a valid email address'),
  message: requiredText(
    'Message is required',
    MESSAGE_MAX,
    `Message must be at most ${MESSAGE_MAX} characters`,
  ),
});
export type VisitorMessageInput = z.infer<typeof visitorMessageInput>;

export const visitorMessageSent = z.object({
  success: z.literal(true),
  message: z.string(),
  ticketNumber: z.number(),
});

/** What the visitor is told once the message is stored as a ticket. */
export const VISITOR_MESSAGE_SENT =
  'Thank you: your message reached our support team. We reply by email, usually within 24 hours.';
