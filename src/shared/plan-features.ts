/**
 * Plan feature flags and their labels without zod, so the landing page can list a plan's features
 * without downloading the validation library (docs/performance.md, landing JavaScript). The plans contract
 * (contracts/plans.ts) is the place that validates them.
 */
export const PLAN_FEATURE_FLAGS = [
  'vehicleTracking',
  'apiAccess',
  'dataExport',
  'analytics',
  'userManagement',
  'customIntegrations',
  'prioritySupport',
  'mobileApp',
  'geofencing',
  'maintenanceAlerts',
] as const;
export type PlanFeatureFlag = (typeof PLAN_FEATURE_FLAGS)[number];

export const PLAN_FEATURE_LABELS: Record<PlanFeatureFlag, string> = {
  vehicleTracking: 'Vehicle tracking',
  apiAccess: 'API access',
  dataExport: 'Data export',
  analytics: 'Analytics',
  userManagement: 'User management',
  customIntegrations: 'Custom integrations',
  prioritySupport: 'Priority support',
  mobileApp: 'Mobile app',
  geofencing: 'Geofencing',
  maintenanceAlerts: 'Maintenance alerts',
};
