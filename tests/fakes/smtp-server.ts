// A local mail server for tests: the real SMTP protocol (smtp-server, by nodemailer's authors), so our
// real nodemailer transport runs against it. Received messages are parsed (mailparser) and kept in
// memory; a test can make it refuse the next deliveries (a 4xx answer, as a busy server gives) or ask
// for a user name and password (as SendGrid's relay does, user "apikey").
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  attachments: { filename: string | undefined; contentType: string; size: number; content: Buffer }[];
  /** The user name the client signed in with, if any. */
  user: string | undefined;
  receivedAt: string;
};

export type MailCatcher = {
  port: number;
  /** `smtp://127.0.0.1:port`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** SMTP connections opened to this server so far. */
  connections(): number;
  /** SMTP connections open now. */
  openConnections(): number;
  /** The next `count` deliveries are refused with `451 Try again later`. */
  refuseNext(count: number): void;
  /**
   * The next message is held before the server answers it: `arrived` resolves once it is held, and
   * `release` lets the server accept it (a slow server, for what happens meanwhile).
   */
  holdNext(): { arrived: Promise<void>; release: () => void };
  /** Waits until a message matches (default 10 s). */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

const addresses = (v: ParsedMail['to'] | ParsedMail['from']): string[] =>
  (Array.isArray(v) ? v : v ? [v] : []).flatMap((a) => a.value.map((x) => (x.address ?? '').toLowerCase()));

export async function startMailCatcher({
  port = 0,
  auth,
}: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  let refusals = 0;
  let connections = 0;
  let open = 0;
  let hold: { arrived: () => void; released: Promise<void> } | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !auth,
    ...(auth ? { authMethods: ['PLAIN', 'LOGIN'] } : {}),
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      open += 1;
      callback();
    },
    onClose() {
      open -= 1;
    },
    onAuth(a, _session, callback) {
      if (auth && a.username === auth.user && a.password === auth.pass)
        return callback(null, { user: a.username });
      callback(new Error('535 Authentication failed'));
    },
    // A mailbox that is busy for good (451 at RCPT TO): journeys that need an email refused for now send
    // to `busy.*` addresses, without touching the other journeys' mail.
    onRcptTo(address, _session, callback) {
      if (/^busy\./i.test(address.address)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        const gate = hold;
        hold = null;
        gate?.arrived();
        (gate?.released ?? Promise.resolve())
          .then(() => simpleParser(Buffer.concat(chunks)))
          .then((mail) => {
            messages.push({
              from: addresses(mail.from)[0] ?? '',
              to: addresses(mail.to),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId,
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                size: a.size,
                content: a.content,
              })),
              user: typeof session.user === 'string' ? session.user : undefined,
              receivedAt: new Date().toISOString(),
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    connections: () => connections,
    openConnections: () => open,
    refuseNext(count) {
      refusals = count;
    },
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrived, released };
      return { arrived: arrivedPromise, release };
    },
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error('mail catcher: no matching message arrived');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The catcher's messages over HTTP, for Playwright journeys (they run in other processes):
 * `GET /messages?to=address` answers the messages sent to that address, newest last, attachments as
 * their names and sizes only.
 */
export function serveMailbox(catcher: MailCatcher, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return res.end('ok');
    if (url.pathname !== '/messages') {
      res.statusCode = 404;
      return res.end();
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = catcher.messages
      .filter((m) => !to || m.to.includes(to))
      .map((m) => ({
        ...m,
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.size,
        })),
      }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(list));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
