import { describe, expect, it } from 'vitest';
import {
  createUserRequest,
  PHONE_MESSAGE,
  REQUIRED_CREATE_MESSAGE,
  updateUserRequest,
  type TeamUser,
} from '@shared/contracts/team';
import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS } from '@shared/roles';
import { editValuesOf, invalidToastOf, NEW_USER, permissionsForRole, toEditInput } from './user-form-values';

const member = (over: Partial<TeamUser> = {}): TeamUser => ({
  id: 'u1',
  email: 'pat@motorpool.local',
  firstName: 'Pat',
  lastName: 'Lee',
  phone: '+1 (555) 123-4567',
  address: '1 Main St',
  role: 'sales',
  permissions: { canViewCustomers: true, canEditCustomers: true },
  isPasswordSet: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  ...over,
});

describe('permissionsForRole', () => {
  it('turns every flag on for admin and root', () => {
    expect(permissionsForRole('admin', member())).toEqual(ALL_PERMISSIONS);
    expect(permissionsForRole('root', member())).toEqual(ALL_PERMISSIONS);
  });

  it("starts another role from the member's stored flags, the rest off", () => {
    const flags = permissionsForRole('manager', member());
    expect(flags.canViewCustomers).toBe(true);
    expect(flags.canEditCustomers).toBe(true);
    expect(flags.canViewPlans).toBe(false);
    expect(Object.keys(flags)).toHaveLength(12);
  });

  it('starts an admin turned sales from the four view flags, not from every flag', () => {
    expect(permissionsForRole('sales', member({ role: 'admin', permissions: ALL_PERMISSIONS }))).toEqual(
      DEFAULT_PERMISSIONS,
    );
  });
});

describe('toEditInput', () => {
  it('sends every flag for an admin and no password when none was generated', () => {
    const values = { ...editValuesOf(member()), role: 'admin' as const };
    const input = toEditInput(values);
    expect(input.permissions).toEqual(ALL_PERMISSIONS);
    expect(input).not.toHaveProperty('sendNewPassword');
    expect(updateUserRequest.safeParse(input).success).toBe(true);
  });

  it('asks for a new emailed password only when ticked', () => {
    const input = toEditInput({ ...editValuesOf(member()), sendNewPassword: true });
    expect(input).toMatchObject({ sendNewPassword: true });
    expect(updateUserRequest.safeParse(input).success).toBe(true);
  });
});

describe('invalidToastOf', () => {
  const errorsOf = (values: unknown) => {
    const result = createUserRequest.safeParse(values);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), { message: i.message }]));
  };

  it('names missing fields before anything else', () => {
    expect(invalidToastOf(errorsOf(NEW_USER))).toBe(REQUIRED_CREATE_MESSAGE);
  });

  it('then a phone that is not ten digits; no password is asked for (the server emails one)', () => {
    const filled = { ...NEW_USER, email: 'a@b.io', firstName: 'A', lastName: 'B', address: 'x' };
    expect(invalidToastOf(errorsOf({ ...filled, phone: '555-1234' }))).toBe(PHONE_MESSAGE);
    expect(invalidToastOf(errorsOf({ ...filled, phone: '5551234567' }))).toBeNull();
  });
});
