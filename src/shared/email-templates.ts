/**
 * Every email the product sends, with its default subject and body (docs/email.md). Staff may edit the
 * subject, body and enabled switch of each (the `email_templates` table keeps their edits); the
 * placeholders a template may use are fixed here, and a save naming any other is refused.
 *
 * The first six ids (welcome, payment_success, payment_failed, trial_expiring, onboarding_1,
 * account_suspended) and four types; the rest are the messages that carry what the product used to show
 * on screen (passwords and links), the security emails and support replies.
 */

export const EMAIL_TEMPLATE_TYPES = ['onboarding', 'billing', 'lifecycle', 'security', 'support'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/**
 * Who may turn a message off: `account` messages follow the customer's "Email notifications" switch
 * (portal Settings); `always` messages go whatever the switches say (security, links the customer asked
 * for, messages to staff).
 */
/**
 * Who may stop an email: `account` follows the customer's "Account emails" switch (and the product-wide
 * one); `security` (new sign-in alerts) follows the customer's "Security alerts" switch; `always` goes
 * whatever the switches say (passwords, resets, invitations, links someone asked for, support replies).
 * Staff cannot turn off `security` or `always` templates.
 */
export type EmailAudience = 'account' | 'security' | 'always';

/** Every placeholder any template may use, and what it becomes. */
export const EMAIL_PLACEHOLDERS = {
  appName: 'The product name',
  appUrl: 'The product address',
  firstName: "The recipient's first name",
  lastName: "The recipient's last name",
  email: "The recipient's email address",
  companyName: "The customer's company name",
  planName: 'The plan name',
  daysLeft: 'Days left in the trial',
  trialEndDate: 'The day the trial ends',
  amount: 'An amount of money, with its currency',
  invoiceNumber: 'The invoice number',
  paymentDate: 'The day of the payment',
  failureReason: 'Why the payment failed',
  portalUrl: 'The customer portal, billing tab',
  signInUrl: 'The sign-in page',
  temporaryPassword: 'A generated password (sent once, erased after delivery)',
  resetUrl: 'The single-use password reset link',
  paymentUrl: 'The checkout link for a payment',
  expiresAt: 'When the link expires',
  signInTime: 'When the sign-in happened',
  ipAddress: 'The address the sign-in came from',
  device: 'The browser that signed in',
  ticketNumber: 'The support ticket number',
  ticketSubject: 'The support ticket subject',
  replyText: "The staff member's reply",
  ticketUrl: 'The ticket in the portal',
} as const;
export type EmailPlaceholder = keyof typeof EMAIL_PLACEHOLDERS;

type TemplateDefinition = {
  name: string;
  type: EmailTemplateType;
  audience: EmailAudience;
  /** The body holds a secret: encrypted in the outbox, erased once sent. */
  sensitive?: boolean;
  placeholders: readonly EmailPlaceholder[];
  subject: string;
  /** Plain text; a blank line starts a paragraph, and a line that is only a URL becomes a button. */
  body: string;
};

const person = ['appName', 'appUrl', 'firstName', 'lastName', 'email'] as const;
const customer = [...person, 'companyName', 'planName'] as const;

/**
 * A template's type and audience, as they go together: a message carrying a secret (a password, a link
 * to pay) is always sensitive and goes whatever the switches say.
 */
const onboardingNote = { type: 'onboarding', audience: 'account' } as const;
const lifecycleNote = { type: 'lifecycle', audience: 'account' } as const;
const billingNote = { type: 'billing', audience: 'account' } as const;
const paymentLink = { type: 'billing', audience: 'always', sensitive: true } as const;
const credentials = { type: 'security', audience: 'always', sensitive: true } as const;
const securityNotice = { type: 'security', audience: 'always' } as const;
const signInAlert = { type: 'security', audience: 'security' } as const;
const supportReply = { type: 'support', audience: 'always' } as const;

/** Every email greets its reader by first name and ends with the team's signature; `body` is what is between. */
function letter(body: string, signOff = 'The {appName} team'): string {
  return `Hi {firstName},\n\n${body}\n\n${signOff}`;
}

/** The three asks to pay (request, subscription, new link): what to pay, the link, how long it works. */
function payByLink(ask: string): string {
  return letter(`${ask}\n\n{paymentUrl}\n\nThis link works until {expiresAt}.`);
}

export const EMAIL_TEMPLATES = {
  welcome: {
    name: 'Welcome Email',
    ...onboardingNote,
    placeholders: [...customer, 'daysLeft', 'trialEndDate', 'signInUrl'],
    subject: 'Welcome to {appName}, {firstName}!',
    body: letter(`Welcome to {appName}. Your {planName} trial is ready: you have {daysLeft} days, until {trialEndDate}, to try everything with your fleet.

Sign in to add your first vehicles and drivers:
{signInUrl}

If you have a question, open a ticket from the portal and we will answer.`),
  },
  onboarding_1: {
    name: 'Setup Guide',
    ...onboardingNote,
    placeholders: [...customer, 'signInUrl'],
    subject: 'Set up {companyName} on {appName} in three steps',
    body: letter(`Three steps get most fleets running on {appName} in under an hour:

1. Add your vehicles (or import them from a CSV file).
2. Add your drivers and assign them to vehicles.
3. Schedule the next maintenance of each vehicle, so nothing is overdue.

{signInUrl}`),
  },
  onboarding_2: {
    name: 'Feature Tips',
    ...onboardingNote,
    placeholders: [...customer, 'signInUrl'],
    subject: '{firstName}, three things {appName} does for your fleet',
    body: letter(`A few things customers on {planName} use every week:

- Overdue maintenance shows first, so a missed service never hides.
- Your team members sign in to the same account with their own passwords.
- Every list exports to CSV, filtered as you see it.

{signInUrl}`),
  },
  trial_expiring: {
    name: 'Trial Expiring',
    ...lifecycleNote,
    placeholders: [...customer, 'daysLeft', 'trialEndDate', 'portalUrl'],
    subject: 'Your {appName} trial ends on {trialEndDate}',
    body: letter(`Your {planName} trial ends on {trialEndDate} (days left: {daysLeft}). Add a payment method to keep your fleet's records and your team's access without a break:

{portalUrl}`),
  },
  payment_success: {
    name: 'Payment Successful',
    ...billingNote,
    placeholders: [...customer, 'amount', 'invoiceNumber', 'paymentDate', 'portalUrl'],
    subject: 'Payment received: {amount} for {planName}',
    body: letter(
      `We received your payment of {amount} on {paymentDate} for the {planName} plan. Invoice {invoiceNumber} is attached to this email as a PDF.

Your invoices are also in the portal:
{portalUrl}`,
      'Thank you,\nThe {appName} team',
    ),
  },
  payment_failed: {
    name: 'Payment Failed',
    ...billingNote,
    placeholders: [...customer, 'amount', 'failureReason', 'portalUrl'],
    subject: 'Action needed: your {appName} payment of {amount} failed',
    body: letter(`We could not collect {amount} for your {planName} plan: {failureReason}.

Please check your payment method in the portal. We will try again automatically.
{portalUrl}`),
  },
  account_suspended: {
    name: 'Account Suspended',
    ...lifecycleNote,
    placeholders: [...customer],
    subject: 'Your {appName} account has been suspended',
    body: letter(`The {appName} account of {companyName} has been suspended, and signing in is paused. Your records are kept.

Reply to this email or contact our support team to restore access.`),
  },
  account_invitation: {
    name: 'Account Created',
    ...credentials,
    placeholders: [...customer, 'temporaryPassword', 'signInUrl'],
    subject: 'Your {appName} account is ready',
    body: letter(`An account for {companyName} has been created for you on {appName}.

Sign in with your email address and this temporary password, then choose your own:
{temporaryPassword}

{signInUrl}`),
  },
  team_invitation: {
    name: 'Team Invitation',
    ...credentials,
    placeholders: [...person, 'temporaryPassword', 'signInUrl'],
    subject: 'You have been invited to {appName}',
    body: letter(`An account has been made for you on {appName}. Sign in with your email address and this password, then choose your own:
{temporaryPassword}

{signInUrl}`),
  },
  payment_request: {
    name: 'Payment Request',
    ...paymentLink,
    placeholders: [...customer, 'amount', 'paymentUrl', 'expiresAt'],
    subject: 'Payment request from {appName}: {amount}',
    body: payByLink('{appName} asks for a payment of {amount} for {companyName}. Pay securely by card:'),
  },
  subscription_request: {
    name: 'Subscription Request',
    ...paymentLink,
    placeholders: [...customer, 'amount', 'paymentUrl', 'expiresAt'],
    subject: 'Start your {planName} subscription on {appName}',
    body: payByLink(
      'Your {planName} subscription for {companyName} is ready to start at {amount} a month. Complete it by card:',
    ),
  },
  payment_link: {
    name: 'New Payment Link',
    ...paymentLink,
    placeholders: [...customer, 'amount', 'paymentUrl', 'expiresAt'],
    subject: 'A new link to pay {amount}',
    body: payByLink(
      'Your payment of {amount} for {planName} did not go through. Here is a new link to pay by card:',
    ),
  },
  password_reset: {
    name: 'Password Reset',
    ...credentials,
    placeholders: [...person, 'resetUrl', 'expiresAt'],
    subject: 'Reset your {appName} password',
    body: letter(`Someone asked to reset the password of your {appName} account. If it was you, choose a new password here:

{resetUrl}

The link works once, until {expiresAt}. If you did not ask, ignore this email: your password stays as it is.`),
  },
  password_changed: {
    name: 'Password Changed',
    ...securityNotice,
    placeholders: [...person, 'signInUrl'],
    subject: 'Your {appName} password was changed',
    body: letter(`The password of your {appName} account was just changed, and every other session was signed out.

If you did not do this, reset your password at once from the sign-in page and tell our support team:
{signInUrl}`),
  },
  new_sign_in: {
    name: 'New Sign-in',
    ...signInAlert,
    placeholders: [...person, 'signInTime', 'ipAddress', 'device'],
    subject: 'New sign-in to your {appName} account',
    body: letter(`Your {appName} account was signed in to from a browser we had not seen before:

When: {signInTime}
From: {ipAddress}
Browser: {device}

If this was you, there is nothing to do. If not, change your password now.`),
  },
  support_reply: {
    name: 'Support Reply',
    ...supportReply,
    placeholders: [...customer, 'ticketNumber', 'ticketSubject', 'replyText', 'ticketUrl'],
    subject: 'Re: [#{ticketNumber}] {ticketSubject}',
    body: letter(`Our support team replied to your ticket #{ticketNumber}, "{ticketSubject}":

{replyText}

Read the whole conversation and reply in the portal:
{ticketUrl}`),
  },
  visitor_reply: {
    name: 'Reply to a Visitor',
    ...supportReply,
    placeholders: ['appName', 'appUrl', 'firstName', 'ticketNumber', 'ticketSubject', 'replyText'],
    subject: 'Re: [#{ticketNumber}] Your message to {appName}',
    body: letter(`Thank you for writing to us from our website. Our support team replied:

{replyText}

To continue the conversation, write to us again from the contact form on our website.`),
  },
} as const satisfies Record<string, TemplateDefinition>;

export type EmailTemplateId = keyof typeof EMAIL_TEMPLATES;
export const EMAIL_TEMPLATE_IDS = Object.keys(EMAIL_TEMPLATES) as EmailTemplateId[];
/** The values a template needs, each of its placeholders by name. */
export type EmailData<T extends EmailTemplateId> = Record<
  (typeof EMAIL_TEMPLATES)[T]['placeholders'][number],
  string
>;

export function isEmailTemplateId(id: string): id is EmailTemplateId {
  return Object.hasOwn(EMAIL_TEMPLATES, id);
}

/** The `{name}` placeholders a text uses, in order, each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([A-Za-z0-9_]*)\}/g)].map((m) => m[1]!))];
}
