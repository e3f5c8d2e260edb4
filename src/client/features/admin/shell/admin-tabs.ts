import {
  ActivityIcon,
  BarChart3Icon,
  CreditCardIcon,
  DatabaseIcon,
  HeadsetIcon,
  LayersIcon,
  LayoutDashboardIcon,
  MailIcon,
  NetworkIcon,
  SettingsIcon,
  ShieldCheckIcon,
  TrendingUpIcon,
  TruckIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { ADMIN_TABS, type AdminTab } from '@shared/roles';

/** The five sidebar groups, in menu order (docs/product-rules.md "Staff roles and tabs"). */
export const ADMIN_TAB_GROUPS = [
  { id: 'core', label: 'Fleet Management' },
  { id: 'business', label: 'Business Operations' },
  { id: 'support', label: 'Customer Support' },
  { id: 'system', label: 'System Administration' },
  { id: 'integrations', label: 'Advanced Integrations' },
] as const;
export type AdminTabGroup = (typeof ADMIN_TAB_GROUPS)[number]['id'];

export interface AdminTabInfo {
  id: AdminTab;
  /** The menu label. */
  label: string;
  /** The window title and the tab's heading. */
  title: string;
  /** One line under the heading saying what the area is for. */
  summary: string;
  icon: LucideIcon;
  /** The sidebar group; null for a tab with no menu entry (customers). */
  group: AdminTabGroup | null;
}

/** Every admin tab, in menu order within its group. Which ones a user sees comes from @shared/roles. */
export const ADMIN_TAB_INFO: Record<AdminTab, AdminTabInfo> = {
  dashboard: {
    id: 'dashboard',
    label: 'Overview',
    title: 'Admin Dashboard',
    summary: 'Customers, subscriptions, revenue and recent activity at a glance.',
    icon: LayoutDashboardIcon,
    group: 'core',
  },
  fleet: {
    id: 'fleet',
    label: 'Customer CRM Fleet',
    title: 'Fleet Management',
    summary: 'Customer accounts, their plans, limits and fleet health.',
    icon: TruckIcon,
    group: 'core',
  },
  plans: {
    id: 'plans',
    label: 'Subscription Plans',
    title: 'Subscription Plans',
    summary: 'The plans customers can subscribe to, their prices and limits.',
    icon: LayersIcon,
    group: 'core',
  },
  payments: {
    id: 'payments',
    label: 'Billing & Payments',
    title: 'Payment Management',
    summary: 'Payments, refunds, invoices and expenses.',
    icon: CreditCardIcon,
    group: 'business',
  },
  revenue: {
    id: 'revenue',
    label: 'Revenue Analytics',
    title: 'Revenue Analytics',
    summary: 'MRR, ARR, churn and plan mix computed from subscriptions and payments.',
    icon: TrendingUpIcon,
    group: 'business',
  },
  analytics: {
    id: 'analytics',
    label: 'Advanced Analytics',
    title: 'Analytics',
    summary: 'Trends across customers, plans and usage.',
    icon: BarChart3Icon,
    group: 'business',
  },
  support: {
    id: 'support',
    label: 'Support Center',
    title: 'Support Management',
    summary: 'Customer tickets: assign, prioritise and reply.',
    icon: HeadsetIcon,
    group: 'support',
  },
  emails: {
    id: 'emails',
    label: 'Communications',
    title: 'Email Management',
    summary: 'Email templates, automation rules and delivery statistics.',
    icon: MailIcon,
    group: 'support',
  },
  users: {
    id: 'users',
    label: 'Team Management',
    title: 'User Management',
    summary: 'Staff accounts, roles, permissions and sales commissions.',
    icon: UsersIcon,
    group: 'system',
  },
  audit: {
    id: 'audit',
    label: 'Security & Audit',
    title: 'Audit Logs',
    summary: 'Every change made in the product: who, what and when.',
    icon: ShieldCheckIcon,
    group: 'system',
  },
  settings: {
    id: 'settings',
    label: 'System Settings',
    title: 'Settings',
    summary: 'General system settings and third-party API settings.',
    icon: SettingsIcon,
    group: 'system',
  },
  monitoring: {
    id: 'monitoring',
    label: 'System Health',
    title: 'System Monitoring',
    summary: 'Live process, database and integration health.',
    icon: ActivityIcon,
    group: 'system',
  },
  crm: {
    id: 'crm',
    label: 'CRM Integration',
    title: 'CRM Integration',
    summary: 'Synchronise customers and team users with HubSpot or Salesforce.',
    icon: NetworkIcon,
    group: 'integrations',
  },
  'external-db': {
    id: 'external-db',
    label: 'External Database',
    title: 'External Database',
    summary: 'Import customers and users from an external database.',
    icon: DatabaseIcon,
    group: 'integrations',
  },
  customers: {
    id: 'customers',
    label: 'Customers',
    title: 'Customer Management',
    summary: 'Customer accounts and their subscriptions.',
    icon: UsersIcon,
    group: null,
  },
};

/** Menu order: groups in order, then the tabs of each group in the order of ADMIN_TAB_INFO. */
export const MENU_ORDER: readonly AdminTab[] = Object.keys(ADMIN_TAB_INFO) as AdminTab[];

export const DEFAULT_ADMIN_TAB: AdminTab = 'dashboard';

export function isAdminTab(value: string | null | undefined): value is AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '');
}

/** The URL of a tab: the default tab is plain /admin, the others /admin?tab=id (docs/product-rules.md). */
export function adminTabHref(tab: AdminTab): string {
  return tab === DEFAULT_ADMIN_TAB ? '/admin' : `/admin?tab=${encodeURIComponent(tab)}`;
}
