import { z } from 'zod';

/**
 * The external fleet CRM's token check (docs/fleet-crm.md): POST `{token, email}` to its validation endpoint,
 * answered `{success, user, message}`. Every way the call can go wrong ends in a `FleetCrmRefusal`,
 * never an exception, so the sign-in that asks can always answer the browser with a clear reason.
 */

/** Why the fleet CRM did not confirm a token. */
export type FleetCrmRefusal =
  /** The CRM said no: `success: false`, or a 401 / 403. */
  | 'refused'
  /** The CRM confirmed a token, but of someone else than the email asked about. */
  | 'email-mismatch'
  /** No whole answer within the timeout. */
  | 'timeout'
  /** No connection: refused, reset, unknown host. */
  | 'unreachable'
  /** Any other status: 404 (a wrong URL), 5xx, a redirect (not followed: the token would go with it). */
  | 'bad-status'
  /** An HTML page or other text instead of JSON: usually a login page or a proxy's error page. */
  | 'not-json'
  /** JSON that does not parse, is too large, or is not the contract. */
  | 'malformed';

export type FleetCrmVerdict =
  { ok: true; email: string } | { ok: false; reason: FleetCrmRefusal; status: number | null };

/** What we read of the CRM's answer; other members are the CRM's business. */
const validationAnswer = z.object({
  success: z.boolean(),
  user: z.object({ email: z.string().trim().toLowerCase().max(254) }).nullish(),
  message: z.string().nullish(),
});

/** The answer is a few hundred bytes; more than this is not a validation answer, and is not buffered. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Only what a log may say: the reason, the status and where the CRM is, never the token or the email. */
export type FleetCrmLog = { warn(details: Record<string, unknown>, message: string): void };

export async function validateFleetCrmToken(
  endpoint: { url: string; timeoutMs: number },
  asked: { token: string; email: string },
  log: FleetCrmLog,
): Promise<FleetCrmVerdict> {
  const email = asked.email.trim().toLowerCase();
  const verdict = await ask(endpoint, { token: asked.token, email });
  if (!verdict.ok) {
    log.warn(
      { fleetCrm: new URL(endpoint.url).origin, reason: verdict.reason, status: verdict.status },
      'The fleet CRM did not confirm an automatic login',
    );
  }
  return verdict;
}

async function ask(
  endpoint: { url: string; timeoutMs: number },
  body: { token: string; email: string },
): Promise<FleetCrmVerdict> {
  const signal = AbortSignal.timeout(endpoint.timeoutMs);
  let res: Response;
  try {
    res = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal,
    });
  } catch {
    // The error itself is not kept or logged: undici's errors can quote the request, token and all.
    return refused(signal.aborted ? 'timeout' : 'unreachable', null);
  }
  const status = res.status;
  // The timeout's signal covers the body too: a CRM that sends its headers and then stalls times out.
  let text: string | null;
  try {
    text = await readCapped(res, MAX_ANSWER_BYTES);
  } catch {
    return refused(signal.aborted ? 'timeout' : 'unreachable', status);
  }
  if (status === 401 || status === 403) return refused('refused', status);
  if (status < 200 || status > 299) return refused('bad-status', status);
  if (text === null) return refused('malformed', status);
  const type = res.headers.get('content-type') ?? '';
  if (/html/i.test(type) || text.trimStart().startsWith('<')) return refused('not-json', status);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused('malformed', status);
  }
  const answer = validationAnswer.safeParse(json);
  if (!answer.success) return refused('malformed', status);
  if (!answer.data.success) return refused('refused', status);
  if (!answer.data.user) return refused('malformed', status);
  if (answer.data.user.email !== body.email) return refused('email-mismatch', status);
  return { ok: true, email: body.email };
}

function refused(reason: FleetCrmRefusal, status: number | null): FleetCrmVerdict {
  return { ok: false, reason, status };
}

/** The body as text, or null when it is longer than `max` bytes (the rest is not read). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
