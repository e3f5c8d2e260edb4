import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { appRoot } from './paths';
import type { Database } from './db/client';
import { registerAccessControl } from './auth/access';
import { registerClientAssets } from './http/client-assets';
import { registerErrorHandling } from './http/errors';
import { registerApiReader, registerOpenApi } from './http/openapi';
import { registerDataFreshness } from './http/data-freshness';
import { loggerOptions } from './http/log-redaction';
import { registerRequestIdHeader, requestIdFrom } from './http/request-id';
import { registerSecurity } from './http/security';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerTextGuard } from './http/text-guard';
import { registerUnknownFieldGuard } from './http/unknown-fields';
import { authRoutes } from './modules/auth/routes';
import { customerRoutes } from './modules/customers/routes';
import { healthRoutes } from './modules/health/routes';
import { registerReadiness } from './modules/readiness';
import { readinessRoutes } from './modules/readiness/routes';
import { planRoutes } from './modules/plans/routes';
import { portalRoutes } from './modules/portal/routes';
import { fleetRoutes } from './modules/fleet/routes';
import { fleetCenterRoutes } from './modules/fleet-center/routes';
import { paymentRoutes } from './modules/payments/routes';
import { staffCustomerRoutes } from './modules/staff-customers/routes';
import { impersonationRoutes } from './modules/impersonation/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { teamRoutes } from './modules/team/routes';
import { commissionRoutes } from './modules/commissions/routes';
import { staffProfileRoutes } from './modules/staff-profile/routes';
import { paymentOperationsRoutes } from './modules/payment-operations/routes';
import { registerUsageMeter } from './modules/billing';
import { usageAnalyticsRoutes } from './modules/usage-analytics/routes';
import { billingAdminRoutes } from './modules/billing-admin/routes';
import { revenueRoutes } from './modules/revenue/routes';
import { staffPaymentRoutes } from './modules/staff-payments/routes';
import { registerSystemHealth } from './modules/system-health';
import { systemHealthRoutes } from './modules/system-health/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { auditRoutes } from './modules/audit/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { supportRoutes } from './modules/support/routes';
import { registerSecurityEventAudit } from './modules/audit';
import { emailRoutes } from './modules/email/routes';
import { externalDbRoutes } from './modules/external-db/routes';
import { crmRoutes } from './modules/crm/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { systemClock, type Clock } from './clock';
import { createPaymentProvider } from './integrations/payments/create-provider';
import type { PaymentProvider } from './integrations/payments/provider';
import { buildServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once (services.ts); route plugins get the same object as their options. */
    services: Services;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Directory of the built client; null serves the API only (tests). Defaults to dist/client. */
  clientDir?: string | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
  dev?: boolean;
  /** Time for the billing rules; tests pass a controllable clock. */
  clock?: Clock;
  /** The card processor; defaults to the one the configuration names. */
  paymentProvider?: PaymentProvider;
};

export function defaultClientDir(): string | null {
  const dir = path.join(appRoot, 'dist/client');
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/**
 * Every route validates and serialises with its zod schemas (fastify-type-provider-zod). Given to
 * Fastify when it is made, rather than set after, they spare every start loading its default compilers
 * (ajv, fast-json-stringify), which nothing would use (docs/performance.md, cold start). Fastify's types
 * only know JSON-schema compiler factories.
 */
const zodCompilers = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];

/** A route plugin: every one takes the same services (services.ts). */
type RoutePlugin = (app: FastifyInstance, services: Services) => Promise<void>;

/** Every module's routes, in the order they are registered. */
const ROUTE_PLUGINS: readonly RoutePlugin[] = [
  healthRoutes,
  readinessRoutes,
  authRoutes,
  customerRoutes,
  planRoutes,
  portalRoutes,
  paymentRoutes,
  fleetRoutes,
  staffCustomerRoutes,
  fleetCenterRoutes,
  notificationRoutes,
  impersonationRoutes,
  dashboardRoutes,
  teamRoutes,
  commissionRoutes,
  staffProfileRoutes,
  paymentOperationsRoutes,
  usageAnalyticsRoutes,
  billingAdminRoutes,
  revenueRoutes,
  staffPaymentRoutes,
  systemHealthRoutes,
  systemSettingsRoutes,
  auditRoutes,
  emailRoutes,
  passwordResetRoutes,
  supportRoutes,
  externalDbRoutes,
  crmRoutes,
  metricsRoutes,
];

/** What every request passes through before a route: cookies, security headers, limits, guards, meters. */
async function registerHttpLayers(
  app: FastifyInstance,
  deps: AppDeps & { clock: Clock; provider: PaymentProvider },
): Promise<void> {
  const { config, database, clock, provider } = deps;
  const db = database.db;
  await app.register(cookie);
  await registerSecurity(app, { dev: deps.dev ?? false, stripe: provider.name === 'stripe' });
  // Limits are counted in the database, so they hold across instances (docs/architecture.md).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  await registerOpenApi(app, config);
  registerAccessControl(app, db);
  registerTextGuard(app);
  // A body field a route does not declare is a 400 naming it, never dropped in silence.
  registerUnknownFieldGuard(app);
  // Refused requests and staff validation failures go to the audit trail (docs/audit-logs.md).
  registerSecurityEventAudit(app, db);
  // Hosting usage: every response of this instance is counted (docs/payment-operations.md).
  registerUsageMeter(app, { db, clock });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: requestIdFrom(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: zodCompilers,
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestIdHeader(app);
  const readiness = registerReadiness(app);
  registerErrorHandling(app);
  // Every answer names the data it read and wrote, so screens refetch what a change made stale.
  registerDataFreshness(app);

  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const provider = deps.paymentProvider ?? (await createPaymentProvider(config, db, clock));

  await registerHttpLayers(app, { ...deps, clock, provider });
  // System Health: requests counted in memory, this instance's report written every few seconds.
  const monitor = registerSystemHealth(app, {
    database,
    reportMs: config.healthReportMs,
    slowStatementMs: config.slowStatementMs,
  });

  const services = await buildServices({
    config,
    database,
    clock,
    provider,
    log: app.log,
    monitor,
  });
  app.decorate('services', services);
  // A shutdown (main.ts) lets running jobs finish once the last request is answered; any other close
  // (tests) marks them interrupted at once.
  app.addHook('onClose', async () => {
    if (readiness.draining) await services.backgroundJobs.idle();
    await services.backgroundJobs.stop();
  });
  // In this order: the OpenAPI document lists the routes as they were registered.
  for (const routes of ROUTE_PLUGINS) await app.register(routes, services);

  await registerApiReader(app, config.appName);

  await registerClientAssets(app, {
    clientDir: deps.clientDir === undefined ? defaultClientDir() : deps.clientDir,
    appName: config.appName,
  });
  return app;
}
