import type { CrmCustomer, CrmUser } from './adapter';
import { companyNameOf } from './batches';

/** The external-id field (Text, Unique, External ID) the org needs on Account and Contact. */
export const EXTERNAL_ID_FIELD = 'Motorpool_Id__c';
export type Fields = Record<string, unknown>;

/** Only values we have: an empty phone in Motorpool must not clear one typed in Salesforce. */
const present = (fields: Fields): Fields =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined && v !== ''));

const customerRef = (c: CrmCustomer) => `customer:${c.id}`;

export function accountFields(c: CrmCustomer): Fields {
  return present({
    [EXTERNAL_ID_FIELD]: customerRef(c),
    Name: companyNameOf(c),
    Phone: c.phone,
    BillingCountry: c.country,
  });
}

export function ownerFields(c: CrmCustomer): Fields {
  return present({
    [EXTERNAL_ID_FIELD]: customerRef(c),
    FirstName: c.firstName,
    // LastName is required on a Contact.
    LastName: c.lastName || c.email,
    Email: c.email.toLowerCase(),
    Phone: c.phone,
    MailingCountry: c.country,
    // The Account by its external id: Salesforce resolves it, no lookup call needed.
    Account: { [EXTERNAL_ID_FIELD]: customerRef(c) },
  });
}

export function userFields(u: CrmUser): Fields {
  return present({
    [EXTERNAL_ID_FIELD]: `staff:${u.id}`,
    FirstName: u.firstName,
    // LastName is required on a Contact; a user without names is known by their email.
    LastName: u.lastName || u.email,
    Email: u.email.toLowerCase(),
    Phone: u.phone,
    Title: u.role,
  });
}
