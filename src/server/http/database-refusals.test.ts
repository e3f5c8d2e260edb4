import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { customers, paymentMethods } from '../db/schema';
import { databaseRefusal } from './errors';

// The same driver errors on both databases: node-postgres and PGlite, wrapped by Drizzle.
let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe("the database's refusals answer 4xx with our words, never its detail", () => {
  it('a unique violation is a 409 named after its constraint', async () => {
    const [demo] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'demo@fleetco.example'));
    const [card] = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, demo!.id));
    const error = await failureOf(() =>
      t.database.db.insert(paymentMethods).values({ ...card!, id: undefined, isDefault: false }),
    );
    expect(databaseRefusal(error)).toEqual({ status: 409, message: 'This card is already on file.' });
  });

  it('an unknown unique constraint still answers 409, generically', async () => {
    const error = await failureOf(() =>
      t.database.db.execute(sql`insert into app_meta (key, value) values ('seeded', 'x'), ('seeded', 'y')`),
    );
    expect(databaseRefusal(error)).toEqual({ status: 409, message: 'This record already exists.' });
  });

  it('a value the column cannot hold is a 400', async () => {
    const error = await failureOf(() => t.database.db.execute(sql`select ${'1e400'}::integer`));
    expect(databaseRefusal(error)).toEqual({ status: 400, message: 'A value in the request is not valid.' });
    const nul = await failureOf(() => t.database.db.execute(sql`select ${'a\u0000b'}::text`));
    expect(databaseRefusal(nul)?.status).toBe(400);
  });

  it('other failures are not dressed up as refusals', async () => {
    const error = await failureOf(() => t.database.db.execute(sql`select * from no_such_table`));
    expect(databaseRefusal(error)).toBeNull();
  });
});
