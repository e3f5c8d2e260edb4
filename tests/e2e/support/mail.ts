import { expect } from '@playwright/test';
import { journeyPorts } from '../servers';

/**
 * The journeys' mailbox: the local mail server that tests/e2e/servers.ts starts and the app delivers
 * to (SMTP_URL). Its HTTP side answers what arrived for an address.
 */
const mailboxUrl = `http://127.0.0.1:${journeyPorts().mailHttp}/messages`;

export type Mail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename?: string; contentType: string; size: number }[];
};

/** Every message the mail server received for `to`, oldest first. */
export async function mailFor(to: string): Promise<Mail[]> {
  const res = await fetch(`${mailboxUrl}?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** Waits (default 20 s) for a message to `to` whose subject matches, and answers it. */
export async function waitForMail(to: string, subject: RegExp | string, timeout = 20_000): Promise<Mail> {
  const matches = (m: Mail) =>
    typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject);
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailFor(to)).find(matches);
        return !!found;
      },
      { timeout, message: `an email to ${to} with the subject ${String(subject)}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's text that starts with `prefix` (an absolute URL). */
export function linkIn(mail: Mail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return link;
}
