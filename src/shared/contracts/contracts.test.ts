import { describe, expect, it } from 'vitest';
import { formatUsPhoneInput, signUpForm } from './customers';
import { DEFAULT_PLAN_FEATURES, normalizePlanFeatures } from './plans';
import { PASSWORD_RULES } from './auth';
import { paymentRequestInput } from './billing-admin';

describe('formatUsPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '+15'],
    ['(555) 123-4567', '+15551234567'],
    ['1 555 123 4567', '+15551234567'],
    ['+1 555 123 45678999', '+15551234567'],
    ['abc', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(formatUsPhoneInput(input)).toBe(expected);
  });
});

describe('signUpForm', () => {
  const valid = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.co',
    phone: '+15551234567',
    companyName: 'Co',
    planId: 'starter',
    password: 'Str0ng#Pass',
    confirmPassword: 'Str0ng#Pass',
    terms: true,
  };
  it('accepts a complete form', () => {
    expect(signUpForm.safeParse(valid).success).toBe(true);
  });
  it('requires the terms', () => {
    const result = signUpForm.safeParse({ ...valid, terms: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['terms'], message: 'You must accept the terms' });
  });
  it("puts 'Passwords don't match' on confirmPassword", () => {
    const result = signUpForm.safeParse({ ...valid, confirmPassword: 'Other#Pass1' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: "Passwords don't match",
    });
  });
});

describe('password rules', () => {
  it('each rule rejects exactly what it names', () => {
    const fails = (p: string) => PASSWORD_RULES.filter((r) => !r.test(p)).map((r) => r.id);
    expect(fails('Str0ng#Pass')).toEqual([]);
    expect(fails('short')).toEqual(['length', 'upper', 'number', 'special']);
    expect(fails('ALLUPPER1!')).toEqual(['lower']);
  });
});

describe('normalizePlanFeatures', () => {
  it('reads JSON text, objects and lists; unreadable input means the defaults', () => {
    expect(normalizePlanFeatures('{"analytics":true,"vehicleTracking":false}')).toMatchObject({
      analytics: true,
      vehicleTracking: false,
    });
    expect(normalizePlanFeatures(['geofencing'])).toMatchObject({ geofencing: true, vehicleTracking: false });
    expect(normalizePlanFeatures('{not json')).toEqual(DEFAULT_PLAN_FEATURES);
    expect(normalizePlanFeatures(undefined)).toEqual(DEFAULT_PLAN_FEATURES);
    expect(normalizePlanFeatures({ analytics: 'yes', unknown: true })).toEqual(DEFAULT_PLAN_FEATURES);
  });
});

describe('a payment request due date', () => {
  const request = (dueDate: string) =>
    paymentRequestInput.safeParse({
      customerId: '00000000-0000-4000-8000-000000000000',
      amount: 12,
      description: 'x',
      dueDate,
    });

  it('takes a calendar day, a leap day included', () => {
    expect(request('2027-03-02').success).toBe(true);
    expect(request('2028-02-29').success).toBe(true);
  });

  it('refuses a day the calendar does not have, instead of rolling it into the next month', () => {
    for (const day of ['2027-02-30', '2027-02-29', '2027-04-31', '2027-13-01']) {
      const parsed = request(day);
      expect(parsed.success, day).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Due date must be a real date');
    }
  });
});
