import type { CrmCustomer, CrmUser } from './adapter';
import { companyNameOf } from './batches';

/**
 * The company property companies are upserted on: our customer id, unique in the portal
 * (`hasUniqueValue`), as Salesforce's `Motorpool_Id__c`. Created by the adapter when missing.
 */
export const COMPANY_KEY = 'motorpool_id';

export type Properties = Record<string, string>;

/** Only non-empty values: an empty phone in Motorpool must not clear one typed in HubSpot. */
const present = (props: Record<string, string | null | undefined>): Properties =>
  Object.fromEntries(Object.entries(props).filter((e): e is [string, string] => !!e[1]));

export function ownerProperties(c: CrmCustomer): Properties {
  return present({
    firstname: c.firstName,
    lastname: c.lastName,
    phone: c.phone,
    company: c.companyName,
    country: c.country,
  });
}

export function companyProperties(c: CrmCustomer): Properties {
  return present({ name: companyNameOf(c), phone: c.phone, country: c.country });
}

export function userProperties(u: CrmUser): Properties {
  return present({ firstname: u.firstName, lastname: u.lastName, phone: u.phone, jobtitle: u.role });
}
