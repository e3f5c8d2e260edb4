import type { FastifyInstance } from 'fastify';
import { registrationRequest, registrationResponse } from '../../../shared/contracts/customers';
import { actorOf } from '../audit';
import { registerCustomer } from './service';
import { access } from '../../../shared/contracts/common';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

export async function customerRoutes(app: FastifyInstance, { db, config, clock, mail }: Services) {
  const route = routesFor(app, 'customers');

  route.post('/api/customers', {
    access: access.public,
    rateLimit: { max: Math.max(10, config.loginRateLimitPerIp), timeWindow: '1 minute' },
    summary: 'Self sign-up: creates the company account on a 14-day trial',
    body: registrationRequest,
    response: { 201: registrationResponse },
    handler: async (request, reply) => {
      const c = await registerCustomer(db, mail, actorOf(request), request.body, clock.now());
      return reply.status(201).send({
        success: true,
        message: `Welcome to ${config.appName}! Your account has been created successfully!`,
        customer: {
          id: c.id,
          email: c.email,
          firstName: c.firstName,
          lastName: c.lastName,
          companyName: c.companyName,
          planId: c.planId!,
          status: c.status,
          subscriptionStatus: c.subscriptionStatus,
          trialEndsAt: c.trialEndsAt?.toISOString() ?? null,
        },
      });
    },
  });
}
