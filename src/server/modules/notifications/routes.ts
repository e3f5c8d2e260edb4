import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, errorResponse } from '../../../shared/contracts/common';
import { notificationList, notificationReadResponse } from '../../../shared/contracts/notifications';
import { uuidParams } from '../../../shared/contracts/portal';
import { actorOf } from '../audit';
import { markAllNotificationsRead, markNotificationRead, staffNotifications } from './staff-inbox';
import type { Services } from '../../services';

/** Polled by the admin shell every 30 s and on focus; read marks are per staff member. */
export async function notificationRoutes(app: FastifyInstance, deps: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = (request: FastifyRequest) => ({ staffId: request.staffUser.id, actor: actorOf(request) });

  r.get('/api/admin/notifications', {
    config: { access: access.staff },
    schema: {
      tags: ['notifications'],
      summary:
        'The newest staff notifications, each marked read or not for this staff member, and their unread count',
      response: { 200: notificationList },
    },
    handler: async (request) => staffNotifications(deps, request.staffUser.id),
  });

  r.post('/api/admin/notifications/:id/read', {
    config: { access: access.staff },
    schema: {
      tags: ['notifications'],
      params: uuidParams,
      response: { 200: notificationReadResponse, 404: errorResponse },
    },
    handler: async (request) => ({
      success: true as const,
      count: await markNotificationRead(deps, reader(request), request.params.id),
    }),
  });

  r.post('/api/admin/notifications/read-all', {
    config: { access: access.staff },
    schema: { tags: ['notifications'], response: { 200: notificationReadResponse } },
    handler: async (request) => ({
      success: true as const,
      count: await markAllNotificationsRead(deps, reader(request)),
    }),
  });
}
