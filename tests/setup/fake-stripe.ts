// The Stripe-speaking fake for one API test file.
import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server';

/**
 * Starts the fake before the file's tests and closes it after them. Registered before `useTestApp`,
 * it starts first and closes last, so the app never outlives its Stripe.
 */
export function useFakeStripe(started: (fake: FakeStripe) => void): void {
  let fake: FakeStripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe();
    started(fake);
  });
  afterAll(() => fake?.close());
}
