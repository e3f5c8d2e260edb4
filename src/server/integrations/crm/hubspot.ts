import { Client } from '@hubspot/api-client';
import type {
  PropertyCreateFieldTypeEnum,
  PropertyCreateTypeEnum,
} from '@hubspot/api-client/lib/codegen/crm/properties';
import type { FastifyBaseLogger } from 'fastify';
import { CrmUnavailable, type CrmAdapter, type CrmCustomer, type CrmOutcome, type CrmUser } from './adapter';
import { BatchRefused, isolateRefusals, runInBatches } from './batches';
import {
  describeAnswer,
  hubspotMessage,
  isApiFailure,
  isAssociationList,
  isProperty,
  isUnreadable,
  isWrittenList,
  matchResults,
  notItsApi,
  transientOf,
} from './hubspot-answers';
import {
  COMPANY_KEY,
  companyProperties,
  ownerProperties,
  userProperties,
  type Properties,
} from './hubspot-properties';
import {
  REQUEST_TIMEOUT_MS,
  RetriesExhausted,
  retryContext,
  withTimeout,
  withRetries,
  type RetryContext,
  type RetryPolicy,
  type Sleep,
} from './retry';

/** HubSpot's limit on inputs per batch call. */
export const HUBSPOT_BATCH_SIZE = 100;

export type HubspotOptions = {
  accessToken: string;
  /** Only for tests against a local HubSpot-speaking server (HUBSPOT_API_URL). */
  apiUrl?: string;
  log?: FastifyBaseLogger;
  sleep?: Sleep;
  retry?: RetryPolicy;
  /** Per request; the SDK itself never gives up on a silent server. */
  timeoutMs?: number;
};

/**
 * Portals (API base and token) known this process to have the unique company property: looked up once,
 * not before every sync. Forgotten when HubSpot says the property is gone.
 */
const companyKeyReady = new Map<string, Promise<void>>();

/** HubSpot refused the company upsert because the unique property is missing or not unique. */
class CompanyKeyRefused extends Error {}

/**
 * HubSpot through `@hubspot/api-client`:
 * - a team user is a contact upserted by email;
 * - a customer is its owner as a contact upserted by email, and its company upserted on the unique
 *   custom property `motorpool_id` (our customer id), then associated with the owner's contact. Upserts
 *   on our own keys make a second sync, two syncs at once, or a retry of a call HubSpot had applied
 *   write the same company, never a second one. The outcome's crmId is the company's id.
 * Each input carries our record id as `objectWriteTraceId`, which HubSpot echoes on its result: that is
 * how results are matched back to records.
 */
export class HubspotCrmAdapter implements CrmAdapter {
  readonly type = 'hubspot' as const;
  private readonly client: Client;
  private readonly retry: RetryContext;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly portal: string;

  constructor(private readonly options: HubspotOptions) {
    this.token = options.accessToken;
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const basePath = options.apiUrl?.replace(/\/+$/, '');
    // No numberOfApiCallRetries and no limiter: our own loop retries, so each attempt is counted once.
    this.client = new Client({ accessToken: options.accessToken, ...(basePath ? { basePath } : {}) });
    this.portal = `${basePath ?? 'https://api.hubapi.com'} ${options.accessToken}`;
    this.retry = retryContext('HubSpot', options);
  }

  upsertUsers(records: CrmUser[]): Promise<CrmOutcome[]> {
    return runInBatches(records, HUBSPOT_BATCH_SIZE, async (batch, outcomes) => {
      const contacts = await this.upsertContacts(
        batch.map((u) => ({ id: u.id, email: u.email, properties: userProperties(u) })),
        outcomes,
      );
      for (const [id, contactId] of contacts) outcomes.push({ id, ok: true, crmId: contactId });
    });
  }

  upsertCustomers(records: CrmCustomer[]): Promise<CrmOutcome[]> {
    return runInBatches(records, HUBSPOT_BATCH_SIZE, async (batch, outcomes) => {
      // The owner first: a customer whose contact HubSpot refuses gets no company either.
      const contacts = await this.upsertContacts(
        batch.map((c) => ({ id: c.id, email: c.email, properties: ownerProperties(c) })),
        outcomes,
      );
      const ready = batch.filter((c) => contacts.has(c.id));
      if (ready.length === 0) return;
      const companies = await this.upsertCompaniesOnKey(ready, outcomes);
      const linked = await this.associate(companies, contacts, outcomes);
      for (const [id, companyId] of linked) outcomes.push({ id, ok: true, crmId: companyId });
    });
  }

  /**
   * Reads the company property companies are upserted on (`GET /crm/v3/properties/companies/motorpool_id`):
   * the token is accepted (else 401), the app may read company schemas (else 403), and the property is
   * usable or will be created by the first sync. Nothing is written.
   */
  async testConnection(): Promise<string> {
    let existing: { hasUniqueValue?: boolean } | null;
    try {
      existing = await this.companyKeyProperty(
        () =>
          new CrmUnavailable(
            `HubSpot accepted the access token but refused to read company properties (403): give the private app the crm.schemas.companies.read and crm.schemas.companies.write scopes.`,
          ),
      );
    } catch (err) {
      if (err instanceof RetriesExhausted) throw new CrmUnavailable(err.message);
      throw err;
    }
    if (!existing) {
      return `HubSpot accepted the access token. The first sync creates the company property ${COMPANY_KEY}.`;
    }
    if (!existing.hasUniqueValue) {
      throw new CrmUnavailable(
        `HubSpot accepted the access token, but its company property ${COMPANY_KEY} does not require unique values, so companies cannot be upserted on it. Delete it in HubSpot (the next sync creates it again, unique) or recreate it with unique values.`,
      );
    }
    return `HubSpot accepted the access token, and the company property ${COMPANY_KEY} is ready.`;
  }

  /** Contacts by email; answers record id -> contact id for those written, failures into `outcomes`. */
  private async upsertContacts(
    inputs: { id: string; email: string; properties: Properties }[],
    outcomes: CrmOutcome[],
  ): Promise<Map<string, string>> {
    const written = new Map<string, string>();
    const answers = await isolateRefusals(
      inputs,
      (part) =>
        this.call('contacts batch upsert', isWrittenList, () =>
          this.client.crm.contacts.batchApi.upsert({
            inputs: part.map((i) => ({
              id: i.email.toLowerCase(),
              idProperty: 'email',
              objectWriteTraceId: i.id,
              properties: { ...i.properties, email: i.email.toLowerCase() },
            })),
          }),
        ),
      (part, refusal) =>
        part.forEach((i) => outcomes.push({ id: i.id, ok: false, message: refusal.message })),
    );
    for (const { part, answer } of answers) matchResults(part, answer, written, outcomes);
    return written;
  }

  /** Companies on the unique property, made ready first; once more if HubSpot says it is gone. */
  private async upsertCompaniesOnKey(records: CrmCustomer[], outcomes: CrmOutcome[]) {
    await this.ensureCompanyKey();
    try {
      return await this.upsertCompanies(records, outcomes);
    } catch (err) {
      if (!(err instanceof CompanyKeyRefused)) throw err;
      // Deleted or changed in HubSpot since this process looked: look again (and create it) once.
      companyKeyReady.delete(this.portal);
      await this.ensureCompanyKey();
      try {
        return await this.upsertCompanies(records, outcomes);
      } catch (again) {
        if (!(again instanceof CompanyKeyRefused)) throw again;
        throw new CrmUnavailable(
          `HubSpot refused to upsert companies on the property ${COMPANY_KEY} (${again.message}). Check that it is a unique single-line text property of companies.`,
        );
      }
    }
  }

  /** Answers record id -> company id for those written, failures into `outcomes`. */
  private async upsertCompanies(records: CrmCustomer[], outcomes: CrmOutcome[]) {
    const written = new Map<string, string>();
    const answers = await isolateRefusals(
      records,
      (part) =>
        this.call(
          'companies batch upsert',
          isWrittenList,
          () =>
            this.client.crm.companies.batchApi.upsert({
              inputs: part.map((c) => ({
                id: c.id,
                idProperty: COMPANY_KEY,
                objectWriteTraceId: c.id,
                properties: { ...companyProperties(c), [COMPANY_KEY]: c.id },
              })),
            }),
          (refusal) => {
            if (refusal.status === 400 && refusal.message.includes(COMPANY_KEY)) {
              throw new CompanyKeyRefused(refusal.message);
            }
          },
        ),
      (part, refusal) =>
        part.forEach((c) => outcomes.push({ id: c.id, ok: false, message: refusal.message })),
    );
    for (const { part, answer } of answers) matchResults(part, answer, written, outcomes);
    return written;
  }

  /**
   * Each company with its owner's contact (HubSpot's default company-to-contact association). Sent on
   * every sync: associating twice changes nothing, and an owner whose email changed is a new contact.
   */
  private async associate(
    companies: Map<string, string>,
    contacts: Map<string, string>,
    outcomes: CrmOutcome[],
  ): Promise<Map<string, string>> {
    const linked = new Map<string, string>();
    const pairs = [...companies].map(([id, companyId]) => ({ id, companyId, contactId: contacts.get(id)! }));
    if (pairs.length === 0) return linked;
    const answers = await isolateRefusals(
      pairs,
      (part) =>
        this.call('company-to-contact associations', isAssociationList, () =>
          this.client.crm.associations.v4.batchApi.createDefault('companies', 'contacts', {
            inputs: part.map((p) => ({ _from: { id: p.companyId }, to: { id: p.contactId } })),
          }),
        ),
      (part, refusal) =>
        part.forEach((p) => outcomes.push({ id: p.id, ok: false, message: refusal.message })),
    );
    for (const { part, answer } of answers) {
      const done = new Set(answer.results.map((r) => `${r._from.id}>${r.to.id}`));
      const errors = (answer.errors ?? []).map((e) => e.message).filter(Boolean);
      for (const p of part) {
        if (done.has(`${p.companyId}>${p.contactId}`)) linked.set(p.id, p.companyId);
        else {
          outcomes.push({
            id: p.id,
            ok: false,
            message: `HubSpot did not link the company to its owner's contact${errors.length > 0 ? `: ${errors.join('; ')}` : '.'}`,
          });
        }
      }
    }
    return linked;
  }

  /** The unique company property, looked up once per process and portal, created when missing. */
  private ensureCompanyKey(): Promise<void> {
    let ready = companyKeyReady.get(this.portal);
    if (!ready) {
      ready = this.lookUpCompanyKey().catch((err: unknown) => {
        companyKeyReady.delete(this.portal);
        throw err;
      });
      companyKeyReady.set(this.portal, ready);
    }
    return ready;
  }

  /**
   * The company property companies are upserted on, or null while HubSpot has none (404). A refused read
   * (403) throws what `refused` makes; any other refusal is CrmUnavailable with HubSpot's message.
   */
  private async companyKeyProperty(refused: () => Error): Promise<{ hasUniqueValue?: boolean } | null> {
    try {
      return await this.call('company property lookup', isProperty, () =>
        this.client.crm.properties.coreApi.getByName('companies', COMPANY_KEY),
      );
    } catch (err) {
      if (err instanceof BatchRefused && err.status === 404) return null;
      if (err instanceof BatchRefused && err.status === 403) throw refused();
      if (err instanceof BatchRefused) throw new CrmUnavailable(err.message);
      throw err;
    }
  }

  private async lookUpCompanyKey(): Promise<void> {
    const schemaScopes = (reason: string) =>
      new CrmUnavailable(
        `HubSpot refused to ${reason} the company property ${COMPANY_KEY} (403): give the private app the crm.schemas.companies.read and crm.schemas.companies.write scopes, or create that property in HubSpot (single-line text, unique values).`,
      );
    const existing = await this.companyKeyProperty(() => schemaScopes('read'));
    if (existing) {
      if (existing.hasUniqueValue) return;
      throw new CrmUnavailable(
        `HubSpot's company property ${COMPANY_KEY} does not require unique values, so companies cannot be upserted on it. Delete it in HubSpot (the next sync creates it again, unique) or recreate it with unique values.`,
      );
    }
    try {
      await this.call('company property creation', isProperty, () =>
        this.client.crm.properties.coreApi.create('companies', {
          name: COMPANY_KEY,
          label: 'Motorpool ID',
          description: 'The Motorpool customer id; set by the Motorpool CRM sync, do not edit.',
          groupName: 'companyinformation',
          type: 'string' as PropertyCreateTypeEnum,
          fieldType: 'text' as PropertyCreateFieldTypeEnum,
          hasUniqueValue: true,
          formField: false,
        }),
      );
    } catch (err) {
      // Created meanwhile by another sync or instance: the property is there, which is all we need.
      if (err instanceof BatchRefused && err.status === 409) return;
      if (err instanceof BatchRefused && err.status === 403) throw schemaScopes('create');
      if (err instanceof BatchRefused) throw new CrmUnavailable(err.message);
      throw err;
    }
  }

  /**
   * One SDK call with our retries and a check that the answer has the API's shape; HubSpot's refusals
   * become CrmUnavailable or BatchRefused (`refused` may turn one into something more precise first).
   */
  private async call<T>(
    what: string,
    isAnswer: (answer: unknown) => answer is T,
    send: () => Promise<unknown>,
    refused?: (refusal: BatchRefused) => void,
  ): Promise<T> {
    let answer: unknown;
    try {
      answer = await withRetries(this.retry, what, () => withTimeout(send(), this.timeoutMs), transientOf);
    } catch (err) {
      if (isUnreadable(err)) throw notItsApi(what, err instanceof Error ? err.message : String(err));
      if (!isApiFailure(err)) throw err;
      const message = this.scrub(hubspotMessage(err.body) ?? `HubSpot answered ${err.code}.`);
      if (err.code === 401) {
        throw new CrmUnavailable(
          'HubSpot refused the access token (401). Check the HubSpot key in API settings.',
        );
      }
      if (err.code === 403 && !what.startsWith('company property')) {
        throw new CrmUnavailable(
          `HubSpot refused access (403): the private app needs the CRM contacts and companies write scopes. ${message}`,
        );
      }
      const category = (err.body as { category?: string } | null)?.category;
      const refusal = new BatchRefused(
        message,
        err.code,
        err.code === 400 && category === 'VALIDATION_ERROR',
      );
      refused?.(refusal);
      throw refusal;
    }
    if (!isAnswer(answer)) throw notItsApi(what, describeAnswer(answer));
    return answer;
  }

  /** HubSpot never echoes the token, but an error message must not carry it even if it did. */
  private scrub(message: string): string {
    return this.token ? message.split(this.token).join('[token]') : message;
  }
}
