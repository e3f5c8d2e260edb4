/*
 * GET /api/customer/profile/{email}: the portal's figures (vehicle count, team members). The portal
 * reads it; the fleet app's changes make it stale. Its queries are keyed
 * `[customerProfileKey[0], { email }]`, so invalidating `customerProfileKey` reaches every one of them.
 */
export const customerProfileKey = ['/api/customer/profile'] as const;

export const customerProfileQueryKey = (email: string) => [customerProfileKey[0], { email }] as const;
