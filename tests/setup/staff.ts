// Staff users made for one test: a role with exactly the permission flags the test names.
import { defaultPermissionsFor, type Permissions, type StaffRole } from '../../src/shared/roles';
import { hashPassword } from '../../src/server/auth/passwords';
import { staffUsers } from '../../src/server/db/schema';
import { DEMO_PASSWORD, type TestApp } from './test-app';

let serial = 0;

/** A staff user of `role` with the role's default flags, changed by `permissions`, signed in. */
export async function staffWith(
  t: TestApp,
  role: StaffRole,
  permissions: Permissions = {},
): Promise<{ cookie: string; email: string; id: string }> {
  serial += 1;
  const email = `${role}.${serial}.${Date.now()}@staff.example`;
  const [row] = await t.database.db
    .insert(staffUsers)
    .values({
      email,
      role,
      firstName: 'Test',
      lastName: role,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      permissions: { ...defaultPermissionsFor(role), ...permissions },
      isPasswordSet: true,
    })
    .returning({ id: staffUsers.id });
  return { cookie: await t.staffCookie(email), email, id: row!.id };
}

/** Staff's own Change Password (profile dialog) as the form sends it; the confirmation repeats the new one. */
export function changeStaffPassword(
  t: TestApp,
  cookie: string,
  currentPassword: string,
  newPassword: string,
  confirmPassword = newPassword,
) {
  return t.post(cookie, '/api/admin/change-password', { currentPassword, newPassword, confirmPassword });
}

let formSerial = 0;
/** A valid Add/Edit Customer form with a unique email; an empty password asks the server for one. */
export function customerFormInput(overrides: Record<string, unknown> = {}) {
  formSerial += 1;
  return {
    firstName: 'Casey',
    lastName: 'Staffmade',
    email: `casey.${Date.now()}.${formSerial}@example.com`,
    phone: '+15551230000',
    companyName: `Staffmade Haulage ${formSerial}`,
    address: '9 Yard Lane',
    city: 'Columbus',
    state: 'OH',
    zipCode: '43004',
    country: 'US',
    planId: 'professional',
    status: 'active',
    password: '',
    ...overrides,
  };
}
