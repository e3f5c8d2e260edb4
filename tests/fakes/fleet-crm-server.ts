// A local stand-in for an external fleet CRM (docs/fleet-crm.md), for our token-validation client
// (src/server/integrations/fleet-crm/validate-token.ts) and the sign-in hand-off:
// - `GET /login?token&email&externalAuth=true`: where our customer sign-in sends the browser
//   (FLEET_CRM_URL). It checks our token with our `/api/fleet-crm/validate-token`, as a CRM would,
//   issues a token of its own for the email and offers links back into the portal with `auth`,
//   `email` (and `tab`).
// - `POST /api/auth/validate-token` `{token, email}` → `{success, user, message}`: FLEET_CRM_VALIDATE_URL.
// - Control, for tests: `POST /control/tokens {email}` → `{token}`; `POST /control/next {mode, delayMs}`
//   makes the next validation misbehave; `GET /control/validations` lists what was asked.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the next validation answers, instead of the truth. */
export type FleetCrmMisbehaviour =
  /** 401 `{success: false}`. */
  | 'refuse'
  /** 200 `{success: false}`: some CRMs say no with a 200. */
  | 'refuse-200'
  /** The true answer, after `delayMs`. */
  | 'slow'
  /** 200 with an HTML page (a login page, a proxy's error page). */
  | 'html'
  /** 200 `application/json` that does not parse. */
  | 'malformed'
  /** 200 JSON, not the contract (`success` missing). */
  | 'off-contract'
  /** 200 `{success: true}` for another person's email. */
  | 'wrong-email'
  /** 500 JSON. */
  | 'error'
  /** 302 to another address (a client that followed it would send the token there). */
  | 'redirect';

export type FleetCrmValidation = { token: string; email: string };

export type FakeFleetCrm = {
  /** Base URL, e.g. http://127.0.0.1:54321 */
  url: string;
  /** FLEET_CRM_URL: the page our sign-in sends the browser to. */
  loginUrl: string;
  /** FLEET_CRM_VALIDATE_URL. */
  validateUrl: string;
  /** A token this CRM will confirm for this email. */
  /** A token the CRM will confirm for `email` (a given one, e.g. a long JWT, or a random one). */
  mint(email: string, token?: string): string;
  /** The next validation answers this way (then the truth again). */
  misbehaveNext(mode: FleetCrmMisbehaviour, delayMs?: number): void;
  /** Every validation asked, in order. */
  validations: FleetCrmValidation[];
  close(): Promise<void>;
};

type Json = Record<string, unknown>;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family: sans-serif; margin: 2rem"><h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeFleetCrm(
  options: { port?: number; host?: string; portalUrl?: string } = {},
): Promise<FakeFleetCrm> {
  const tokens = new Map<string, string>();
  const validations: FleetCrmValidation[] = [];
  const queued: { mode: FleetCrmMisbehaviour; delayMs: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const mint = (email: string, token = `crm_${randomBytes(24).toString('base64url')}`) => {
    tokens.set(token, email.trim().toLowerCase());
    return token;
  };
  const truth = (asked: FleetCrmValidation): [number, Json] => {
    const owner = tokens.get(asked.token);
    if (!owner || owner !== asked.email.trim().toLowerCase()) {
      return [401, { success: false, user: null, message: 'Invalid or expired token' }];
    }
    return [
      200,
      {
        success: true,
        user: { id: `crm-user-${owner}`, email: owner, firstName: 'Fleet', lastName: 'User' },
        message: 'Token is valid',
      },
    ];
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const readBody = async (req: http.IncomingMessage): Promise<Json> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Json) : {};
    } catch {
      return {};
    }
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');

  const validate = (res: http.ServerResponse, asked: FleetCrmValidation) => {
    validations.push(asked);
    const next = queued.shift();
    const [status, body] = truth(asked);
    switch (next?.mode) {
      case undefined:
        return json(res, status, body);
      case 'refuse':
        return json(res, 401, { success: false, user: null, message: 'Token refused' });
      case 'refuse-200':
        return json(res, 200, { success: false, user: null, message: 'Token refused' });
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) json(res, status, body);
        }, next.delayMs);
        timers.add(timer);
        return;
      }
      case 'html':
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(page('Sign in to Fleet CRM', '<form><input name="email"></form>'));
      case 'malformed':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"success": tru');
      case 'off-contract':
        return json(res, 200, { ok: 'yes', user: 'someone' });
      case 'wrong-email':
        return json(res, 200, {
          success: true,
          user: { email: 'someone.else@fleet-crm.example', firstName: 'Some', lastName: 'One' },
          message: 'Token is valid',
        });
      case 'error':
        return json(res, 500, { message: 'Internal Server Error' });
      case 'redirect':
        return res.writeHead(302, { location: 'http://127.0.0.1:9/steal' }).end();
    }
  };

  /** The CRM's landing after our sign-in: it checks our token with us, then links back with its own. */
  const landing = async (res: http.ServerResponse, query: URLSearchParams) => {
    const ours = query.get('token') ?? '';
    const email = (query.get('email') ?? '').trim().toLowerCase();
    if (!options.portalUrl) return res.writeHead(500).end('portalUrl is not set');
    const check = await fetch(new URL('/api/fleet-crm/validate-token', options.portalUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: ours, email }),
    }).catch(() => null);
    if (!check?.ok) {
      return res
        .writeHead(401, { 'content-type': 'text/html; charset=utf-8' })
        .end(page('Fleet CRM', '<p>Motorpool did not confirm your sign-in.</p>'));
    }
    const back = (tab?: string) => {
      const url = new URL('/customer-dashboard', options.portalUrl);
      url.searchParams.set('auth', mint(email));
      url.searchParams.set('email', email);
      if (tab) url.searchParams.set('tab', tab);
      return escapeHtml(url.toString());
    };
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        page(
          'Fleet CRM',
          `<p>Signed in as ${escapeHtml(email)}.</p>` +
            `<p><a href="${back()}">Open your Motorpool portal</a></p>` +
            `<p><a href="${back('billing')}">Open Motorpool billing</a></p>`,
        ),
      );
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fleet-crm.local');
    const route = `${req.method} ${url.pathname}`;
    void (async () => {
      switch (route) {
        case 'GET /health':
          return json(res, 200, { status: 'ok' });
        case 'GET /login':
          return landing(res, url.searchParams);
        case 'POST /api/auth/validate-token': {
          const body = await readBody(req);
          return validate(res, { token: str(body.token), email: str(body.email) });
        }
        case 'POST /control/tokens': {
          const body = await readBody(req);
          return json(res, 200, { token: mint(str(body.email)) });
        }
        case 'POST /control/next': {
          const body = await readBody(req);
          queued.push({
            mode: str(body.mode) as FleetCrmMisbehaviour,
            delayMs: Number(body.delayMs ?? 30_000),
          });
          return json(res, 200, { queued: queued.length });
        }
        case 'GET /control/validations':
          return json(res, 200, validations);
        default:
          return json(res, 404, { message: 'Not found' });
      }
    })().catch(() => {
      if (!res.headersSent) json(res, 500, { message: 'fake fleet CRM failed' });
    });
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    loginUrl: `${url}/login`,
    validateUrl: `${url}/api/auth/validate-token`,
    mint,
    misbehaveNext: (mode, delayMs = 30_000) => {
      queued.push({ mode, delayMs });
    },
    validations,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
