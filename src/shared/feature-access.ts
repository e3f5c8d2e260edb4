export const FEATURE_ACCESS_FLAGS = [
  'vehicleTracking',
  'maintenanceScheduling',
  'fuelManagement',
  'driverManagement',
  'routeOptimization',
  'geofencing',
  'reportingAnalytics',
  'mobileApp',
  'apiAccess',
  'customIntegrations',
] as const;
export type FeatureAccessFlag = (typeof FEATURE_ACCESS_FLAGS)[number];
export type FeatureAccess = Record<FeatureAccessFlag, boolean>;

/** Customer feature access defaults (docs/feature-access.md). */
export const DEFAULT_FEATURE_ACCESS: FeatureAccess = {
  vehicleTracking: true,
  maintenanceScheduling: true,
  fuelManagement: false,
  driverManagement: true,
  routeOptimization: false,
  geofencing: false,
  reportingAnalytics: true,
  mobileApp: false,
  apiAccess: false,
  customIntegrations: false,
};

/** A stored `feature_access` value read with the defaults filling what it lacks. */
export function featureAccessOf(stored: Record<string, boolean> | null | undefined): FeatureAccess {
  const result = { ...DEFAULT_FEATURE_ACCESS };
  for (const flag of FEATURE_ACCESS_FLAGS) {
    if (typeof stored?.[flag] === 'boolean') result[flag] = stored[flag];
  }
  return result;
}

/** The ten customer feature access switches as staff and customers read them. */
export const FEATURE_LABELS: Record<FeatureAccessFlag, string> = {
  vehicleTracking: 'Vehicle tracking',
  maintenanceScheduling: 'Maintenance scheduling',
  fuelManagement: 'Fuel management',
  driverManagement: 'Driver management',
  routeOptimization: 'Route optimization',
  geofencing: 'Geofencing',
  reportingAnalytics: 'Reporting & analytics',
  mobileApp: 'Mobile app',
  apiAccess: 'API access',
  customIntegrations: 'Custom integrations',
};

/**
 * The switches whose capability exists: the server refuses the fleet routes behind each one when it
 * is off (`access.customerFeature`), and the fleet app locks the tab (docs/feature-access.md).
 */
export const ENFORCED_FEATURES = [
  'vehicleTracking',
  'maintenanceScheduling',
  'driverManagement',
  'reportingAnalytics',
] as const satisfies readonly FeatureAccessFlag[];
export type EnforcedFeature = (typeof ENFORCED_FEATURES)[number];

export function isEnforcedFeature(flag: FeatureAccessFlag): flag is EnforcedFeature {
  return (ENFORCED_FEATURES as readonly string[]).includes(flag);
}

/** Shown under a switch whose capability Motorpool does not have: the switch is stored but does nothing. */
export const UNAVAILABLE_FEATURE_NOTE = 'Not part of Motorpool yet: this switch has no effect';

/** The 403 message of a route behind a switch that is off, and the fleet app's locked tab. */
export function featureLockedMessage(feature: EnforcedFeature): string {
  return `${FEATURE_LABELS[feature]} is not included in your account. Contact your administrator.`;
}

export function hasFeature(access: Pick<FeatureAccess, EnforcedFeature>, feature: EnforcedFeature): boolean {
  return access[feature] === true;
}
