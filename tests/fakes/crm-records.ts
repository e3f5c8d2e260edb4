// Records as the CRM module hands them to the adapters, for tests against the local CRM servers.
import { randomUUID } from 'node:crypto';
import type { CrmCustomer, CrmUser } from '../../src/server/integrations/crm/adapter';

/** `n` customers never synced before, with unique emails and company names. */
export function sampleCustomers(n: number): CrmCustomer[] {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    crmId: null,
    email: `owner-${tag}-${i}@example.com`,
    firstName: 'Olive',
    lastName: `Owner ${i}`,
    companyName: `Fleet ${tag} ${i}`,
    phone: i % 2 ? '+447700900001' : null,
    planId: 'starter',
    status: 'active',
    country: 'GB',
    createdAt: new Date(),
  }));
}

/** `n` team users never synced before; the first has no names (a CRM still needs a last name). */
export function sampleUsers(n: number, role = 'sales'): CrmUser[] {
  const tag = randomUUID().slice(0, 8);
  return Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    crmId: null,
    email: `staff-${tag}-${i}@motorpool.test`,
    firstName: i === 0 ? null : 'Sam',
    lastName: i === 0 ? null : `Staff ${i}`,
    phone: null,
    role,
  }));
}

/** A sleep for the adapters' retries that returns at once and keeps each wait asked for. */
export function recordingSleep() {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}
