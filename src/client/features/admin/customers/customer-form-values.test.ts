import { describe, expect, it } from 'vitest';
import { customerForm, type StaffCustomerDetail } from '@shared/contracts/staff-customers';
import { DEFAULT_FEATURE_ACCESS } from '@shared/feature-access';
import {
  NEW_CUSTOMER,
  NO_SALES_USER,
  salesRepOptions,
  toCustomerInput,
  valuesOf,
} from './customer-form-values';

const stored: StaffCustomerDetail = {
  id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  companyName: 'Engines Ltd',
  address: null,
  city: 'London',
  state: null,
  zipCode: null,
  country: 'Narnia',
  planId: 'starter',
  planName: 'Starter',
  status: 'suspended',
  subscriptionStatus: 'active',
  accessEndsAt: null,
  role: 'fleet_admin',
  carLimit: 5,
  userLimit: 3,
  currentCars: 1,
  currentUsers: 1,
  featureAccess: { ...DEFAULT_FEATURE_ACCESS, apiAccess: true },
  healthScore: 80,
  riskLevel: 'low',
  healthReasons: [],
  monthlyRecurringRevenue: 0,
  isPasswordSet: true,
  lastPasswordChange: null,
  lastSignInAt: null,
  suspendedAt: null,
  salesUserId: null,
  salesUserName: null,
  createdAt: '2026-01-01T00:00:00Z',
  passwordPending: false,
};

describe('the customer dialogs’ values', () => {
  it('start a new customer active, in the US, with the default feature access', () => {
    expect(NEW_CUSTOMER).toMatchObject({ status: 'active', country: 'US', password: '' });
    expect(NEW_CUSTOMER.featureAccess).toEqual(DEFAULT_FEATURE_ACCESS);
  });

  it('read a stored customer: empty boxes for nulls, Other for a country outside the list', () => {
    const values = valuesOf(stored);
    expect(values).toMatchObject({
      phone: '',
      address: '',
      city: 'London',
      country: 'other',
      planId: 'starter',
      status: 'suspended',
      password: '',
    });
    expect(values.featureAccess.apiAccess).toBe(true);
  });

  it('leave an empty password out of the body (the server generates one, or keeps the current)', () => {
    expect(toCustomerInput(valuesOf(stored))).not.toHaveProperty('password');
    expect(toCustomerInput({ ...valuesOf(stored), password: 'abcdEFGH1234' })).toMatchObject({
      password: 'abcdEFGH1234',
    });
  });

  it('leave a new customer’s sales representative to the server unless one is chosen', () => {
    expect(NEW_CUSTOMER.salesUserId).toBe('');
    expect(toCustomerInput(NEW_CUSTOMER)).not.toHaveProperty('salesUserId');
    expect(toCustomerInput({ ...NEW_CUSTOMER, salesUserId: 'u7' })).toMatchObject({ salesUserId: 'u7' });
    expect(toCustomerInput({ ...NEW_CUSTOMER, salesUserId: NO_SALES_USER })).toMatchObject({
      salesUserId: null,
    });
  });

  it('show an edited customer’s sales representative, or None, and send the change', () => {
    expect(valuesOf(stored).salesUserId).toBe(NO_SALES_USER);
    expect(toCustomerInput(valuesOf(stored))).toMatchObject({ salesUserId: null });
    const assigned = valuesOf({ ...stored, salesUserId: 'u7', salesUserName: 'Sam Sales' });
    expect(assigned.salesUserId).toBe('u7');
    expect(toCustomerInput({ ...assigned, salesUserId: 'u9' })).toMatchObject({ salesUserId: 'u9' });
    expect(toCustomerInput({ ...assigned, salesUserId: NO_SALES_USER })).toMatchObject({ salesUserId: null });
  });

  it('send a body the shared contract accepts, and one it refuses when the email is wrong', () => {
    expect(customerForm.safeParse(toCustomerInput(valuesOf(stored))).success).toBe(true);
    expect(
      customerForm.safeParse(toCustomerInput({ ...valuesOf(stored), salesUserId: 'u7' })).data?.salesUserId,
    ).toBe('u7');
    expect(customerForm.safeParse(toCustomerInput({ ...valuesOf(stored), email: 'x' })).success).toBe(false);
  });

  it('offer None and the sales users, telling apart two of one name, and keep a former one', () => {
    const users = [
      { id: 'u1', name: 'Riley Seller', email: 'riley@a.example' },
      { id: 'u2', name: 'Riley Seller', email: 'riley@b.example' },
      { id: 'u3', name: 'Sam Sales', email: 'sam@example.com' },
    ];
    expect(salesRepOptions(users, null)).toEqual([
      { value: NO_SALES_USER, label: 'None' },
      { value: 'u1', label: 'Riley Seller (riley@a.example)' },
      { value: 'u2', label: 'Riley Seller (riley@b.example)' },
      { value: 'u3', label: 'Sam Sales' },
    ]);
    expect(salesRepOptions(users, { salesUserId: 'u3', salesUserName: 'Sam Sales' })).toHaveLength(4);
    expect(salesRepOptions(users, { salesUserId: 'u9', salesUserName: 'Pat Former' }).at(-1)).toEqual({
      value: 'u9',
      label: 'Pat Former (current)',
    });
  });
});
