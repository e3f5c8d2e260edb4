// A local stand-in for a Salesforce org's REST API, for exactly the calls our adapter makes
// (src/server/integrations/crm/salesforce.ts) through the real `jsforce`: the sObject Collections
// upsert on an external-id field (`PATCH /services/data/vXX.X/composite/sobjects/{Type}/{Field}`,
// at most 200 records, `allOrNone`, one save result per record in order) and the OAuth 2.0
// client-credentials flow (`POST /services/oauth2/token`). Errors have Salesforce's shapes: REST errors
// `[{message, errorCode}]`, record errors `{statusCode, message, fields}`, OAuth errors
// `{error, error_description}`.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  failureSchedule,
  listen,
  sendGarbled,
  stallAfterHeaders,
  type ForcedFailure,
  type GarbledAnswer,
} from './http-fake';

export const SALESFORCE_COLLECTION_LIMIT = 200;
export const EXTERNAL_ID_FIELD = 'Motorpool_Id__c';

type Fields = Record<string, unknown>;
export type SalesforceRecord = { Id: string; type: 'Account' | 'Contact'; fields: Fields };
export type SalesforceRequest = { method: string; path: string; status: number; body: unknown };
export type SalesforceFailure = ForcedFailure;
type RecordError = { statusCode: string; message: string; fields: string[] };
type SaveResult = { id?: string; success: boolean; created?: boolean; errors: RecordError[] };

export type FakeSalesforce = {
  /** The instance URL (SALESFORCE_INSTANCE_URL), e.g. http://127.0.0.1:54321 */
  url: string;
  /** A ready session token, as an admin would paste into the API settings. */
  accessToken: string;
  /** The connected app's client-credentials pair. */
  clientId: string;
  clientSecret: string;
  /** Stores keyed by Salesforce id. */
  accounts: Map<string, SalesforceRecord>;
  contacts: Map<string, SalesforceRecord>;
  /** Every request (not the control endpoints), in arrival order, with the status answered. */
  requests: SalesforceRequest[];
  /** Tokens issued by the client-credentials flow. */
  issuedTokens: string[];
  /** Expires every token the client-credentials flow has issued so far (the fixed token stays valid). */
  expireIssuedTokens(): void;
  /** The next `count` API requests (after `after` more have passed) answer `failure.status`. */
  failNext(count: number, failure: SalesforceFailure, options?: { after?: number }): void;
  failWith(status: number | null): void;
  /** The next `count` token requests answer `failure.status` with an HTML page. */
  failTokenNext(count: number, failure: SalesforceFailure): void;
  /** The record with this external id or email fails (others succeed) with FIELD_CUSTOM_VALIDATION_EXCEPTION. */
  rejectRecord(externalIdOrEmail: string, message: string): void;
  byExternalId(type: 'Account' | 'Contact', externalId: string): SalesforceRecord | undefined;
  /**
   * The next API request (not the token endpoint) is answered 200 with a body that is not the API's,
   * or (`stall`) with its headers and a body that never ends.
   */
  misanswerNext(kind: GarbledAnswer | 'stall'): void;
  reset(): void;
  close(): Promise<void>;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PREFIX = { Account: '001', Contact: '003' } as const;
const REQUIRED = { Account: 'Name', Contact: 'LastName' } as const;

export async function startSalesforceServer(
  options: { port?: number; accessToken?: string; clientId?: string; clientSecret?: string } = {},
): Promise<FakeSalesforce> {
  const accessToken = options.accessToken ?? `00DLOCAL!${randomBytes(16).toString('hex')}`;
  const clientId = options.clientId ?? `3MVG9local${randomBytes(8).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const accounts = new Map<string, SalesforceRecord>();
  const contacts = new Map<string, SalesforceRecord>();
  const requests: SalesforceRequest[] = [];
  const issuedTokens: string[] = [];
  const expired = new Set<string>();
  const rejected = new Map<string, string>();
  const failures = failureSchedule();
  const tokenFailures = failureSchedule();
  let serial = 1;
  let misanswer: GarbledAnswer | 'stall' | null = null;
  let url = '';

  const storeOf = (type: 'Account' | 'Contact') => (type === 'Account' ? accounts : contacts);
  const byExternalId = (type: 'Account' | 'Contact', externalId: string) =>
    [...storeOf(type).values()].find((r) => r.fields[EXTERNAL_ID_FIELD] === externalId);
  const newId = (type: 'Account' | 'Contact') =>
    `${PREFIX[type]}LC${String(serial++).padStart(10, '0')}AAA`.slice(0, 18);

  /** Checks one record; answers its errors, and the fields to store (relationships resolved). */
  function validate(type: 'Account' | 'Contact', record: Fields): { errors: RecordError[]; fields: Fields } {
    const { attributes, ...rest } = record as { attributes?: { type?: string } } & Fields;
    const fields: Fields = { ...rest };
    const errors: RecordError[] = [];
    if (attributes?.type && attributes.type !== type) {
      errors.push({
        statusCode: 'INVALID_TYPE',
        message: `Record type ${attributes.type} does not match ${type}`,
        fields: [],
      });
    }
    const extId = fields[EXTERNAL_ID_FIELD];
    if (typeof extId !== 'string' || !extId) {
      errors.push({
        statusCode: 'REQUIRED_FIELD_MISSING',
        message: `Required fields are missing: [${EXTERNAL_ID_FIELD}]`,
        fields: [EXTERNAL_ID_FIELD],
      });
    }
    const required = REQUIRED[type];
    if (!fields[required] && !(typeof extId === 'string' && byExternalId(type, extId)?.fields[required])) {
      errors.push({
        statusCode: 'REQUIRED_FIELD_MISSING',
        message: `Required fields are missing: [${required}]`,
        fields: [required],
      });
    }
    if (typeof fields.Email === 'string' && !EMAIL.test(fields.Email)) {
      errors.push({
        statusCode: 'INVALID_EMAIL_ADDRESS',
        message: `Email: invalid email address: ${fields.Email}`,
        fields: ['Email'],
      });
    }
    const refusal =
      rejected.get(String(extId)) ??
      (typeof fields.Email === 'string' ? rejected.get(fields.Email.toLowerCase()) : undefined);
    if (refusal !== undefined)
      errors.push({ statusCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: refusal, fields: [] });
    const account = fields.Account as Fields | undefined;
    if (type === 'Contact' && account && typeof account === 'object') {
      const ref = account[EXTERNAL_ID_FIELD];
      const parent = typeof ref === 'string' ? byExternalId('Account', ref) : undefined;
      if (!parent) {
        errors.push({
          statusCode: 'INVALID_FIELD',
          message: `Foreign key external ID: ${String(ref)} not found for field ${EXTERNAL_ID_FIELD} in entity Account`,
          fields: [],
        });
      } else {
        delete fields.Account;
        fields.AccountId = parent.Id;
      }
    }
    return { errors, fields };
  }

  function upsert(type: 'Account' | 'Contact', body: unknown): { status: number; body: unknown } {
    const { allOrNone, records } = (body ?? {}) as { allOrNone?: boolean; records?: Fields[] };
    if (!Array.isArray(records) || records.length === 0) {
      return {
        status: 400,
        body: [{ message: 'Invalid request: records is required', errorCode: 'INVALID_FIELD' }],
      };
    }
    if (records.length > SALESFORCE_COLLECTION_LIMIT) {
      return {
        status: 400,
        body: [
          {
            message: `Maximum number of records exceeded: ${SALESFORCE_COLLECTION_LIMIT}`,
            errorCode: 'EXCEEDED_ID_LIMIT',
          },
        ],
      };
    }
    const checked = records.map((r) => validate(type, r));
    const seen = new Set<unknown>();
    checked.forEach((c) => {
      const extId = c.fields[EXTERNAL_ID_FIELD];
      if (seen.has(extId)) {
        c.errors.push({
          statusCode: 'DUPLICATE_EXTERNAL_ID',
          message: `Duplicate external id specified: ${String(extId)}`,
          fields: [EXTERNAL_ID_FIELD],
        });
      }
      seen.add(extId);
    });
    const anyFailed = checked.some((c) => c.errors.length > 0);
    if (allOrNone && anyFailed) {
      const results: SaveResult[] = checked.map((c) => ({
        success: false,
        errors:
          c.errors.length > 0
            ? c.errors
            : [
                {
                  statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
                  message:
                    'Record rolled back because not all records were valid and the request was using AllOrNone header',
                  fields: [],
                },
              ],
      }));
      return { status: 200, body: results };
    }
    const results: SaveResult[] = checked.map(({ errors, fields }) => {
      if (errors.length > 0) return { success: false, errors };
      const existing = byExternalId(type, String(fields[EXTERNAL_ID_FIELD]));
      if (existing) {
        Object.assign(existing.fields, fields);
        return { id: existing.Id, success: true, errors: [], created: false };
      }
      const created: SalesforceRecord = { Id: newId(type), type, fields };
      storeOf(type).set(created.Id, created);
      return { id: created.Id, success: true, errors: [], created: true };
    });
    return { status: 200, body: results };
  }

  function token(form: URLSearchParams): { status: number; body: unknown } {
    if (form.get('grant_type') !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' },
      };
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return {
        status: 400,
        body: { error: 'invalid_client', error_description: 'invalid client credentials' },
      };
    }
    const issued = `00DLOCAL!cc${randomBytes(16).toString('hex')}`;
    issuedTokens.push(issued);
    return {
      status: 200,
      body: {
        access_token: issued,
        signature: randomBytes(32).toString('base64'),
        scope: 'api',
        instance_url: url,
        id: `${url}/id/00DLOCAL000000000AAA/005LOCAL000000000AAA`,
        token_type: 'Bearer',
        issued_at: String(Date.now()),
      },
    };
  }

  function control(method: string, path: string, body: unknown): { status: number; body: unknown } | null {
    const list = (m: Map<string, SalesforceRecord>) => ({ totalSize: m.size, records: [...m.values()] });
    if (method === 'GET' && path === '/__control/accounts') return { status: 200, body: list(accounts) };
    if (method === 'GET' && path === '/__control/contacts') return { status: 200, body: list(contacts) };
    if (method === 'GET' && path === '/__control/requests') return { status: 200, body: requests };
    const input = (body ?? {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/__control/fail-next') {
      failures.fromControl(input, 503);
      return { status: 204, body: null };
    }
    if (method === 'POST' && path === '/__control/reject-record') {
      api.rejectRecord(
        String(input.externalIdOrEmail),
        String(input.message ?? 'Rejected by a validation rule'),
      );
      return { status: 204, body: null };
    }
    if (method === 'POST' && path === '/__control/reset') {
      api.reset();
      return { status: 204, body: null };
    }
    return null;
  }

  function answer(method: string, path: string, headers: http.IncomingHttpHeaders, raw: string) {
    if (method === 'POST' && path === '/services/oauth2/token') {
      const forced = tokenFailures.take();
      // Salesforce's maintenance and overload pages are HTML, not OAuth errors.
      if (forced)
        return { status: forced.status, body: null, html: '<html><body>Service Unavailable</body></html>' };
      return token(new URLSearchParams(raw));
    }
    const bearer = headers.authorization?.replace(/^Bearer /, '');
    const valid =
      bearer === accessToken || (!!bearer && issuedTokens.includes(bearer) && !expired.has(bearer));
    if (!valid) {
      return {
        status: 401,
        body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
      };
    }
    const forced = failures.take();
    if (forced) {
      const errorCode =
        forced.status === 503
          ? 'SERVER_UNAVAILABLE'
          : forced.status >= 500
            ? 'UNKNOWN_EXCEPTION'
            : forced.status === 403
              ? 'REQUEST_LIMIT_EXCEEDED'
              : 'ERROR';
      return {
        status: forced.status,
        body: [{ message: forced.message ?? `Salesforce answered ${forced.status}`, errorCode }],
        retryAfter: forced.retryAfterSeconds,
      };
    }
    // An sObject's description (the connection test reads it): the org's fields, the external id among them.
    const described = /^\/services\/data\/v\d+\.\d+\/sobjects\/([^/]+)\/describe$/.exec(path);
    if (method === 'GET' && described) {
      const type = described[1];
      if (type !== 'Account' && type !== 'Contact') {
        return {
          status: 404,
          body: [{ message: `The requested resource does not exist`, errorCode: 'NOT_FOUND' }],
        };
      }
      return {
        status: 200,
        body: {
          name: type,
          fields: [
            { name: 'Id', externalId: false },
            { name: type === 'Account' ? 'Name' : 'Email', externalId: false },
            { name: EXTERNAL_ID_FIELD, externalId: true, unique: true },
          ],
        },
      };
    }
    const m = /^\/services\/data\/v\d+\.\d+\/composite\/sobjects\/([^/]+)\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && m) {
      const [, type, field] = m;
      if (type !== 'Account' && type !== 'Contact') {
        return {
          status: 404,
          body: [{ message: `The requested resource does not exist`, errorCode: 'NOT_FOUND' }],
        };
      }
      if (field !== EXTERNAL_ID_FIELD) {
        return {
          status: 404,
          body: [
            {
              message: `Provided external ID field does not exist or is not accessible: ${field}`,
              errorCode: 'NOT_FOUND',
            },
          ],
        };
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return {
          status: 400,
          body: [{ message: 'Unexpected character in JSON body', errorCode: 'JSON_PARSER_ERROR' }],
        };
      }
      return upsert(type, body);
    }
    return {
      status: 404,
      body: [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }],
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const raw = Buffer.concat(chunks).toString('utf8');
      let out: { status: number; body: unknown; retryAfter?: number; html?: string } | null = null;
      if (path.startsWith('/__control/')) {
        let parsed: unknown = null;
        try {
          parsed = raw ? JSON.parse(raw) : null;
        } catch {
          /* a control call without a body */
        }
        out = control(method, path, parsed);
      }
      if (!out && misanswer && path !== '/services/oauth2/token') {
        const kind = misanswer;
        misanswer = null;
        requests.push({ method, path, status: 200, body: raw });
        if (kind === 'stall') return stallAfterHeaders(res);
        return sendGarbled(res, kind, '[{"id":"001LC0000000001AAA","success":tr');
      }
      if (!out) {
        out = answer(method, path, req.headers, raw);
        let logged: unknown = raw;
        try {
          logged = raw && path !== '/services/oauth2/token' ? JSON.parse(raw) : raw;
        } catch {
          /* kept as text */
        }
        requests.push({ method, path, status: out.status, body: logged });
      }
      res.statusCode = out.status;
      res.setHeader('Sforce-Limit-Info', `api-usage=${requests.length}/15000`);
      if (out.retryAfter !== undefined) res.setHeader('Retry-After', String(out.retryAfter));
      if (out.html !== undefined) {
        res.setHeader('content-type', 'text/html');
        return res.end(out.html);
      }
      if (out.body === null) return res.end();
      res.setHeader('content-type', 'application/json;charset=UTF-8');
      res.end(JSON.stringify(out.body));
    });
  });

  const listening = await listen(server, options.port);
  url = listening.url;
  const { close } = listening;

  const api: FakeSalesforce = {
    url,
    accessToken,
    clientId,
    clientSecret,
    accounts,
    contacts,
    requests,
    issuedTokens,
    expireIssuedTokens() {
      issuedTokens.forEach((t) => expired.add(t));
    },
    failNext: failures.failNext.bind(failures),
    failTokenNext: (count, failure) => tokenFailures.failNext(count, failure),
    failWith: failures.failWith.bind(failures),
    rejectRecord(externalIdOrEmail, message) {
      rejected.set(
        externalIdOrEmail.includes('@') ? externalIdOrEmail.toLowerCase() : externalIdOrEmail,
        message,
      );
    },
    byExternalId,
    misanswerNext(kind) {
      misanswer = kind;
    },
    reset() {
      misanswer = null;
      accounts.clear();
      contacts.clear();
      requests.length = 0;
      issuedTokens.length = 0;
      expired.clear();
      rejected.clear();
      failures.clear();
      tokenFailures.clear();
    },
    close,
  };
  return api;
}
