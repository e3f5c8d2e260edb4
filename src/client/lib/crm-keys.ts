/*
 * CRM Integration's queries (docs/crm.md). The CRM area keys its queries with these; other screens
 * that create customers or team users (the external database import) invalidate its lists and counts.
 */
export const CRM_API = '/api/admin/crm';

export const crmKeys = {
  all: [CRM_API] as const,
  status: [CRM_API, 'status'] as const,
  customers: [CRM_API, 'customers'] as const,
  users: [CRM_API, 'users'] as const,
  job: (id: string) => [CRM_API, 'jobs', id] as const,
};
