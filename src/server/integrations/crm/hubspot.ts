import { AssociationTypes, Client } from '@hubspot/api-client';
import type { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/companies';
import type { FastifyBaseLogger } from 'fastify';
import { CrmUnavailable, type CrmAdapter, type CrmCustomer, type CrmOutcome, type CrmUser } from './adapter';
import { BatchRefused, companyNameOf, type OnBatch, isolateRefusals, runInBatches } from './batches';
import {
  headerOf,
  networkFailure,
  REQUEST_TIMEOUT_MS,
  retryAfterMs,
  retryContext,
  withTimeout,
  withRetries,
  type RetryContext,
  type RetryPolicy,
  type Sleep,
  type Transient,
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
  onBatch?: OnBatch;
  /** Per request; the SDK itself never gives up on a silent server. */
  timeoutMs?: number;
};

type Properties = Record<string, string>;
type Written = { id: string; objectWriteTraceId?: string };
type BatchAnswer = {
  results: Written[];
  errors?: { message: string; category?: string; context?: object }[];
};
/** The SDK's ApiException (each generated module has its own class, so it is recognised by shape). */
type ApiFailure = { code: number; body: unknown; headers: Record<string, string> };

const isApiFailure = (err: unknown): err is ApiFailure =>
  typeof err === 'object' && err !== null && typeof (err as ApiFailure).code === 'number' && 'headers' in err;

/**
 * HubSpot through `@hubspot/api-client`, only with standard properties (so any portal accepts them):
 * - a team user is a contact upserted by email;
 * - a customer is its owner as a contact upserted by email, and its company. Companies have no unique
 *   key HubSpot could upsert on without a custom property set up in the portal, so the company's id
 *   from the last sync (`crmId`) is updated and a company without one is created, associated with the
 *   owner's contact. The outcome's crmId is the company's id. A company deleted in HubSpot is created
 *   again.
 * Each input carries our record id as `objectWriteTraceId`, which HubSpot echoes on its result: that is
 * how results are matched back to records.
 */
export class HubspotCrmAdapter implements CrmAdapter {
  readonly type = 'hubspot' as const;
  private readonly client: Client;
  private readonly retry: RetryContext;
  private readonly token: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: HubspotOptions) {
    this.token = options.accessToken;
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    // No numberOfApiCallRetries and no limiter: our own loop retries, so each attempt is counted once.
    this.client = new Client({
      accessToken: options.accessToken,
      ...(options.apiUrl ? { basePath: options.apiUrl.replace(/\/+$/, '') } : {}),
    });
    this.retry = retryContext('HubSpot', options);
  }

  upsertUsers(records: CrmUser[]): Promise<CrmOutcome[]> {
    return runInBatches(records, HUBSPOT_BATCH_SIZE, this.options.onBatch, async (batch, outcomes) => {
      const contacts = await this.upsertContacts(
        batch.map((u) => ({ id: u.id, email: u.email, properties: userProperties(u) })),
        outcomes,
      );
      for (const [id, contactId] of contacts) outcomes.push({ id, ok: true, crmId: contactId });
    });
  }

  upsertCustomers(records: CrmCustomer[]): Promise<CrmOutcome[]> {
    return runInBatches(records, HUBSPOT_BATCH_SIZE, this.options.onBatch, async (batch, outcomes) => {
      // The owner first: a customer whose contact HubSpot refuses gets no company either.
      const contacts = await this.upsertContacts(
        batch.map((c) => ({ id: c.id, email: c.email, properties: ownerProperties(c) })),
        outcomes,
      );
      const ready = batch.filter((c) => contacts.has(c.id));
      const gone = await this.updateCompanies(
        ready.filter((c) => c.crmId),
        outcomes,
      );
      await this.createCompanies(
        ready.filter((c) => !c.crmId || gone.has(c.id)),
        contacts,
        outcomes,
      );
    });
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
        this.call('contacts batch upsert', () =>
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

  /** Updates companies by their stored id; answers the records whose company HubSpot no longer has. */
  private async updateCompanies(records: CrmCustomer[], outcomes: CrmOutcome[]): Promise<Set<string>> {
    const gone = new Set<string>();
    if (records.length === 0) return gone;
    const answers = await isolateRefusals(
      records,
      (part) =>
        this.call('companies batch update', () =>
          this.client.crm.companies.batchApi.update({
            inputs: part.map((c) => ({
              id: c.crmId!,
              objectWriteTraceId: c.id,
              properties: companyProperties(c),
            })),
          }),
        ),
      (part, refusal) => {
        for (const c of part) {
          // Split down to this one record, so it is this company that HubSpot no longer has.
          if (refusal.notFound) gone.add(c.id);
          else outcomes.push({ id: c.id, ok: false, message: refusal.message });
        }
      },
    );
    const updated = new Map<string, string>();
    for (const { part, answer } of answers) {
      const missingIds = new Set(
        (answer.errors ?? [])
          .filter((e) => e.category === 'OBJECT_NOT_FOUND')
          .flatMap((e) => idsOf(e.context)),
      );
      for (const c of part) if (missingIds.has(c.crmId!)) gone.add(c.id);
      const others = {
        ...answer,
        errors: (answer.errors ?? []).filter((e) => e.category !== 'OBJECT_NOT_FOUND'),
      };
      matchResults(
        part.filter((c) => !gone.has(c.id)),
        others,
        updated,
        outcomes,
      );
    }
    for (const [id, companyId] of updated) outcomes.push({ id, ok: true, crmId: companyId });
    return gone;
  }

  private async createCompanies(
    records: CrmCustomer[],
    contacts: Map<string, string>,
    outcomes: CrmOutcome[],
  ) {
    if (records.length === 0) return;
    const created = new Map<string, string>();
    const answers = await isolateRefusals(
      records,
      (part) =>
        this.call('companies batch create', () =>
          this.client.crm.companies.batchApi.create({
            inputs: part.map((c) => ({
              objectWriteTraceId: c.id,
              properties: companyProperties(c),
              associations: [
                {
                  to: { id: contacts.get(c.id)! },
                  types: [
                    {
                      associationCategory: 'HUBSPOT_DEFINED' as AssociationSpecAssociationCategoryEnum,
                      associationTypeId: AssociationTypes.companyToContact,
                    },
                  ],
                },
              ],
            })),
          }),
        ),
      (part, refusal) =>
        part.forEach((c) => outcomes.push({ id: c.id, ok: false, message: refusal.message })),
    );
    for (const { part, answer } of answers) matchResults(part, answer, created, outcomes);
    for (const [id, companyId] of created) outcomes.push({ id, ok: true, crmId: companyId });
  }

  /** One SDK call with our retries; HubSpot's refusals become CrmUnavailable or BatchRefused. */
  private async call(what: string, send: () => Promise<BatchAnswer>): Promise<BatchAnswer> {
    try {
      return await withRetries(this.retry, what, () => withTimeout(send(), this.timeoutMs), transientOf);
    } catch (err) {
      if (!isApiFailure(err)) throw err;
      const message = this.scrub(hubspotMessage(err.body) ?? `HubSpot answered ${err.code}.`);
      if (err.code === 401) {
        throw new CrmUnavailable(
          'HubSpot refused the access token (401). Check the HubSpot key in API settings.',
        );
      }
      if (err.code === 403) {
        throw new CrmUnavailable(
          `HubSpot refused access (403): the private app needs the CRM contacts and companies write scopes. ${message}`,
        );
      }
      const category = (err.body as { category?: string } | null)?.category;
      const notFound = err.code === 404 || category === 'OBJECT_NOT_FOUND';
      throw new BatchRefused(
        message,
        err.code,
        notFound || (err.code === 400 && category === 'VALIDATION_ERROR'),
        notFound,
      );
    }
  }

  /** HubSpot never echoes the token, but an error message must not carry it even if it did. */
  private scrub(message: string): string {
    return this.token ? message.split(this.token).join('[token]') : message;
  }
}

function transientOf(err: unknown): Transient | null {
  if (isApiFailure(err)) {
    if (err.code !== 429 && err.code < 500) return null;
    // HubSpot's 429 carries Retry-After; without it, an empty burst window tells how long to wait.
    const after = retryAfterMs(headerOf(err.headers, 'retry-after'));
    const remaining = headerOf(err.headers, 'x-hubspot-ratelimit-remaining');
    const interval = Number(headerOf(err.headers, 'x-hubspot-ratelimit-interval-milliseconds'));
    const windowWait = err.code === 429 && remaining === '0' && interval > 0 ? interval : null;
    return { status: err.code, waitMs: after ?? windowWait, detail: '' };
  }
  const network = networkFailure(err);
  return network ? { status: null, waitMs: null, detail: network } : null;
}

/**
 * HubSpot's error message. A validation error names each bad value inside a JSON list
 * ("Property values were not valid: [{...,"message":"Email address x is invalid",...}]"): the inner
 * messages are what the screen should show.
 */
export function hubspotMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return typeof body === 'string' && body ? body.slice(0, 300) : null;
  const list = /^Property values were not valid: (\[.*\])$/s.exec(message)?.[1];
  if (!list) return message;
  try {
    const inner = (JSON.parse(list) as { message?: string }[]).map((p) => p.message).filter(Boolean);
    return inner.length > 0 ? inner.join('; ') : message;
  } catch {
    return message;
  }
}

/** Puts each result under its record (by objectWriteTraceId); errors and silences become failures. */
function matchResults(
  records: { id: string }[],
  answer: BatchAnswer,
  written: Map<string, string>,
  outcomes: CrmOutcome[],
) {
  const wanted = new Set(records.map((r) => r.id));
  for (const result of answer.results) {
    if (result.objectWriteTraceId && wanted.has(result.objectWriteTraceId)) {
      written.set(result.objectWriteTraceId, result.id);
    }
  }
  const errors = (answer.errors ?? []).map((e) => e.message).filter(Boolean);
  for (const r of records) {
    if (written.has(r.id)) continue;
    outcomes.push({
      id: r.id,
      ok: false,
      message:
        errors.length > 0 ? errors.join('; ') : 'HubSpot did not answer for this record; it was not synced.',
    });
  }
}

const idsOf = (context: object | undefined): string[] => {
  const ids = (context as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.map(String) : [];
};

/** Only non-empty values: an empty phone in Motorpool must not clear one typed in HubSpot. */
const present = (props: Record<string, string | null | undefined>): Properties =>
  Object.fromEntries(Object.entries(props).filter((e): e is [string, string] => !!e[1]));

function ownerProperties(c: CrmCustomer): Properties {
  return present({
    firstname: c.firstName,
    lastname: c.lastName,
    phone: c.phone,
    company: c.companyName,
    country: c.country,
  });
}

function companyProperties(c: CrmCustomer): Properties {
  return present({ name: companyNameOf(c), phone: c.phone, country: c.country });
}

function userProperties(u: CrmUser): Properties {
  return present({ firstname: u.firstName, lastname: u.lastName, phone: u.phone, jobtitle: u.role });
}
