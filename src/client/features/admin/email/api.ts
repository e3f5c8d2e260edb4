import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { successResponse } from '@shared/contracts/common';
import {
  automationRuleList,
  emailAnalytics,
  emailPreview,
  emailTemplateList,
  emailTestAnswer,
  outboxMessageDetail,
  outboxPage,
  type EmailTemplateInput,
  type OutboxListQuery,
} from '@shared/contracts/email';
import { apiJson, getJson, searchParams, apiMutation, apiMutationOf } from '@client/lib/calls';

/* Email Settings' calls (tab `emails`, /admin/email-settings; docs/email.md). */

const BASE = '/api/admin/email';
export const emailKeys = {
  all: [BASE] as const,
  templates: [BASE, 'templates'] as const,
  automation: [BASE, 'automation'] as const,
  analytics: (days: number) => [BASE, 'analytics', days] as const,
  outbox: [BASE, 'outbox'] as const,
};

export const emailTemplatesQuery = queryOptions({
  queryKey: emailKeys.templates,
  queryFn: (context) => getJson(`${BASE}/templates`, emailTemplateList, context),
});

export const automationRulesQuery = queryOptions({
  queryKey: emailKeys.automation,
  queryFn: (context) => getJson(`${BASE}/automation`, automationRuleList, context),
});

export const emailAnalyticsQuery = (days: number) =>
  queryOptions({
    queryKey: emailKeys.analytics(days),
    queryFn: (context) => getJson(`${BASE}/analytics?days=${days}`, emailAnalytics, context),
    placeholderData: keepPreviousData,
  });

/** One page of the outbox, filtered and searched on the server. */
export const outboxQuery = (query: OutboxListQuery) =>
  queryOptions({
    queryKey: [...emailKeys.outbox, query],
    queryFn: (context) => getJson(`${BASE}/outbox?${searchParams(query)}`, outboxPage, context),
    placeholderData: keepPreviousData,
  });

/** One message with its body (a sensitive one is read once per open: the read is audited). */
export const outboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: [...emailKeys.outbox, 'message', id],
    queryFn: (context) => getJson(`${BASE}/outbox/${id}`, outboxMessageDetail, context),
    staleTime: Infinity,
    gcTime: 0,
  });

export const useSaveTemplate = apiMutationOf(
  (id: string) => (input: EmailTemplateInput) =>
    apiJson('PUT', `${BASE}/templates/${id}`, successResponse, input),
);

export const useResetTemplate = apiMutationOf(
  (id: string) => () => apiJson('POST', `${BASE}/templates/${id}/reset`, successResponse, {}),
);

export const useSetTemplateEnabled = apiMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
  apiJson('PUT', `${BASE}/templates/${id}/enabled`, successResponse, { enabled }),
);

export const usePreviewTemplate = apiMutationOf(
  (id: string) => (draft: EmailTemplateInput) =>
    apiJson('POST', `${BASE}/templates/${id}/preview`, emailPreview, draft),
);

/** `POST /api/admin/email/test`: the template to the signed-in staff member. */
export const useSendTestEmail = apiMutation((templateId: string) =>
  apiJson('POST', `${BASE}/test`, emailTestAnswer, { templateId }),
);
