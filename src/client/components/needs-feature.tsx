import type { ReactNode } from 'react';
import { LockIcon } from 'lucide-react';
import type { FeatureAccess } from '@shared/feature-access';
import { FEATURE_LABELS, featureLockedMessage, type EnforcedFeature } from '@shared/feature-access';
import { EmptyState } from '@client/components/ui/empty-state';

/** The first of `features` the account's switches leave off, or null when every one is on. */
export function missingFeature(
  access: FeatureAccess,
  features: readonly EnforcedFeature[],
): EnforcedFeature | null {
  return features.find((feature) => access[feature] !== true) ?? null;
}

/**
 * A part of the customer's app behind feature access switches (docs/feature-access.md): its content
 * while each switch is on, else the locked message the server also answers with. Only a view: the
 * server refuses the part's calls on its own.
 */
export function NeedsFeature({
  access,
  features,
  children,
}: {
  /** The account's switches, as the session answers them. */
  access: FeatureAccess;
  features: readonly EnforcedFeature[];
  children: ReactNode;
}) {
  const missing = missingFeature(access, features);
  if (!missing) return <>{children}</>;
  return (
    <EmptyState
      className="bg-background"
      icon={LockIcon}
      headingLevel="h3"
      title={`${FEATURE_LABELS[missing]} is not included`}
      text={featureLockedMessage(missing)}
      data-testid="feature-locked"
    />
  );
}
