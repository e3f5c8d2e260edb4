// The real HubSpot adapter (on @hubspot/api-client) against the local HubSpot-speaking server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingSleep, sampleCustomers, sampleUsers } from '../../../../tests/fakes/crm-records';
import { startSilentServer, unreachableUrl } from '../../../../tests/fakes/http-fake';
import {
  COMPANY_TO_CONTACT,
  startHubspotServer,
  type FakeHubspot,
} from '../../../../tests/fakes/hubspot-server';
import { CrmUnavailable, type CrmAdapter, type CrmOutcome } from './adapter';
import { createCrmAdapter } from './create-adapter';

const customers = (n: number) => sampleCustomers(n);
const users = (n: number) => sampleUsers(n);
import { HubspotCrmAdapter } from './hubspot';
import { COMPANY_KEY } from './hubspot-properties';

let hubspot: FakeHubspot;
let waits: number[];
let sleep: (ms: number) => Promise<void>;

beforeAll(async () => {
  hubspot = await startHubspotServer();
});
afterAll(() => hubspot.close());
beforeEach(() => {
  hubspot.reset();
  ({ waits, sleep } = recordingSleep());
});

const adapter = (token = hubspot.token, url = hubspot.url): CrmAdapter =>
  createCrmAdapter({ type: 'hubspot', accessToken: token }, { hubspotApiUrl: url, sleep });

const ok = (outcomes: CrmOutcome[]) => outcomes.filter((o) => o.ok);
const batchCalls = (path: string) => hubspot.requests.filter((r) => r.path === path);
const UPSERT = '/crm/v3/objects/contacts/batch/upsert';
const COMPANY_UPSERT = '/crm/v3/objects/companies/batch/upsert';
const PROPERTY = `/crm/v3/properties/companies/${COMPANY_KEY}`;

describe('HubSpot adapter', () => {
  it('writes each customer as its owner contact and an associated company, one outcome per record', async () => {
    const records = customers(3);
    const outcomes = await adapter().upsertCustomers(records);

    expect(outcomes).toHaveLength(3);
    expect(ok(outcomes)).toHaveLength(3);
    for (const r of records) {
      const outcome = outcomes.find((o) => o.id === r.id);
      if (!outcome?.ok) throw new Error(`no success for ${r.id}`);
      const company = hubspot.companies.get(outcome.crmId);
      expect(company?.properties.name).toBe(r.companyName);
      const contact = hubspot.contactByEmail(r.email);
      expect(contact?.properties).toMatchObject({
        firstname: 'Olive',
        lastname: r.lastName,
        company: r.companyName,
      });
      expect(hubspot.associations).toContainEqual({
        fromCompanyId: outcome.crmId,
        toContactId: contact!.id,
        typeId: COMPANY_TO_CONTACT,
      });
    }
  });

  it('retries a 429 after the Retry-After HubSpot sends, then succeeds', async () => {
    hubspot.failNext(1, { status: 429, retryAfterSeconds: 7 });
    const records = users(2);
    const outcomes = await adapter().upsertUsers(records);

    expect(ok(outcomes)).toHaveLength(2);
    expect(batchCalls(UPSERT).map((r) => r.status)).toEqual([429, 200]);
    expect(waits).toEqual([7000]);
  });

  it('gives up after four attempts of 5xx with bounded backoff, as CrmUnavailable when nothing was synced', async () => {
    hubspot.failWith(503);
    const error = await adapter()
      .upsertUsers(users(2))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/HubSpot answered 503 4 times/);
    expect(batchCalls(UPSERT)).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('sends at most 100 records per call: 250 users are 3 calls', async () => {
    const outcomes = await adapter().upsertUsers(users(250));

    expect(ok(outcomes)).toHaveLength(250);
    expect(batchCalls(UPSERT).map((r) => (r.body as { inputs: unknown[] }).inputs.length)).toEqual([
      100, 100, 50,
    ]);
    expect(hubspot.contacts.size).toBe(250);
  });

  it('a second sync of the same records creates nothing new and answers the same ids', async () => {
    const records = customers(120);
    const first = await adapter().upsertCustomers(records);
    const sizes = { contacts: hubspot.contacts.size, companies: hubspot.companies.size };
    expect(sizes).toEqual({ contacts: 120, companies: 120 });

    // As the CRM module does: the stored crmId goes with the record next time.
    const crmIds = new Map(first.map((o) => [o.id, o.ok ? o.crmId : null]));
    const again = records.map((r) => ({
      ...r,
      crmId: crmIds.get(r.id)!,
      companyName: `${r.companyName} Ltd`,
    }));
    const second = await adapter().upsertCustomers(again);

    expect({ contacts: hubspot.contacts.size, companies: hubspot.companies.size }).toEqual(sizes);
    expect(new Map(second.map((o) => [o.id, o.ok ? o.crmId : null]))).toEqual(crmIds);
    expect(hubspot.companies.get(crmIds.get(records[0]!.id)!)?.properties.name).toBe(
      `${records[0]!.companyName} Ltd`,
    );
    expect(batchCalls(COMPANY_UPSERT)).toHaveLength(4);
  });

  it('users synced twice stay one contact each, with the same contact id', async () => {
    const records = users(5);
    const first = await adapter().upsertUsers(records);
    const second = await adapter().upsertUsers(records);

    expect(hubspot.contacts.size).toBe(5);
    expect(second).toEqual(expect.arrayContaining(first));
  });

  it('a company deleted in HubSpot is created again on the next sync', async () => {
    const [record] = customers(1);
    const [first] = await adapter().upsertCustomers([record!]);
    if (!first?.ok) throw new Error('first sync failed');
    hubspot.deleteCompany(first.crmId);

    const [second] = await adapter().upsertCustomers([{ ...record!, crmId: first.crmId }]);

    expect(second?.ok).toBe(true);
    expect(second?.ok && second.crmId).not.toBe(first.crmId);
    expect(hubspot.companies.size).toBe(1);
  });

  it('a record HubSpot rejects fails with its message while the rest of the batch is synced', async () => {
    const records = users(10);
    hubspot.rejectEmail(records[3]!.email, 'Email address is blocked by this portal');
    const outcomes = await adapter().upsertUsers(records);

    expect(outcomes).toHaveLength(10);
    expect(outcomes.find((o) => o.id === records[3]!.id)).toEqual({
      id: records[3]!.id,
      ok: false,
      message: 'Email address is blocked by this portal',
    });
    expect(ok(outcomes)).toHaveLength(9);
    expect(hubspot.contacts.size).toBe(9);
  });

  it('a customer whose owner contact is rejected gets no company', async () => {
    const records = customers(4);
    hubspot.rejectEmail(records[0]!.email, 'Email address is blocked by this portal');
    const outcomes = await adapter().upsertCustomers(records);

    expect(outcomes.find((o) => o.id === records[0]!.id)).toMatchObject({ ok: false });
    expect(ok(outcomes)).toHaveLength(3);
    expect([...hubspot.companies.values()].map((c) => c.properties.name)).not.toContain(
      records[0]!.companyName,
    );
  });

  it('a refused token is CrmUnavailable with a clear message that never carries the token', async () => {
    const token = 'pat-na1-secret-wrong-token';
    const error = await adapter(token)
      .upsertUsers(users(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/HubSpot refused the access token/);
    expect((error as Error).message).not.toContain(token);
    expect(batchCalls(UPSERT)).toHaveLength(1);
  });

  it('a 4xx for a whole batch fails each of its records with HubSpot message', async () => {
    hubspot.failNext(1, { status: 409, message: 'Conflicting write in progress' });
    const records = users(3);
    const outcomes = await adapter().upsertUsers(records);

    expect(outcomes).toHaveLength(3);
    expect(outcomes.every((o) => !o.ok && o.message === 'Conflicting write in progress')).toBe(true);
    expect(batchCalls(UPSERT)).toHaveLength(1);
  });

  it('a Retry-After longer than the wait allowed gives up at once instead of blocking the sync', async () => {
    hubspot.failNext(1, { status: 429, retryAfterSeconds: 120 });
    const error = await adapter()
      .upsertUsers(sampleUsers(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toBe('HubSpot answered 429 and asked to wait 120 s; try again later.');
    expect(batchCalls(UPSERT)).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('a 429 without Retry-After waits out the rate-limit window HubSpot names in its headers', async () => {
    hubspot.failNext(1, { status: 429 });
    const outcomes = await adapter().upsertUsers(users(1));

    expect(ok(outcomes)).toHaveLength(1);
    expect(waits).toEqual([10_000]);
  });

  it('a record left out of HubSpot answer is a failure saying so; the others are synced', async () => {
    const records = users(3);
    hubspot.omitFromAnswer(records[1]!.email);
    const outcomes = await adapter().upsertUsers(records);

    expect(outcomes).toHaveLength(3);
    expect(outcomes.find((o) => o.id === records[1]!.id)).toEqual({
      id: records[1]!.id,
      ok: false,
      message: 'HubSpot did not answer for this record; it was not synced.',
    });
    expect(ok(outcomes)).toHaveLength(2);
  });

  it('two records with one email in a batch (refused by HubSpot as duplicates) both land on one contact', async () => {
    const [a, b] = users(2);
    const twin = { ...b!, email: a!.email.toUpperCase() };
    const outcomes = await adapter().upsertUsers([a!, twin]);

    expect(ok(outcomes)).toHaveLength(2);
    expect(hubspot.contacts.size).toBe(1);
    expect(new Set(outcomes.map((o) => o.ok && o.crmId)).size).toBe(1);
  });

  it('a refused scope (403) is CrmUnavailable naming the scopes', async () => {
    hubspot.failNext(1, { status: 403, message: "This app hasn't been granted all required scopes" });
    const error = await adapter()
      .upsertUsers(users(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/HubSpot refused access \(403\).*scopes/);
  });

  it('an unreachable HubSpot is retried, then CrmUnavailable', async () => {
    const url = await unreachableUrl();

    const error = await adapter(hubspot.token, url)
      .upsertUsers(users(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/HubSpot could not be reached .* 4 times in a row/);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('a HubSpot that never answers times out and is retried like a 5xx', async () => {
    const { url, close } = await startSilentServer();
    try {
      const slow = new HubspotCrmAdapter({ accessToken: hubspot.token, apiUrl: url, sleep, timeoutMs: 50 });
      const error = await slow.upsertUsers(users(1)).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(/could not be reached \(no answer within 0.05 s\) 4 times/);
      expect(waits).toHaveLength(3);
    } finally {
      await close();
    }
  });

  it('the store is readable over HTTP for journeys (GET /__control/contacts?email=)', async () => {
    const [record] = users(1);
    await adapter().upsertUsers([record!]);

    const answer = (await (
      await fetch(`${hubspot.url}/__control/contacts?email=${record!.email}`)
    ).json()) as {
      total: number;
      results: { properties: Record<string, string> }[];
    };
    expect(answer.total).toBe(1);
    expect(answer.results[0]!.properties).toMatchObject({ email: record!.email, jobtitle: 'sales' });
  });

  it('a company write retried after a 502 that HubSpot had applied leaves one company', async () => {
    const [record] = customers(1);
    // The contacts upsert passes; the company upsert is carried out, then answered 502.
    await adapter().upsertCustomers(sampleCustomers(1)); // the property exists from here on
    hubspot.reset();
    hubspot.beforeAnswer(({ path }) => {
      if (path === COMPANY_UPSERT) {
        hubspot.beforeAnswer(null);
        hubspot.failNext(1, { status: 502, applied: true });
      }
    });
    const [outcome] = await adapter().upsertCustomers([record!]);

    expect(outcome?.ok).toBe(true);
    expect(batchCalls(COMPANY_UPSERT).map((r) => r.status)).toEqual([502, 200]);
    expect(hubspot.companiesWith(COMPANY_KEY, record!.id)).toHaveLength(1);
    expect(hubspot.companies.size).toBe(1);
    expect(outcome?.ok && outcome.crmId).toBe(hubspot.companiesWith(COMPANY_KEY, record!.id)[0]!.id);
  });

  it('two calls for the same new customer at once make one company', async () => {
    const [record] = customers(1);
    // Both calls are under way before either writes: each has the customer without a crmId.
    let waiting = 0;
    let release: () => void = () => {};
    const bothIn = new Promise<void>((resolve) => (release = resolve));
    hubspot.beforeAnswer(async ({ path }) => {
      if (path !== UPSERT) return;
      if (++waiting === 2) release();
      await bothIn;
    });
    const outcomes = await Promise.all([
      adapter().upsertCustomers([record!]),
      adapter().upsertCustomers([record!]),
    ]);

    expect(outcomes.flat().every((o) => o.ok)).toBe(true);
    expect(hubspot.companies.size).toBe(1);
    expect(new Set(outcomes.flat().map((o) => o.ok && o.crmId)).size).toBe(1);
    expect(hubspot.associations).toHaveLength(1);
  });

  it('creates the unique company property on first use, once per process and portal', async () => {
    const fresh = await startHubspotServer();
    try {
      const crm = () =>
        createCrmAdapter({ type: 'hubspot', accessToken: fresh.token }, { hubspotApiUrl: fresh.url, sleep });
      expect(fresh.companyProperties.has(COMPANY_KEY)).toBe(false);
      const records = customers(2);
      await crm().upsertCustomers(records);
      await crm().upsertCustomers(records);

      expect(fresh.companyProperties.get(COMPANY_KEY)).toMatchObject({
        type: 'string',
        fieldType: 'text',
        hasUniqueValue: true,
      });
      const schemaCalls = fresh.requests.filter((r) => r.path.startsWith('/crm/v3/properties/'));
      expect(schemaCalls.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 404', 'POST 201']);
      expect(fresh.companies.size).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it('a property created meanwhile by another instance (409) is taken as there', async () => {
    const fresh = await startHubspotServer();
    try {
      fresh.beforeAnswer(({ method, path }) => {
        if (method === 'POST' && path === '/crm/v3/properties/companies') {
          fresh.defineCompanyProperty(COMPANY_KEY, { unique: true });
        }
      });
      const outcomes = await createCrmAdapter(
        { type: 'hubspot', accessToken: fresh.token },
        { hubspotApiUrl: fresh.url, sleep },
      ).upsertCustomers(customers(1));

      expect(ok(outcomes)).toHaveLength(1);
      expect(
        fresh.requests.filter((r) => r.path.startsWith('/crm/v3/properties/')).map((r) => r.status),
      ).toEqual([404, 409]);
    } finally {
      await fresh.close();
    }
  });

  it('without the schema scopes the property cannot be created: CrmUnavailable saying what to do', async () => {
    const fresh = await startHubspotServer();
    try {
      fresh.grantSchemaScopes(false);
      const error = await createCrmAdapter(
        { type: 'hubspot', accessToken: fresh.token },
        { hubspotApiUrl: fresh.url, sleep },
      )
        .upsertCustomers(customers(1))
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(
        /crm\.schemas\.companies\.write.*or create that property in HubSpot/,
      );
      expect(fresh.companies.size).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('a property that exists without unique values is CrmUnavailable, and no company is written', async () => {
    const fresh = await startHubspotServer();
    try {
      fresh.defineCompanyProperty(COMPANY_KEY, { unique: false });
      const error = await createCrmAdapter(
        { type: 'hubspot', accessToken: fresh.token },
        { hubspotApiUrl: fresh.url, sleep },
      )
        .upsertCustomers(customers(1))
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(/does not require unique values/);
      expect(fresh.companies.size).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('a property deleted in HubSpot after this process looked is created again, and the sync goes on', async () => {
    await adapter().upsertCustomers(customers(1));
    hubspot.deleteCompanyProperty(COMPANY_KEY);
    hubspot.requests.length = 0;
    const outcomes = await adapter().upsertCustomers(customers(3));

    expect(ok(outcomes)).toHaveLength(3);
    expect(hubspot.companyProperties.get(COMPANY_KEY)?.hasUniqueValue).toBe(true);
    expect(batchCalls(COMPANY_UPSERT).map((r) => r.status)).toEqual([400, 200]);
    expect(batchCalls(PROPERTY).map((r) => r.status)).toEqual([404]);
  });

  for (const kind of ['html', 'empty', 'truncated'] as const) {
    it(`a 200 answer that is not HubSpot's API (${kind}) is CrmUnavailable saying so`, async () => {
      hubspot.garbleNext(kind);
      const error = await adapter()
        .upsertCustomers(customers(2))
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(
        /^HubSpot sent an answer that is not its API's to the contacts batch upsert/,
      );
    });
  }

  it('a company upsert answer without ids is CrmUnavailable too', async () => {
    await adapter().upsertCustomers(customers(1));
    hubspot.reset();
    hubspot.garbleNext('empty', { after: 1 });
    const error = await adapter()
      .upsertCustomers(customers(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(
      /not its API's to the companies batch upsert \(no list of results\)/,
    );
  });
});

describe('HubSpot connection test', () => {
  it('answers what it found with a good token, and writes nothing', async () => {
    hubspot.deleteCompanyProperty(COMPANY_KEY);
    await expect(adapter().testConnection()).resolves.toMatch(
      /accepted the access token.*first sync creates/,
    );
    hubspot.defineCompanyProperty(COMPANY_KEY, { unique: true });
    await expect(adapter().testConnection()).resolves.toMatch(/accepted the access token.*is ready/);
    expect(hubspot.requests.every((r) => r.method === 'GET')).toBe(true);
    expect(hubspot.companyProperties.has(COMPANY_KEY)).toBe(true);
  });

  it('fails with the reason, never the token: a refused token, missing scopes, a property that is not unique', async () => {
    const wrong = 'pat-na1-wrong-token-0000';
    const refused = await adapter(wrong)
      .testConnection()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CrmUnavailable);
    expect((refused as Error).message).toMatch(/refused the access token \(401\)/);
    expect((refused as Error).message).not.toContain(wrong);

    hubspot.grantSchemaScopes(false);
    await expect(adapter().testConnection()).rejects.toThrow(/crm\.schemas\.companies\.read/);
    hubspot.grantSchemaScopes(true);

    hubspot.deleteCompanyProperty(COMPANY_KEY);
    hubspot.defineCompanyProperty(COMPANY_KEY, { unique: false });
    await expect(adapter().testConnection()).rejects.toThrow(/does not require unique values/);
    hubspot.deleteCompanyProperty(COMPANY_KEY);
  });

  it('says HubSpot cannot be reached when nothing answers', async () => {
    await expect(adapter(hubspot.token, await unreachableUrl()).testConnection()).rejects.toBeInstanceOf(
      CrmUnavailable,
    );
  });
});
