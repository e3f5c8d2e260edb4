import { describe, expect, it } from 'vitest';
import {
  customerForm,
  DEFAULT_FEATURE_ACCESS,
  type StaffCustomerDetail,
} from '@shared/contracts/staff-customers';
import { NEW_CUSTOMER, toCustomerInput, valuesOf } from './customer-form-values';

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
  tempPassword: null,
};

describe('the customer dialogs’ values', () => {
  it('start a new customer active, in the US, with the spec’s feature access defaults', () => {
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

  it('send a body the shared contract accepts, and one it refuses when the email is wrong', () => {
    expect(customerForm.safeParse(toCustomerInput(valuesOf(stored))).success).toBe(true);
    expect(customerForm.safeParse(toCustomerInput({ ...valuesOf(stored), email: 'x' })).success).toBe(false);
  });
});
