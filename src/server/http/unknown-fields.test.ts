import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_CHANGED_HEADER, DATA_READ_HEADER } from '../../shared/data-domains';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { signUp, type TestCustomer } from '../../../tests/setup/customers';
import { unknownFields, unknownFieldMessage } from './unknown-fields';

describe('unknownFields', () => {
  const address = z.object({ street: z.string(), city: z.string() });
  const body = z.object({ name: z.string().trim(), address: address.optional(), tags: z.array(address) });

  it('names every key a body schema does not declare, with its path', () => {
    expect(
      unknownFields(body, { name: 'a', address: { street: 's', zip: 1 }, tags: [{ city: 'c', x: 1 }] }),
    ).toEqual(['address.zip', 'tags.0.x']);
    expect(unknownFields(body, { name: 'a', assignedTo: 'x', foo: 1 })).toEqual(['assignedTo', 'foo']);
    expect(unknownFields(body, { name: 'a', address: null })).toEqual([]);
  });

  it('sees through refinements, pipes and preprocessing, and accepts any key under a catch-all', () => {
    expect(
      unknownFields(
        body.refine(() => true).transform((b) => b.name),
        { foo: 1 },
      ),
    ).toEqual(['foo']);
    expect(
      unknownFields(
        z.preprocess((v) => v, body),
        { foo: 1 },
      ),
    ).toEqual(['foo']);
    expect(unknownFields(z.looseObject({ a: z.string() }), { foo: 1 })).toEqual([]);
    expect(unknownFields(z.object({ a: z.record(z.string(), address) }), { a: { k: { zip: 1 } } })).toEqual([
      'a.k.zip',
    ]);
  });

  it('judges a union body by the option it fits best, and an intersection by both sides', () => {
    const either = z.union([
      z.null(),
      z.object({ a: z.string() }),
      z.object({ b: z.string(), c: z.string() }),
    ]);
    expect(unknownFields(either, { b: 'x', c: 'y' })).toEqual([]);
    expect(unknownFields(either, { a: 'x', c: 'y' })).toEqual(['c']);
    expect(unknownFields(either, { foo: 1 })).toEqual(['foo']);
    const both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }));
    expect(unknownFields(both, { a: 'x', b: 'y', foo: 1 })).toEqual(['foo']);
  });

  it('names one field or several', () => {
    expect(unknownFieldMessage(['foo'])).toBe('Unknown field: foo');
    expect(unknownFieldMessage(['foo', 'bar.baz'])).toBe('Unknown fields: foo, bar.baz');
  });
});

describe('every route refuses a body field it does not know', () => {
  let t: TestApp;
  let admin: string;
  let customer: TestCustomer;
  useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));
  beforeAll(async () => {
    customer = await signUp(t);
  });

  it('answers 400 naming each unknown key, before the handler runs (nothing read, nothing changed)', async () => {
    const checked: string[] = [];
    for (const { method, url, access } of t.app.accessTable) {
      if (method === 'GET') continue;
      const cookie = 'public' in access ? undefined : 'customer' in access ? customer.cookie : admin;
      const res = await t.app.inject({
        method: method as 'POST',
        url: url.replace(/:([a-z]+)/gi, () => randomUUID()),
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify({ notAField: 1, alsoUnknown: { x: 1 } }),
      });
      const where = `${method} ${url}`;
      // The Stripe webhook reads its body raw, for the signature: not a JSON API body.
      if (url.includes('webhooks')) continue;
      expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
      expect(res.json(), where).toMatchObject({
        message: 'Unknown fields: notAField, alsoUnknown',
        errors: { notAField: 'Unknown field', alsoUnknown: 'Unknown field' },
      });
      expect(res.headers[DATA_CHANGED_HEADER.toLowerCase()], where).toBeUndefined();
      expect(res.headers[DATA_READ_HEADER.toLowerCase()], where).toBeUndefined();
      checked.push(where);
    }
    expect(checked.length).toBeGreaterThan(80);
  });

  it('names a nested unknown key, and leaves the record as it was', async () => {
    const before = (await t.get(customer, '/api/customer/billing-info')).json();
    const res = await t.post(customer, '/api/customer/update-billing-address', {
      address: {
        street: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        country: 'US',
        zip: 'x',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown field: address.zip');
    expect((await t.get(customer, '/api/customer/billing-info')).json()).toEqual(before);
  });
});
