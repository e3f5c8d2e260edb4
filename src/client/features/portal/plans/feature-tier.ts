/** Feature tiers (docs/customer-portal.md "Plans"). */
export function featureTier(planId: string): string {
  switch (planId) {
    case 'starter':
      return 'Basic';
    case 'professional':
      return 'Advanced';
    case 'enterprise':
      return 'Premium';
    default:
      return 'Custom';
  }
}
