/*
 * Team Management's list of users and its figures. The team area keys its queries with these; other
 * screens that add or change staff (the external database user import) invalidate them.
 */
export const teamUsersKey = ['/api/admin/users'] as const;
export const teamStatsKey = ['/api/admin/users/stats'] as const;
