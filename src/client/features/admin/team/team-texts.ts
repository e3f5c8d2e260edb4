/** The team screen's texts, the product's own words (docs/team-management-screen.md). */
export const TEAM_TEXTS = {
  created: 'User created successfully!',
  createFailed: 'Failed to create user',
  updated: 'User updated successfully',
  updateFailed: 'Failed to update user',
  roleUpdated: 'User role updated successfully',
  roleFailed: 'Failed to update user role',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  rateCreated: 'Commission rate created successfully',
  rateFailed: 'Failed to create commission rate',
  markPaidFailed: 'Failed to mark commissions paid',
} as const;

/** The delete confirmation. */
export const deleteConfirmText = (name: string): string =>
  `Are you sure you want to delete ${name}? This action cannot be undone.`;
