import { queryOptions } from '@tanstack/react-query';
import { mailTransportFeed } from '@shared/contracts/mail-transport-feed';
import { getJson } from '@client/lib/api';

/** Whether a mail transport is configured (the dashboard and Communications say so when none is). */
export const mailTransportKey = ['/api/admin/email/transport'] as const;
export const mailTransportQuery = queryOptions({
  queryKey: mailTransportKey,
  queryFn: (context) => getJson(mailTransportKey[0], mailTransportFeed, context),
});
