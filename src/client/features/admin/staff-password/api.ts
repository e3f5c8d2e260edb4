import { successResponse } from '@shared/contracts/common';
import type { StaffChangePasswordRequest } from '@shared/contracts/staff-profile';
import { apiJson, apiMutation } from '@client/lib/calls';

/**
 * `POST /api/admin/change-password` from the set-your-password screen: the one staff call the server
 * answers before the member has set their own password. The session is asked again afterwards, and
 * its `isPasswordSet` lets the admin shell show the tabs.
 */
export const useSetOwnPassword = apiMutation((input: StaffChangePasswordRequest) =>
  apiJson('POST', '/api/admin/change-password', successResponse, input),
);
