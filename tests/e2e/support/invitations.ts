import { waitForMail, type Mail } from './mail';

/**
 * Passwords the product used to show on screen now arrive by email (issue 14): these read them from the
 * journeys' mailbox. The delivery job sends within a second or two (EMAIL_DELIVERY_SECONDS=1).
 */

/** The line that follows "...password, then choose your own:" in an invitation. */
export function passwordInMail(mail: Mail): string {
  const lines = mail.text.split('\n');
  const at = lines.findIndex((line) => /password, then choose your own:\s*$/.test(line));
  const password = at < 0 ? undefined : lines[at + 1]?.trim();
  if (!password) throw new Error(`no password in "${mail.subject}"`);
  return password;
}

/** A staff or fleet team member's invitation (team_invitation), and the password it carries. */
export async function teamInvitationPassword(to: string): Promise<string> {
  return passwordInMail(await waitForMail(to, 'You have been invited to'));
}

/** A customer account staff created (account_invitation), and its temporary password. */
export async function accountInvitationPassword(to: string): Promise<string> {
  return passwordInMail(await waitForMail(to, /account is ready/));
}

/** The checkout link a payment or subscription request, or a retry, emailed to the customer. */
export async function emailedCheckoutLink(to: string, subject: RegExp | string): Promise<string> {
  const mail = await waitForMail(to, subject);
  const link = mail.text.split(/\s+/).find((word) => /^https?:\/\/\S+\/checkout\?/.test(word));
  if (!link) throw new Error(`no checkout link in "${mail.subject}"`);
  return link;
}
