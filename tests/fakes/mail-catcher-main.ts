// The local mail server of the Playwright journeys (tests/e2e/servers.ts starts it with tsx):
// SMTP on MAIL_SMTP_PORT, the received messages over HTTP on MAIL_HTTP_PORT (`GET /messages?to=`).
import { serveMailbox, startMailCatcher } from './smtp-server';

const smtpPort = Number(process.env.MAIL_SMTP_PORT);
const httpPort = Number(process.env.MAIL_HTTP_PORT);
const catcher = await startMailCatcher({ port: smtpPort });
await serveMailbox(catcher, httpPort);
console.log(`mail catcher: SMTP ${catcher.url}, mailbox http://127.0.0.1:${httpPort}/messages`);
