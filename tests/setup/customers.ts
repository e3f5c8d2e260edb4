// Factories for API tests that need a signed-up customer, cards and checkouts.
import type { Session, TestApp } from './test-app';
import { registration } from './test-app';

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  /** Verified and saved, then declined when charged (renewal failures). */
  declinesLater: '4000 0000 0000 0341',
} as const;

export type TestCustomer = { id: string; email: string; password: string; cookie: string; token: string };

export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}): Promise<TestCustomer> {
  const input = registration(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/customers', payload: input });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = await t.customerSession(input.email, input.password);
  return { id: res.json().customer.id, email: input.email, password: input.password, ...session };
}

/** A card as the sandbox card form sends it. */
export const cardDetails = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });

/** The sandbox card form's "save": the processor's token for the card, not yet on file. */
export function tokeniseCard(t: TestApp, customer: TestCustomer, number: string) {
  return t.post(customer, '/api/payments/sandbox/payment-methods', { card: cardDetails(number) });
}

export async function addCard(t: TestApp, customer: TestCustomer, number: string, setAsDefault = true) {
  const token = await tokeniseCard(t, customer, number);
  if (token.statusCode !== 200) throw new Error(`tokenise failed: ${token.statusCode} ${token.body}`);
  const paymentMethodId = token.json().id as string;
  const added = await t.post(customer, '/api/customer/add-payment-method', { paymentMethodId, setAsDefault });
  if (added.statusCode !== 200) throw new Error(`add card failed: ${added.statusCode} ${added.body}`);
  return paymentMethodId;
}

/** The sandbox card form's "pay": confirms a checkout's client secret with a card. */
export function confirmCard(t: TestApp, clientSecret: string, number: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, card: cardDetails(number) },
  });
}

/** Starts the customer's own checkout with their session; answers the client secret. */
export async function startCheckout(t: TestApp, customer: TestCustomer): Promise<string> {
  const start = await t.post(customer, '/api/create-subscription', { customerId: customer.id });
  if (start.statusCode !== 200)
    throw new Error(`create-subscription failed: ${start.statusCode} ${start.body}`);
  return start.json().clientSecret as string;
}

/** Checkout as the browser does it with the sandbox card form. */
export async function checkout(t: TestApp, customer: TestCustomer, number: string) {
  return confirmCard(t, await startCheckout(t, customer), number);
}

export async function billingInfo(t: TestApp, customer: TestCustomer) {
  const res = await t.get(customer, '/api/customer/billing-info');
  if (res.statusCode !== 200) throw new Error(`billing-info failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** POSTs a new row as the session and answers what the API sent back; throws if it was refused. */
export async function created(t: TestApp, session: Session, url: string, payload: object) {
  const res = await t.post(session, url, payload);
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

let serial = 0;
/** Unique within the test run: for plates, emails and names that must not collide. */
export const unique = () => `${Date.now() % 1e6}${++serial}`;

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
export const randomVin = () =>
  Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(Math.random() * VIN_CHARS.length)]).join('');

/** The ids of one row of every kind a customer account owns, made through the API as the customer would. */
export type AccountRows = {
  vehicle: string;
  driver: string;
  maintenance: string;
  teamMember: string;
  invoice: string;
  paymentMethod: string;
  /** The processor's token of the card on file. */
  cardToken: string;
  supportTicket: string;
};

export async function accountRows(t: TestApp, c: TestCustomer): Promise<AccountRows> {
  await checkout(t, c, CARDS.visa); // an invoice
  const cardToken = await addCard(t, c, CARDS.visa);
  const info = await billingInfo(t, c);
  const vehicle = (
    await created(t, c, '/api/fleet/vehicles', {
      make: 'Ford',
      model: 'Transit',
      year: 2021,
      vin: randomVin(),
      licensePlate: `ROW ${unique()}`,
    })
  ).vehicle.id;
  const driver = (
    await created(t, c, '/api/fleet/drivers', {
      name: 'Own Driver',
      email: `driver.${unique()}@example.com`,
      licenseNumber: 'D1',
    })
  ).driver.id;
  const maintenance = (
    await created(t, c, '/api/fleet/maintenance', { vehicleId: vehicle, type: 'Oil', dueDate: '2030-01-15' })
  ).record.id;
  const teamMember = (
    await created(t, c, '/api/fleet/team', {
      firstName: 'Team',
      lastName: 'Member',
      email: `member.${unique()}@example.com`,
    })
  ).member.id;
  const supportTicket = (
    await created(t, c, '/api/customer/support/tickets', {
      subject: 'Own ticket',
      description: 'Help, please.',
      category: 'technical',
    })
  ).id;
  return {
    supportTicket,
    vehicle,
    driver,
    maintenance,
    teamMember,
    invoice: info.invoices[0].id,
    paymentMethod: info.paymentMethods[0].id,
    cardToken,
  };
}
