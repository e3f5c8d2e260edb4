import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, errorResponse } from '../../../shared/contracts/common';
import { notificationList, notificationReadResponse } from '../../../shared/contracts/notifications';
import { uuidParams } from '../../../shared/contracts/portal';
import { actorOf } from '../audit';
import { markAllNotificationsRead, markNotificationRead, staffNotifications } from './staff-inbox';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** Polled by the admin shell every 30 s and on focus; read marks are per staff member. */
export async function notificationRoutes(app: FastifyInstance, deps: Services) {
  const route = routesFor(app, 'notifications');
  const reader = (request: FastifyRequest) => ({ staffId: request.staffUser.id, actor: actorOf(request) });

  route.get('/api/admin/notifications', {
    access: access.staff,
    summary:
      'The newest staff notifications, each marked read or not for this staff member, and their unread count',
    response: { 200: notificationList },
    handler: async (request) => staffNotifications(deps, request.staffUser.id),
  });

  route.post('/api/admin/notifications/:id/read', {
    access: access.staff,
    summary: 'Mark one notification read for this staff member',
    params: uuidParams,
    response: { 200: notificationReadResponse, 404: errorResponse },
    handler: async (request) => ({
      success: true as const,
      count: await markNotificationRead(deps, reader(request), request.params.id),
    }),
  });

  route.post('/api/admin/notifications/read-all', {
    access: access.staff,
    summary: 'Mark every notification read for this staff member',
    response: { 200: notificationReadResponse },
    handler: async (request) => ({
      success: true as const,
      count: await markAllNotificationsRead(deps, reader(request)),
    }),
  });
}
