import type { BadgeProps } from '@client/components/ui/badge';
import { formatMoney } from '@client/lib/format';
import type { ActivityItem, KNOWN_ACTIVITY_ACTIONS } from '@shared/contracts/dashboard';

type KnownAction = (typeof KNOWN_ACTIVITY_ACTIONS)[number];
type Tone = NonNullable<BadgeProps['variant']>;

/** The badge of each known action; anything else is a plain 'Activity'. */
const BADGES: Record<KnownAction, { label: string; tone: Tone }> = {
  customer_registered: { label: 'New Customer', tone: 'success' },
  payment_succeeded: { label: 'Payment', tone: 'success' },
  payment_failed: { label: 'Payment Failed', tone: 'destructive' },
  admin_login: { label: 'Staff Sign-in', tone: 'secondary' },
  customer_updated: { label: 'Account Update', tone: 'outline' },
  plan_changed: { label: 'Plan Change', tone: 'warning' },
};

// The record's type names every known action, so a new one in the contract fails the build here.
const isKnown = (action: string): action is KnownAction => Object.hasOwn(BADGES, action);

export function activityBadge(action: string): { label: string; tone: Tone } {
  return isKnown(action) ? BADGES[action] : { label: 'Activity', tone: 'outline' };
}

/** An action id made readable: customer_registered -> 'Customer Registered'. */
export function readableAction(action: string): string {
  return action
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** What the item says: its description, or its action made readable when it has none. */
export const activityTitle = (item: Pick<ActivityItem, 'action' | 'description'>): string =>
  item.description.trim() || readableAction(item.action);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * The detail lines of an item from the metadata fields an item may show, each in words. Anything
 * else in the metadata stays out: staff never see raw JSON.
 */
export function activityDetails(metadata: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const plan = text(metadata.planName);
  if (plan) lines.push(`Plan: ${plan}`);
  const amount = metadata.amount;
  if (typeof amount === 'number' && Number.isFinite(amount)) lines.push(`Amount: ${formatMoney(amount)}`);
  const email = text(metadata.customerEmail);
  if (email) lines.push(`Customer: ${email}`);
  const ip = text(metadata.ipAddress);
  if (ip) lines.push(`IP address: ${ip}`);
  const location = text(metadata.location);
  if (location) lines.push(`Location: ${location}`);
  return lines;
}
