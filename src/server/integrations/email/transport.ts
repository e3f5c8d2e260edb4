/** smtp: SMTP_URL; sendgrid: SendGrid's SMTP relay with the API key of API settings. */
export type MailTransportKind = 'smtp' | 'sendgrid';

export type OutgoingMail = {
  /** `<id@host>`: the same for every attempt of one outbox row, so a receiver can spot a repeat. */
  messageId: string;
  from: string;
  to: { email: string; name: string | null };
  subject: string;
  text: string | null;
  html: string | null;
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

export type MailTransport = {
  kind: MailTransportKind;
  /** Resolves once the server accepted the message; rejects with a `MailError`. */
  send(mail: OutgoingMail): Promise<{ providerMessageId: string | null }>;
  /** Ends the connection the sends shared; the transport is not used again. */
  close(): void;
};

/**
 * A refused or failed delivery. `permanent`: the server answered 5xx for this message (a bad address,
 * a rejected message), so trying again cannot help; anything else (4xx, a connection problem, a
 * refused sign-in, which is the configuration's) is tried again later.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The SMTP server's own words (`451 Try again later`), on one line and short; never our credentials. */
function mailError(error: unknown): MailError {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const text = (e.response ?? e.message ?? 'delivery failed').replace(/\s+/g, ' ').trim().slice(0, 500);
  const permanent = e.code !== 'EAUTH' && typeof e.responseCode === 'number' && e.responseCode >= 500;
  return new MailError(text, permanent);
}

/**
 * nodemailer over SMTP to `url` (`smtp://` or `smtps://`, credentials in the URL or in `auth`). A relay
 * that is not on this machine must offer TLS (STARTTLS on 587), so a key never crosses in the clear.
 *
 * The sends of one transport share one connection (nodemailer's pool of one), until `close`. A new
 * connection per message cost about 110 ms of greetings and sign-in each, even to a server on this
 * machine, so a delivery run sent about 9 messages a second and a password reset could wait minutes
 * behind a backlog; one connection sends a message in about 10 ms (docs/email.md "Delivery").
 */
export async function smtpTransport(
  kind: MailTransportKind,
  url: string,
  auth?: { user: string; pass: string },
): Promise<MailTransport> {
  // nodemailer loads with the first delivery run, not at start (docs/performance.md, cold start).
  const { default: nodemailer } = await import('nodemailer');
  const parsed = new URL(url);
  const local = LOCAL_HOSTS.has(parsed.hostname);
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    ...(auth ? { auth } : {}),
    requireTLS: !local && parsed.protocol === 'smtp:',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind,
    async send(mail) {
      try {
        const info = await transporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to.name ? { name: mail.to.name, address: mail.to.email } : mail.to.email,
          subject: mail.subject,
          ...(mail.text !== null ? { text: mail.text } : {}),
          ...(mail.html !== null ? { html: mail.html } : {}),
          attachments: mail.attachments,
        });
        return { providerMessageId: typeof info.messageId === 'string' ? info.messageId : null };
      } catch (error) {
        throw mailError(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * The transport of this run (docs/email.md): SMTP_URL when set; else SendGrid's relay when its API key
 * is saved; else none, and messages wait in the outbox.
 */
export async function chooseTransport({
  smtpUrl,
  sendgridSmtpUrl,
  sendgridKey,
}: {
  smtpUrl: string | undefined;
  sendgridSmtpUrl: string;
  sendgridKey: () => Promise<string | null>;
}): Promise<MailTransport | null> {
  if (smtpUrl) return smtpTransport('smtp', smtpUrl);
  const key = await sendgridKey();
  if (key) return smtpTransport('sendgrid', sendgridSmtpUrl, { user: 'apikey', pass: key });
  return null;
}
