// The portal's notification preferences change what is sent (issue 24 §2b; docs/email.md "Who gets
// what"), proved through the outbox: "Security alerts" off, no new sign-in alert; on, one. "Account
// emails" off, no payment receipt; on, one. Password emails go whatever the switches say.
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { CARDS, checkout, signUp, type TestCustomer } from '../../../../tests/setup/customers';
import { emailsTo } from '../../../../tests/setup/mail';
import { DEFAULT_CUSTOMER_SETTINGS, type CustomerSettings } from '../../../shared/contracts/portal';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

async function setPreferences(c: TestCustomer, change: Partial<CustomerSettings>) {
  const res = await t.put(c, `/api/customer/settings/${encodeURIComponent(c.email)}`, {
    ...DEFAULT_CUSTOMER_SETTINGS,
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
}

let browser = 0;
/** A sign-in from a browser this customer never used: a new sign-in, as the alert sees it. */
async function signInFromNewBrowser(c: TestCustomer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/dealer-login',
    headers: { 'user-agent': `Mozilla/5.0 (Windows NT 10.0) Firefox/${100 + ++browser}.0` },
    payload: { email: c.email, password: c.password },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const count = async (c: TestCustomer, template: Parameters<typeof emailsTo>[2]) =>
  (await emailsTo(t, c.email, template)).length;

describe('Security alerts', () => {
  it('off: a sign-in from a new browser sends no alert; on again: it does', async () => {
    const c = await signUp(t);
    await setPreferences(c, { securityAlerts: false });
    await signInFromNewBrowser(c);
    expect(await count(c, 'new_sign_in')).toBe(0);

    await setPreferences(c, { securityAlerts: true });
    await signInFromNewBrowser(c);
    expect(await count(c, 'new_sign_in')).toBe(1);
  });

  it('off does not stop the password-changed email (always sent)', async () => {
    const c = await signUp(t);
    await setPreferences(c, { securityAlerts: false, emailNotifications: false });
    const res = await t.post(c, '/api/auth/change-password', {
      email: c.email,
      currentPassword: c.password,
      newPassword: 'Another#Pass2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(c, 'password_changed')).toBe(1);
  });
});

describe('Account emails', () => {
  it('off: a payment sends no receipt; on: it does', async () => {
    const off = await signUp(t);
    await setPreferences(off, { emailNotifications: false });
    await checkout(t, off, CARDS.visa);
    expect(await count(off, 'payment_success')).toBe(0);

    const on = await signUp(t);
    await setPreferences(on, { emailNotifications: true });
    await checkout(t, on, CARDS.visa);
    expect(await count(on, 'payment_success')).toBe(1);
  });
});
