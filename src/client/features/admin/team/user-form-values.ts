import {
  PHONE_MESSAGE,
  REQUIRED_CREATE_MESSAGE,
  REQUIRED_EDIT_MESSAGE,
  type CREATE_USER_ROLES,
  type EDIT_USER_ROLES,
  type TeamUser,
} from '@shared/contracts/team';
import {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  PERMISSION_FLAGS,
  type PermissionFlag,
  type StaffRole,
} from '@shared/roles';

/** The create and edit dialogs' values (text boxes as typed) and how they become the request bodies. */

export type CreateUserValues = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  role: (typeof CREATE_USER_ROLES)[number];
};

export const NEW_USER: CreateUserValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  role: 'sales',
};

export type EditUserValues = Omit<CreateUserValues, 'role'> & {
  role: (typeof EDIT_USER_ROLES)[number];
  permissions: Record<PermissionFlag, boolean>;
  /** Generate a new password on save and email it to the member. */
  sendNewPassword: boolean;
};

/** Admin and root hold every flag whatever is stored (src/shared/roles.ts `hasPermission`). */
export const holdsEveryFlag = (role: StaffRole): boolean => role === 'admin' || role === 'root';

/** Every flag, false where the stored map says nothing. */
export const fullPermissions = (
  stored: Partial<Record<PermissionFlag, boolean>>,
): Record<PermissionFlag, boolean> =>
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, stored[flag] === true])) as Record<
    PermissionFlag,
    boolean
  >;

/**
 * The flags the edit dialog starts from for `role` (docs/team-management.md): admin, root every flag; another
 * role the member's own stored flags, or the four view flags (the server's default on create) when the
 * member was an admin or root, whose stored flags say nothing.
 */
export function permissionsForRole(
  role: StaffRole,
  member: Pick<TeamUser, 'role' | 'permissions'>,
): Record<PermissionFlag, boolean> {
  if (holdsEveryFlag(role)) return { ...ALL_PERMISSIONS };
  if (holdsEveryFlag(member.role)) return { ...DEFAULT_PERMISSIONS };
  return fullPermissions(member.permissions);
}

export function editValuesOf(member: TeamUser): EditUserValues {
  return {
    email: member.email,
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
    phone: member.phone ?? '',
    address: member.address ?? '',
    role: member.role,
    permissions: permissionsForRole(member.role, member),
    sendNewPassword: false,
  };
}

/** A new password is asked for only when ticked; otherwise the current one stays. */
export function toEditInput(values: EditUserValues) {
  const { sendNewPassword, permissions, ...rest } = values;
  return {
    ...rest,
    permissions: holdsEveryFlag(values.role) ? { ...ALL_PERMISSIONS } : permissions,
    ...(sendNewPassword ? { sendNewPassword: true } : {}),
  };
}

/** A flag's error shows with the permissions. */
export const userFieldOf = (path: string): string => {
  if (path.startsWith('permissions.')) return 'permissions';
  return path;
};

/**
 * The toast after a refused submit: missing fields first, then the phone; null when the
 * messages under the fields say it all.
 */
export function invalidToastOf(errors: object): string | null {
  const messages = Object.values(errors).map((e) => (e as { message?: unknown } | undefined)?.message);
  for (const message of [REQUIRED_CREATE_MESSAGE, REQUIRED_EDIT_MESSAGE, PHONE_MESSAGE]) {
    if (messages.includes(message)) return message;
  }
  return null;
}
