// The systems outside Motorpool that the bench's app talks to, as a production server would: a HubSpot
// for the CRM auto-sync and a mail server for the email delivery job. They are the local fakes the
// journeys use (tests/fakes/), in one process that bench/run.mjs starts with tsx and stops at the end.
// Prints one JSON line with their addresses, then serves until it is stopped.
import type { AddressInfo } from 'node:net';
import { startHubspotServer } from '../tests/fakes/hubspot-server';
import { serveMailbox, startMailCatcher } from '../tests/fakes/smtp-server';

const token = process.env.BENCH_HUBSPOT_TOKEN;
if (!token) throw new Error('BENCH_HUBSPOT_TOKEN is required');

const hubspot = await startHubspotServer({ token });
const mail = await startMailCatcher();
// The catcher keeps what it received; the bench reads how many from here at the end.
const mailbox = await serveMailbox(mail, 0);
const mailboxPort = (mailbox.address() as AddressInfo).port;
console.log(
  JSON.stringify({
    hubspotUrl: hubspot.url,
    smtpUrl: mail.url,
    mailboxUrl: `http://127.0.0.1:${mailboxPort}/messages`,
  }),
);
