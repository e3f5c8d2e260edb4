// The real Salesforce adapter (on jsforce) against the local Salesforce-speaking server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingSleep, sampleCustomers, sampleUsers } from '../../../../tests/fakes/crm-records';
import { startSilentServer, unreachableUrl } from '../../../../tests/fakes/http-fake';
import {
  EXTERNAL_ID_FIELD,
  startSalesforceServer,
  type FakeSalesforce,
} from '../../../../tests/fakes/salesforce-server';
import { CrmUnavailable, type CrmAdapter, type CrmCredentials, type CrmOutcome } from './adapter';
import { createCrmAdapter } from './create-adapter';

const customers = (n: number) => sampleCustomers(n);
const users = (n: number) => sampleUsers(n);
import { SalesforceCrmAdapter } from './salesforce';

let sf: FakeSalesforce;
let waits: number[];
let sleep: (ms: number) => Promise<void>;

beforeAll(async () => {
  sf = await startSalesforceServer();
});
afterAll(() => sf.close());
beforeEach(() => {
  sf.reset();
  ({ waits, sleep } = recordingSleep());
});

type Auth = { accessToken: string } | { clientId: string; clientSecret: string };

const adapter = (auth: Auth = { accessToken: sf.accessToken }): CrmAdapter => {
  const credentials: CrmCredentials = {
    type: 'salesforce',
    // The stored URL is the real org's; SALESFORCE_INSTANCE_URL (the option) points at the local server.
    instanceUrl: 'https://motorpool.my.salesforce.com',
    accessToken: 'accessToken' in auth ? auth.accessToken : null,
    clientId: 'clientId' in auth ? auth.clientId : null,
    clientSecret: 'clientSecret' in auth ? auth.clientSecret : null,
  };
  return createCrmAdapter(credentials, {
    salesforceInstanceUrl: sf.url,
    sleep,
  });
};

const ok = (outcomes: CrmOutcome[]) => outcomes.filter((o) => o.ok);
const upserts = (type: 'Account' | 'Contact') =>
  sf.requests.filter(
    (r) => r.method === 'PATCH' && r.path.endsWith(`/composite/sobjects/${type}/${EXTERNAL_ID_FIELD}`),
  );
const sizes = (type: 'Account' | 'Contact') =>
  upserts(type).map((r) => (r.body as { records: unknown[] }).records.length);

describe('Salesforce adapter', () => {
  it('writes a customer as an Account with its owner Contact under it; the outcome is the Account id', async () => {
    const records = customers(3);
    const outcomes = await adapter().upsertCustomers(records);

    expect(ok(outcomes)).toHaveLength(3);
    for (const r of records) {
      const account = sf.byExternalId('Account', `customer:${r.id}`);
      const contact = sf.byExternalId('Contact', `customer:${r.id}`);
      expect(outcomes).toContainEqual({ id: r.id, ok: true, crmId: account!.Id });
      expect(account!.fields).toMatchObject({ Name: r.companyName, BillingCountry: 'GB' });
      expect(contact!.fields).toMatchObject({ Email: r.email, LastName: r.lastName, AccountId: account!.Id });
    }
    // One collections call per object type, never one per record; allOrNone off.
    expect(upserts('Account')).toHaveLength(1);
    expect(upserts('Contact')).toHaveLength(1);
    expect((upserts('Account')[0]!.body as { allOrNone: boolean }).allOrNone).toBe(false);
  });

  it('one record Salesforce refuses fails with its message while the others are synced', async () => {
    const records = users(6);
    sf.rejectRecord(records[2]!.email, 'Contacts from this domain need approval');
    const outcomes = await adapter().upsertUsers(records);

    expect(outcomes).toHaveLength(6);
    expect(outcomes.find((o) => o.id === records[2]!.id)).toEqual({
      id: records[2]!.id,
      ok: false,
      message: 'Contacts from this domain need approval',
    });
    expect(ok(outcomes)).toHaveLength(5);
    expect(sf.contacts.size).toBe(5);
    expect(upserts('Contact')).toHaveLength(1);
  });

  it('a customer whose Account is refused gets no Contact, and the failure is on that customer', async () => {
    const records = customers(3);
    sf.rejectRecord(`customer:${records[1]!.id}`, 'Account name is on the blocked list');
    const outcomes = await adapter().upsertCustomers(records);

    expect(outcomes.find((o) => o.id === records[1]!.id)).toEqual({
      id: records[1]!.id,
      ok: false,
      message: 'Account name is on the blocked list',
    });
    expect(ok(outcomes)).toHaveLength(2);
    expect(sf.byExternalId('Contact', `customer:${records[1]!.id}`)).toBeUndefined();
    expect(sizes('Contact')).toEqual([2]);
  });

  it('sends at most 200 records per call: 450 users are 3 calls', async () => {
    const outcomes = await adapter().upsertUsers(users(450));

    expect(ok(outcomes)).toHaveLength(450);
    expect(sizes('Contact')).toEqual([200, 200, 50]);
  });

  it('a second sync of the same records creates nothing new and answers the same ids', async () => {
    const records = customers(5);
    const first = await adapter().upsertCustomers(records);
    const counts = { accounts: sf.accounts.size, contacts: sf.contacts.size };
    expect(counts).toEqual({ accounts: 5, contacts: 5 });

    const second = await adapter().upsertCustomers(
      records.map((r) => ({ ...r, companyName: `${r.companyName} plc` })),
    );

    expect({ accounts: sf.accounts.size, contacts: sf.contacts.size }).toEqual(counts);
    expect(second).toEqual(expect.arrayContaining(first));
    expect(sf.byExternalId('Account', `customer:${records[0]!.id}`)!.fields.Name).toBe(
      `${records[0]!.companyName} plc`,
    );
  });

  it('gets a token by the client-credentials flow and syncs with it', async () => {
    const outcomes = await adapter({ clientId: sf.clientId, clientSecret: sf.clientSecret }).upsertUsers(
      users(2),
    );

    expect(ok(outcomes)).toHaveLength(2);
    expect(sf.issuedTokens).toHaveLength(1);
    const token = sf.requests.find((r) => r.path === '/services/oauth2/token');
    expect(new URLSearchParams(String(token!.body)).get('grant_type')).toBe('client_credentials');
  });

  it('a client-credentials token that expires during the sync is renewed once, and the sync goes on', async () => {
    const auth = { clientId: sf.clientId, clientSecret: sf.clientSecret };
    const crm = createCrmAdapter(
      { type: 'salesforce', instanceUrl: null, accessToken: null, ...auth },
      { salesforceInstanceUrl: sf.url, sleep },
    );
    // Salesforce ends the session after the first call.
    sf.failNext(1, { status: 401 }, { after: 1 });
    const outcomes = await crm.upsertUsers(sampleUsers(300));

    expect(ok(outcomes)).toHaveLength(300);
    expect(sf.issuedTokens).toHaveLength(2);
    expect(upserts('Contact').map((r) => r.status)).toEqual([200, 401, 200]);
  });

  it('an access token refused again after renewal is CrmUnavailable (no loop)', async () => {
    const crm = createCrmAdapter(
      {
        type: 'salesforce',
        instanceUrl: null,
        accessToken: null,
        clientId: sf.clientId,
        clientSecret: sf.clientSecret,
      },
      { salesforceInstanceUrl: sf.url, sleep },
    );
    sf.failNext(2, { status: 401 });
    const error = await crm.upsertUsers(sampleUsers(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect(sf.issuedTokens).toHaveLength(2);
    expect(upserts('Contact')).toHaveLength(2);
  });

  it('a token endpoint that answers 503 is retried like the API', async () => {
    sf.failTokenNext(1, { status: 503 });
    const outcomes = await adapter({ clientId: sf.clientId, clientSecret: sf.clientSecret }).upsertUsers(
      sampleUsers(1),
    );

    expect(ok(outcomes)).toHaveLength(1);
    expect(sf.requests.filter((r) => r.path === '/services/oauth2/token').map((r) => r.status)).toEqual([
      503, 200,
    ]);
    expect(waits).toEqual([1000]);
  });

  it('a refused client secret is CrmUnavailable naming the problem, never the secret', async () => {
    const secret = 'wrong-secret-0123456789';
    const error = await adapter({ clientId: sf.clientId, clientSecret: secret })
      .upsertUsers(users(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(
      /refused the connected app's client id and secret \(invalid client credentials\)/,
    );
    expect((error as Error).message).not.toContain(secret);
    expect(upserts('Contact')).toHaveLength(0);
  });

  it('a refused access token is CrmUnavailable without the token', async () => {
    const token = '00Dwrong!token-value';
    const error = await adapter({ accessToken: token })
      .upsertUsers(users(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/Salesforce refused the access token/);
    expect((error as Error).message).not.toContain(token);
    expect(upserts('Contact')).toHaveLength(1);
  });

  it('retries a 503 and then succeeds, with backoff through the injected sleep', async () => {
    sf.failNext(2, { status: 503 });
    const outcomes = await adapter().upsertUsers(users(3));

    expect(ok(outcomes)).toHaveLength(3);
    expect(upserts('Contact').map((r) => r.status)).toEqual([503, 503, 200]);
    expect(waits).toEqual([1000, 2000]);
  });

  it('honours Retry-After on a 429', async () => {
    sf.failNext(1, { status: 429, retryAfterSeconds: 3 });
    const outcomes = await adapter().upsertUsers(users(1));

    expect(ok(outcomes)).toHaveLength(1);
    expect(upserts('Contact').map((r) => r.status)).toEqual([429, 200]);
    expect(waits).toEqual([3000]);
  });

  it('still failing after the retries: CrmUnavailable when nothing was synced, attempts bounded', async () => {
    sf.failWith(503);
    const error = await adapter()
      .upsertUsers(users(1))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/Salesforce answered 503 4 times/);
    expect(upserts('Contact')).toHaveLength(4);
  });

  it('a later batch still failing after the retries is CrmUnavailable; the first batch is upserted on our ids', async () => {
    const records = users(250);
    // The first call goes through, then Salesforce stays down.
    sf.failNext(4, { status: 503 }, { after: 1 });
    const error = await adapter()
      .upsertUsers(records)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(/Salesforce answered 503 4 times/);
    expect(upserts('Contact').map((r) => r.status)).toEqual([200, 503, 503, 503, 503]);
    // The next sync updates those 200 on their external ids rather than creating them again.
    const outcomes = await adapter().upsertUsers(records);
    expect(ok(outcomes)).toHaveLength(250);
    expect(sf.contacts.size).toBe(250);
  });

  it('a 4xx for the whole call fails each record with Salesforce message', async () => {
    sf.failNext(1, { status: 400, message: 'Field Motorpool_Id__c is not an external id' });
    const records = users(3);
    const outcomes = await adapter().upsertUsers(records);

    expect(outcomes).toHaveLength(3);
    expect(outcomes.every((o) => !o.ok && o.message === 'Field Motorpool_Id__c is not an external id')).toBe(
      true,
    );
    expect(upserts('Contact')).toHaveLength(1);
  });

  it('an unreachable instance is retried, then CrmUnavailable', async () => {
    const url = await unreachableUrl();
    const unreachable = createCrmAdapter(
      {
        type: 'salesforce',
        instanceUrl: url,
        accessToken: sf.accessToken,
        clientId: null,
        clientSecret: null,
      },
      { sleep },
    );

    const error = await unreachable.upsertUsers(users(1)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CrmUnavailable);
    expect((error as Error).message).toMatch(
      /Salesforce could not be reached \(ECONNREFUSED\) 4 times in a row/,
    );
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('missing credentials are CrmUnavailable naming what to set', () => {
    expect(() =>
      createCrmAdapter({
        type: 'salesforce',
        instanceUrl: sf.url,
        accessToken: null,
        clientId: 'x',
        clientSecret: null,
      }),
    ).toThrow(/set an access token, or a connected app client id and secret/);
    expect(() => createCrmAdapter({ type: 'hubspot', accessToken: '' })).toThrow(/HubSpot is not configured/);
  });

  it('an instance that never answers times out and is retried', async () => {
    const { url, close } = await startSilentServer();
    try {
      const slow = new SalesforceCrmAdapter({
        instanceUrl: url,
        auth: { accessToken: sf.accessToken },
        sleep,
        timeoutMs: 50,
      });
      const error = await slow.upsertUsers(users(1)).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(/Salesforce could not be reached \(timed out\) 4 times/);
      expect(waits).toHaveLength(3);
    } finally {
      await close();
    }
  });

  it('an answer whose body stalls after the headers times out and is retried', async () => {
    const slow = new SalesforceCrmAdapter({
      instanceUrl: sf.url,
      auth: { accessToken: sf.accessToken },
      sleep,
      timeoutMs: 200,
    });
    sf.misanswerNext('stall');
    const started = Date.now();
    const outcomes = await slow.upsertUsers(users(1));

    expect(ok(outcomes)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(waits).toEqual([1000]);
  });

  it('a token endpoint that never answers times out, retried, then CrmUnavailable', async () => {
    const { url, close } = await startSilentServer();
    try {
      const slow = new SalesforceCrmAdapter({
        instanceUrl: url,
        auth: { clientId: sf.clientId, clientSecret: sf.clientSecret },
        sleep,
        timeoutMs: 50,
      });
      const error = await slow.upsertUsers(users(1)).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(
        /Salesforce could not be reached \(no answer within 0.05 s\) 4 times/,
      );
      expect(waits).toEqual([1000, 2000, 4000]);
    } finally {
      await close();
    }
  });

  for (const kind of ['html', 'empty', 'truncated'] as const) {
    it(`a 200 answer that is not Salesforce's API (${kind}) is CrmUnavailable saying so`, async () => {
      sf.misanswerNext(kind);
      const error = await adapter()
        .upsertCustomers(customers(2))
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(CrmUnavailable);
      expect((error as Error).message).toMatch(
        /^Salesforce sent an answer that is not its API's to the Account upsert/,
      );
    });
  }
});

describe('Salesforce connection test', () => {
  it('signs in with a token or the client credentials and reads the external-id field, writing nothing', async () => {
    await expect(adapter().testConnection()).resolves.toMatch(
      new RegExp(`accepted the credentials.*${EXTERNAL_ID_FIELD}`),
    );
    await expect(
      adapter({ clientId: sf.clientId, clientSecret: sf.clientSecret }).testConnection(),
    ).resolves.toMatch(/accepted the credentials/);
    expect(sf.requests.filter((r) => r.method !== 'GET' && !r.path.includes('oauth2'))).toEqual([]);
    expect(sf.accounts.size + sf.contacts.size).toBe(0);
  });

  it('fails with the reason, never the secret: a refused token, a refused client secret', async () => {
    const refused = await adapter({ accessToken: '00Dwrong!token' })
      .testConnection()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CrmUnavailable);
    expect((refused as Error).message).toMatch(/refused the access token \(401\)/);
    expect((refused as Error).message).not.toContain('00Dwrong!token');

    const secret = 'not-the-secret-1234';
    const badApp = await adapter({ clientId: sf.clientId, clientSecret: secret })
      .testConnection()
      .catch((e: unknown) => e);
    expect(badApp).toBeInstanceOf(CrmUnavailable);
    expect((badApp as Error).message).toMatch(/refused the connected app/);
    expect((badApp as Error).message).not.toContain(secret);
  });
});
