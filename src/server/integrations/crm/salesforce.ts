import type { FastifyBaseLogger } from 'fastify';
import { Connection, OAuth2 } from 'jsforce';
import { CrmUnavailable, type CrmAdapter, type CrmCustomer, type CrmOutcome, type CrmUser } from './adapter';
import { BatchRefused, runInBatches } from './batches';
import {
  AnswerRecordingTransport,
  describeAnswer,
  isDescribed,
  isSaveResults,
  NotItsApi,
  notItsApi,
  SalesforceCallFailed,
  salesforceMessage,
  tokenTransientOf,
  transientOf,
  type Described,
  type SaveResult,
} from './salesforce-answers';
import { accountFields, EXTERNAL_ID_FIELD, ownerFields, userFields, type Fields } from './salesforce-fields';
import {
  REQUEST_TIMEOUT_MS,
  RetriesExhausted,
  retryContext,
  withRetries,
  withTimeout,
  type RetryContext,
  type RetryPolicy,
  type Sleep,
} from './retry';

/** The sObject Collections limit: records per call. */
export const SALESFORCE_BATCH_SIZE = 200;
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
