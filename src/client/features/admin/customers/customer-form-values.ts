import {
  COUNTRY_LABELS,
  CUSTOMER_COUNTRIES,
  type CustomerForm,
  type customerForm,
  type StaffCustomerDetail,
} from '@shared/contracts/staff-customers';
import { type CustomerStatus } from '@shared/statuses';
import { DEFAULT_FEATURE_ACCESS, featureAccessOf, type FeatureAccess } from '@shared/feature-access';
import type { SalesUserOption } from '@shared/contracts/team';
import type { SchemaForm } from '@client/components/form/use-schema-form';

/** The Add and Edit Customer dialogs' values: text boxes as typed, the rest as chosen. */
export type CustomerValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: (typeof CUSTOMER_COUNTRIES)[number];
  planId: string;
  status: CustomerStatus;
  password: string;
  featureAccess: FeatureAccess;
  /** The sales representative: an id, `NO_SALES_USER`, or '' (a new customer's: the server decides). */
  salesUserId: string;
};

export type CustomerFormApi = SchemaForm<CustomerValues, typeof customerForm>;

/** The sales representative select's None: the customer has no assigned sales user. */
export const NO_SALES_USER = 'none';

/** A new customer starts on Professional (when it is offered), active, in the US. */
export const DEFAULT_PLAN_ID = 'professional';

export const NEW_CUSTOMER: CustomerValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  companyName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
  planId: '',
  status: 'active',
  password: '',
  featureAccess: { ...DEFAULT_FEATURE_ACCESS },
  salesUserId: '',
};

const isCountry = (value: string): value is CustomerValues['country'] =>
  (CUSTOMER_COUNTRIES as readonly string[]).includes(value);

/** The edit dialog starts from the stored customer; a country outside the list reads as Other. */
export function valuesOf(c: StaffCustomerDetail): CustomerValues {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    companyName: c.companyName,
    address: c.address ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zipCode: c.zipCode ?? '',
    country: isCountry(c.country) ? c.country : 'other',
    planId: c.planId ?? '',
    status: c.status,
    password: '',
    featureAccess: featureAccessOf(c.featureAccess),
    salesUserId: c.salesUserId ?? NO_SALES_USER,
  };
}

/**
 * The request body: an empty password is left out (create: the server makes one; edit: kept), and so is
 * a sales representative left unset (create: the server assigns the sales user who adds the customer,
 * or nobody); None sends null.
 */
export function toCustomerInput(v: CustomerValues): CustomerForm {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    companyName: v.companyName,
    address: v.address,
    city: v.city,
    state: v.state,
    zipCode: v.zipCode,
    country: v.country,
    planId: v.planId,
    status: v.status,
    ...(v.password ? { password: v.password } : {}),
    featureAccess: v.featureAccess,
    ...(v.salesUserId ? { salesUserId: v.salesUserId === NO_SALES_USER ? null : v.salesUserId } : {}),
  };
}

/**
 * The sales representative select's choices: None, then the sales users by name (with the email when
 * two share a name), and the customer's current one when it is no longer a sales user.
 */
export function salesRepOptions(
  users: readonly SalesUserOption[],
  current: Pick<StaffCustomerDetail, 'salesUserId' | 'salesUserName'> | null,
): { value: string; label: string }[] {
  const names = new Map<string, number>();
  for (const u of users) names.set(u.name, (names.get(u.name) ?? 0) + 1);
  const options = [
    { value: NO_SALES_USER, label: 'None' },
    ...users.map((u) => ({
      value: u.id,
      label: !u.name ? u.email : (names.get(u.name) ?? 0) > 1 ? `${u.name} (${u.email})` : u.name,
    })),
  ];
  if (current?.salesUserId && !users.some((u) => u.id === current.salesUserId)) {
    options.push({
      value: current.salesUserId,
      label: `${current.salesUserName ?? 'Former sales user'} (current)`,
    });
  }
  return options;
}

export const COUNTRY_OPTIONS = CUSTOMER_COUNTRIES.map((value) => ({ value, label: COUNTRY_LABELS[value] }));

export { FEATURE_LABELS } from '@shared/feature-access';
