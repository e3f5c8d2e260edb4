import type { FastifyBaseLogger } from 'fastify';
import { Connection, OAuth2 } from 'jsforce';
import { Transport } from 'jsforce/lib/transport.js';
import type { HttpRequest, HttpRequestOptions, HttpResponse } from 'jsforce/lib/types';
import type { StreamPromise } from 'jsforce/lib/util/promise';
import { CrmUnavailable, type CrmAdapter, type CrmCustomer, type CrmOutcome, type CrmUser } from './adapter';
import { BatchRefused, companyNameOf, runInBatches } from './batches';
import {
  headerOf,
  networkFailure,
  REQUEST_TIMEOUT_MS,
  retryAfterMs,
  retryContext,
  RetriesExhausted,
  withRetries,
  withTimeout,
  type RetryContext,
  type RetryPolicy,
  type Sleep,
  type Transient,
} from './retry';

/** The sObject Collections limit: records per call. */
export const SALESFORCE_BATCH_SIZE = 200;
/** The external-id field (Text, Unique, External ID) the org needs on Account and Contact. */
export const EXTERNAL_ID_FIELD = 'Motorpool_Id__c';
/** Collections upsert needs API 46.0 or later. */
export const SALESFORCE_API_VERSION = '59.0';

export type SalesforceOptions = {
  /** The org's My Domain URL (SALESFORCE_INSTANCE_URL points it at a local server in tests). */
  instanceUrl: string;
  auth: { accessToken: string } | { clientId: string; clientSecret: string };
  log?: FastifyBaseLogger;
  sleep?: Sleep;
  retry?: RetryPolicy;
  /** Per request, body included (jsforce's own `timeout` stops at the headers). */
  timeoutMs?: number;
};

type SObject = 'Account' | 'Contact';
type Fields = Record<string, unknown>;
type SaveResult = {
  id?: string;
  success: boolean;
  created?: boolean;
  errors?: { statusCode?: string; message?: string }[];
};
type Answered = { status: number; headers: Record<string, string> };

/** Salesforce's failure for one call, with the HTTP status jsforce's own errors leave out. */
class SalesforceCallFailed extends Error {
  constructor(
    readonly cause: unknown,
    readonly answered: Answered | null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * jsforce's HTTP transport, noting the status and headers of each answer: jsforce's errors carry only
 * Salesforce's errorCode, and the retry decision needs the status and Retry-After.
 */
class AnswerRecordingTransport extends Transport {
  last: Answered | null = null;

  override httpRequest(req: HttpRequest, options?: HttpRequestOptions): StreamPromise<HttpResponse> {
    this.last = null;
    const answer = super.httpRequest(req, options);
    answer.then(
      (res) => (this.last = { status: res.statusCode, headers: res.headers }),
      () => (this.last = null),
    );
    return answer;
  }
}

/**
 * Salesforce through jsforce. A customer is an Account and its owner a Contact under it; a team user is
 * a Contact without an Account. All are upserted on the external-id field `Motorpool_Id__c`
 * (`customer:<id>` for a customer's Account and owner Contact, `staff:<id>` for a user), through the
 * sObject Collections upsert (`PATCH /composite/sobjects/{Type}/Motorpool_Id__c`, 200 records a call,
 * `allOrNone: false`), so a record Salesforce refuses fails alone with its message. That is the very
 * request `conn.sobject(type).upsert(records, field)` sends for an array; it goes through
 * `conn.request` here so the call can carry a transport that keeps the HTTP status, and jsforce's own
 * retries stay off (`retry.maxRetries: 0`): ours are counted.
 */
export class SalesforceCrmAdapter implements CrmAdapter {
  readonly type = 'salesforce' as const;
  private readonly retry: RetryContext;
  private connection: Promise<Connection> | null = null;

  private readonly timeoutMs: number;

  constructor(private readonly options: SalesforceOptions) {
    this.retry = retryContext('Salesforce', options);
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  upsertCustomers(records: CrmCustomer[]): Promise<CrmOutcome[]> {
    return runInBatches(records, SALESFORCE_BATCH_SIZE, async (batch, outcomes) => {
      const accounts = await this.upsert(
        'Account',
        batch.map((c) => ({ id: c.id, fields: accountFields(c) })),
        outcomes,
      );
      // The owner only under an Account that was written; its failure fails the customer too.
      const ready = batch.filter((c) => accounts.has(c.id));
      const owners = await this.upsert(
        'Contact',
        ready.map((c) => ({ id: c.id, fields: ownerFields(c) })),
        outcomes,
      );
      for (const c of ready)
        if (owners.has(c.id)) outcomes.push({ id: c.id, ok: true, crmId: accounts.get(c.id)! });
    });
  }

  upsertUsers(records: CrmUser[]): Promise<CrmOutcome[]> {
    return runInBatches(records, SALESFORCE_BATCH_SIZE, async (batch, outcomes) => {
      const written = await this.upsert(
        'Contact',
        batch.map((u) => ({ id: u.id, fields: userFields(u) })),
        outcomes,
      );
      for (const [id, crmId] of written) outcomes.push({ id, ok: true, crmId });
    });
  }

  /** One Collections upsert; answers record id -> Salesforce id, failures into `outcomes`. */
  private async upsert(
    type: SObject,
    inputs: { id: string; fields: Fields }[],
    outcomes: CrmOutcome[],
  ): Promise<Map<string, string>> {
    const written = new Map<string, string>();
    if (inputs.length === 0) return written;
    let results: SaveResult[];
    try {
      results = await this.send(type, inputs);
    } catch (err) {
      if (!(err instanceof BatchRefused)) throw err;
      for (const i of inputs) outcomes.push({ id: i.id, ok: false, message: err.message });
      return written;
    }
    inputs.forEach((input, index) => {
      const result = results[index];
      if (result?.success && result.id) written.set(input.id, result.id);
      else {
        const messages = (result?.errors ?? []).map((e) => e.message).filter(Boolean);
        outcomes.push({
          id: input.id,
          ok: false,
          message:
            messages.length > 0
              ? messages.join('; ')
              : 'Salesforce did not answer for this record; it was not synced.',
        });
      }
    });
    return written;
  }

  private send(type: SObject, inputs: { fields: Fields }[]): Promise<SaveResult[]> {
    return this.request(
      `${type} upsert`,
      {
        method: 'PATCH',
        url: `/composite/sobjects/${type}/${EXTERNAL_ID_FIELD}`,
        body: JSON.stringify({
          allOrNone: false,
          records: inputs.map((i) => ({ attributes: { type }, ...i.fields })),
        }),
        headers: { 'content-type': 'application/json' },
      },
      (answer): answer is SaveResult[] => isSaveResults(answer, inputs.length),
    );
  }

  /**
   * Signs in (the access token, or the connected app's client credentials) and reads the description of
   * Account and Contact: each must have the external-id field `Motorpool_Id__c` the sync upserts on.
   * Nothing is written.
   */
  async testConnection(): Promise<string> {
    const missing: SObject[] = [];
    for (const type of ['Account', 'Contact'] as const) {
      let described: Described;
      try {
        described = await this.request(
          `${type} description`,
          { method: 'GET', url: `/sobjects/${type}/describe` },
          isDescribed,
        );
      } catch (err) {
        if (err instanceof BatchRefused) {
          throw new CrmUnavailable(`Salesforce signed in but refused to describe ${type}: ${err.message}`);
        }
        if (err instanceof RetriesExhausted) throw new CrmUnavailable(err.message);
        throw err;
      }
      const field = described.fields.find((f) => f.name === EXTERNAL_ID_FIELD);
      if (!field?.externalId) missing.push(type);
    }
    if (missing.length > 0) {
      throw new CrmUnavailable(
        `Salesforce signed in, but ${missing.join(' and ')} ${missing.length === 1 ? 'has' : 'have'} no external-id field ${EXTERNAL_ID_FIELD}: create it (text, External ID, unique) before syncing.`,
      );
    }
    return `Salesforce accepted the credentials, and Account and Contact have the external-id field ${EXTERNAL_ID_FIELD}.`;
  }

  /**
   * One call to the org's REST API through jsforce, with our retries, a timeout over the whole answer and
   * a check of its shape. A 401 with client credentials gets one new token and one more try.
   */
  private async request<T>(
    what: string,
    req: { method: 'GET' | 'PATCH'; url: string; body?: string; headers?: Record<string, string> },
    isAnswer: (answer: unknown) => answer is T,
    renewed = false,
  ): Promise<T> {
    const conn = await this.connect();
    const transport = new AnswerRecordingTransport();
    try {
      return await withRetries(
        this.retry,
        what,
        async () => {
          try {
            // jsforce's `timeout` ends at the headers; a body that stalls after them is ours to time.
            const answer = await withTimeout(
              Promise.resolve(
                conn.request<unknown>(req, {
                  transport,
                  retry: { maxRetries: 0 },
                  timeout: this.timeoutMs,
                }),
              ),
              this.timeoutMs,
            );
            if (!isAnswer(answer)) throw new NotItsApi(describeAnswer(answer));
            return answer;
          } catch (err) {
            if (err instanceof NotItsApi) throw err;
            throw new SalesforceCallFailed(err, transport.last);
          }
        },
        transientOf,
      );
    } catch (err) {
      if (err instanceof NotItsApi) throw notItsApi(what, err.message);
      if (!(err instanceof SalesforceCallFailed)) throw err;
      const status = err.answered?.status ?? 0;
      // A 2xx jsforce could not read (a truncated or HTML body) is no answer of Salesforce's API either.
      if (status >= 200 && status < 300) throw notItsApi(what, salesforceMessage(err.cause));
      const message = salesforceMessage(err.cause) || `Salesforce answered ${status}.`;
      if (status === 401 && 'clientId' in this.options.auth && !renewed) {
        // A client-credentials token can expire during a long sync: one new token, one more try.
        this.connection = null;
        return this.request(what, req, isAnswer, true);
      }
      if (status === 401) {
        throw new CrmUnavailable(
          'Salesforce refused the access token (401): it is invalid or expired. Check the Salesforce settings in API settings.',
        );
      }
      if (status === 403) throw new CrmUnavailable(`Salesforce refused the request (403): ${message}`);
      if (status >= 400) throw new BatchRefused(message, status, false);
      throw new CrmUnavailable(`Salesforce could not be reached: ${message}`);
    }
  }

  private connect(): Promise<Connection> {
    this.connection ??= this.open().catch((err: unknown) => {
      this.connection = null;
      throw err;
    });
    return this.connection;
  }

  private async open(): Promise<Connection> {
    const instanceUrl = this.options.instanceUrl.replace(/\/+$/, '');
    const { auth } = this.options;
    if ('accessToken' in auth) {
      return new Connection({ instanceUrl, accessToken: auth.accessToken, version: SALESFORCE_API_VERSION });
    }
    // OAuth 2.0 client credentials: the connected app's own token, from the org's token endpoint.
    const oauth = new OAuth2({
      loginUrl: instanceUrl,
      clientId: auth.clientId,
      clientSecret: auth.clientSecret,
    });
    let token: { access_token: string; instance_url?: string };
    try {
      token = await withRetries(
        this.retry,
        'client-credentials token',
        // No timeout of jsforce's covers the token request: a silent endpoint would hold the sync forever.
        () => withTimeout(oauth.requestToken({ grant_type: 'client_credentials' }), this.timeoutMs),
        tokenTransientOf,
      );
    } catch (err) {
      if (err instanceof RetriesExhausted) throw new CrmUnavailable(err.message);
      const reason = err instanceof Error ? err.message : String(err);
      const scrubbed = reason.split(auth.clientSecret).join('[secret]');
      throw new CrmUnavailable(
        `Salesforce refused the connected app's client id and secret (${scrubbed}). Check them in API settings.`,
      );
    }
    return new Connection({
      instanceUrl: token.instance_url || instanceUrl,
      accessToken: token.access_token,
      version: SALESFORCE_API_VERSION,
    });
  }
}

/** Salesforce answered 2xx with something that is not the API's answer (checked before any use). */
class NotItsApi extends Error {}

const notItsApi = (what: string, detail: string) =>
  new CrmUnavailable(
    `Salesforce sent an answer that is not its API's to the ${what} (${detail.slice(0, 200)}); try again later.`,
  );

type Described = { name: string; fields: { name: string; externalId?: boolean }[] };

/** An sObject's description: its name and its fields (`GET /sobjects/{Type}/describe`). */
const isDescribed = (answer: unknown): answer is Described =>
  typeof answer === 'object' &&
  answer !== null &&
  typeof (answer as Described).name === 'string' &&
  Array.isArray((answer as Described).fields) &&
  (answer as Described).fields.every(
    (f) => typeof f === 'object' && f !== null && typeof f.name === 'string',
  );

/** The collections answer: one save result per record sent, in order. */
function isSaveResults(answer: unknown, count: number): answer is SaveResult[] {
  return (
    Array.isArray(answer) &&
    answer.length === count &&
    answer.every((r) => typeof r === 'object' && r !== null && typeof (r as SaveResult).success === 'boolean')
  );
}

function describeAnswer(answer: unknown): string {
  if (Array.isArray(answer)) return `${answer.length} results that are not save results for the records sent`;
  if (typeof answer === 'string') return `text: ${answer.trim().slice(0, 80) || 'empty'}`;
  return answer === null || answer === undefined
    ? 'an empty body'
    : 'an object instead of a list of save results';
}

/**
 * jsforce's token errors carry no status either: a body that is not an OAuth error is named
 * `ERROR_HTTP_<status>`.
 */
function tokenTransientOf(err: unknown): Transient | null {
  const network = networkFailure(err);
  if (network) return { status: null, waitMs: null, detail: network };
  const status = err instanceof Error ? /^ERROR_HTTP_(\d{3})$/.exec(err.name)?.[1] : undefined;
  return status && (status === '429' || status.startsWith('5'))
    ? { status: Number(status), waitMs: null, detail: '' }
    : null;
}

function transientOf(err: unknown): Transient | null {
  if (!(err instanceof SalesforceCallFailed)) return null;
  if (!err.answered) {
    const network = networkFailure(err.cause);
    return network ? { status: null, waitMs: null, detail: network } : null;
  }
  const { status, headers } = err.answered;
  if (status !== 429 && status < 500) return null;
  return { status, waitMs: retryAfterMs(headerOf(headers, 'retry-after')), detail: '' };
}

/** Salesforce's message; several errors for one call come joined. */
function salesforceMessage(err: unknown): string {
  const data = (err as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) {
    const messages = data.map((d: { message?: unknown }) => d?.message).filter((m) => typeof m === 'string');
    if (messages.length > 0) return messages.join('; ');
  }
  return err instanceof Error ? err.message.trim() : String(err);
}

/** Only values we have: an empty phone in Motorpool must not clear one typed in Salesforce. */
const present = (fields: Fields): Fields =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== ''));

const customerRef = (c: CrmCustomer) => `customer:${c.id}`;

function accountFields(c: CrmCustomer): Fields {
  return present({
    [EXTERNAL_ID_FIELD]: customerRef(c),
    Name: companyNameOf(c),
    Phone: c.phone,
    BillingCountry: c.country,
  });
}

function ownerFields(c: CrmCustomer): Fields {
  return present({
    [EXTERNAL_ID_FIELD]: customerRef(c),
    FirstName: c.firstName,
    // LastName is required on a Contact.
    LastName: c.lastName || c.email,
    Email: c.email.toLowerCase(),
    Phone: c.phone,
    MailingCountry: c.country,
    // The Account by its external id: Salesforce resolves it, no lookup call needed.
    Account: { [EXTERNAL_ID_FIELD]: customerRef(c) },
  });
}

function userFields(u: CrmUser): Fields {
  return present({
    [EXTERNAL_ID_FIELD]: `staff:${u.id}`,
    FirstName: u.firstName,
    // LastName is required on a Contact; a user without names is known by their email.
    LastName: u.lastName || u.email,
    Email: u.email.toLowerCase(),
    Phone: u.phone,
    Title: u.role,
  });
}
