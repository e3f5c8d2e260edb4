import { randomBytes, randomInt } from 'node:crypto';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Journeys seed their own data through the public API (never through the database and never through
 * another journey), so every test can run alone, in any order, on either worker.
 */

export const DEMO_PASSWORD = 'Motorpool#2026';

export const DEMO_STAFF = {
  admin: 'admin@motorpool.local',
  manager: 'manager@motorpool.local',
  sales: 'sales@motorpool.local',
} as const;
export type DemoStaffRole = keyof typeof DEMO_STAFF;

export const DEMO_CUSTOMER_EMAIL = 'demo@fleetco.example';

/** A password that passes every rule of the sign-up form. */
export const TEST_PASSWORD = 'Journey#2026pass';

/** A short token unique to this test run, worker and call: use it in emails, plan ids, names. */
export function uniqueSuffix(): string {
  const worker = test.info().workerIndex;
  return `${Date.now().toString(36)}${worker}${randomBytes(3).toString('hex')}`;
}

/** VIN letters and digits: no I, O or Q. */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A random 17-character VIN (the fleet refuses a VIN already in the account). */
export function uniqueVin(): string {
  return Array.from({ length: 17 }, () => VIN_CHARS[randomInt(VIN_CHARS.length)]).join('');
}

/** A licence plate no other journey uses. */
export const uniquePlate = (): string => `E2E-${uniqueSuffix().slice(-8).toUpperCase()}`;

/**
 * POST /api/fleet/vehicles as the signed-in context (`page.request` or a customer's API context), with a
 * unique VIN and plate; the journey names what it needs. Answers the new vehicle's id.
 */
export async function addVehicleByApi(
  api: APIRequestContext,
  vehicle: { make: string; model: string } & Record<string, unknown>,
): Promise<string> {
  const res = await api.post('/api/fleet/vehicles', {
    data: { year: 2021, vin: uniqueVin(), licensePlate: uniquePlate(), ...vehicle },
  });
  expect(res.status(), `add vehicle: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { vehicle: { id: string } }).vehicle.id;
}

export function uniqueEmail(prefix = 'journey'): string {
  return `${prefix}-${uniqueSuffix()}@e2e.example`;
}

/** A US phone number in the form the API accepts: '+1' and ten digits. */
export function uniquePhone(): string {
  const digits = Array.from(randomBytes(10), (b) => String(b % 10)).join('');
  return `+1${digits}`;
}

function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts must set use.baseURL');
  return url;
}

/** A fresh API context (its own cookie jar) signed in as a staff member; dispose() it when done. */
export async function staffApi(
  email: string = DEMO_STAFF.admin,
  password: string = DEMO_PASSWORD,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: baseURL() });
  const res = await api.post('/api/auth/admin-login', { data: { email, password } });
  expect(res.status(), `staff sign-in as ${email}: ${await res.text()}`).toBe(200);
  return api;
}

/** An API context signed in as a customer (the demo customer unless told otherwise). */
export async function customerApi(
  email: string = DEMO_CUSTOMER_EMAIL,
  password: string = DEMO_PASSWORD,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: baseURL() });
  const res = await api.post('/api/auth/dealer-login', { data: { email, password } });
  expect(res.status(), `customer sign-in as ${email}: ${await res.text()}`).toBe(200);
  return api;
}

/**
 * Signs the page's browser context in as staff: `page.request` shares the context's cookie jar, so the
 * session cookie is there for the next `page.goto('/admin')`.
 */
export async function signInPageAsStaff(
  page: Page,
  email: string = DEMO_STAFF.admin,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  const res = await page.request.post('/api/auth/admin-login', { data: { email, password } });
  expect(res.status(), `staff sign-in as ${email}: ${await res.text()}`).toBe(200);
}

export async function signInPageAsCustomer(
  page: Page,
  email: string = DEMO_CUSTOMER_EMAIL,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  const res = await page.request.post('/api/auth/dealer-login', { data: { email, password } });
  expect(res.status(), `customer sign-in as ${email}: ${await res.text()}`).toBe(200);
}

export type NewCustomer = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  planId: string;
};

/**
 * Creates a customer through `POST /api/customers` (the public sign-up endpoint) with a unique email.
 * Any context works, an anonymous one included; pass `api` to reuse one.
 */
export async function createCustomer(
  overrides: Partial<Omit<NewCustomer, 'id'>> = {},
  api?: APIRequestContext,
): Promise<NewCustomer> {
  const suffix = uniqueSuffix();
  const input = {
    firstName: 'Jordan',
    lastName: `Tester${suffix}`,
    email: uniqueEmail('customer'),
    phone: uniquePhone(),
    companyName: `Journey Fleet ${suffix}`,
    planId: 'professional',
    password: TEST_PASSWORD,
    ...overrides,
  };
  const ctx = api ?? (await request.newContext({ baseURL: baseURL() }));
  try {
    const res = await ctx.post('/api/customers', { data: { ...input, confirmPassword: input.password } });
    const body = await res.text();
    expect(res.ok(), `create customer ${input.email}: ${res.status()} ${body}`).toBe(true);
    const parsed = JSON.parse(body) as { customer: { id: string } };
    return { id: parsed.customer.id, ...input };
  } finally {
    if (!api) await ctx.dispose();
  }
}

export type NewPlan = {
  id: string;
  name: string;
  description: string;
  price: number;
  vehicleLimit: number | null;
  userLimit: number | null;
  active: boolean;
};

/** Creates a plan with a unique id and name through `POST /api/plans`; `api` must be a staff context. */
export async function createPlan(api: APIRequestContext, overrides: Partial<NewPlan> = {}): Promise<NewPlan> {
  const suffix = uniqueSuffix();
  const input: NewPlan = {
    id: `e2e-${suffix}`,
    name: `Journey Plan ${suffix}`,
    description: 'Made by a Playwright journey',
    price: 99,
    vehicleLimit: 10,
    userLimit: 4,
    active: true,
    ...overrides,
  };
  const res = await api.post('/api/plans', { data: input });
  const body = await res.text();
  expect(res.ok(), `create plan ${input.id}: ${res.status()} ${body}`).toBe(true);
  return input;
}
