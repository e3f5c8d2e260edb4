import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { appRoot } from './paths';
import { access } from '../shared/contracts/common';
import type { Database } from './db/client';
import { registerAccessControl } from './auth/access';
import { registerClientAssets } from './http/client-assets';
import { registerErrorHandling } from './http/errors';
import { registerDataFreshness } from './http/data-freshness';
import { loggerOptions } from './http/log-redaction';
import { registerSecurity } from './http/security';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerTextGuard } from './http/text-guard';
import { registerUnknownFieldGuard } from './http/unknown-fields';
import { authRoutes } from './modules/auth/routes';
import { customerRoutes } from './modules/customers/routes';
import { healthRoutes } from './modules/health/routes';
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
import { registerUsageMeter, type BillingDeps } from './modules/billing';
import { usageAnalyticsRoutes } from './modules/usage-analytics/routes';
import { billingAdminRoutes } from './modules/billing-admin/routes';
import { revenueRoutes } from './modules/revenue/routes';
import { staffPaymentRoutes } from './modules/staff-payments/routes';
import { registerSystemHealth } from './modules/system-health/monitor';
import { systemHealthRoutes } from './modules/system-health/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { auditRoutes } from './modules/audit/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { supportRoutes } from './modules/support/routes';
import { registerSecurityEventAudit } from './modules/audit/security-events';
import { createEmailQueue, type EmailQueue } from './modules/email/outbox';
import { createEmailDelivery, type EmailDelivery } from './modules/email/delivery';
import { emailRoutes } from './modules/email/routes';
import { externalDbRoutes } from './modules/external-db/routes';
import { crmRoutes } from './modules/crm/routes';
import { createBackgroundJobs, type BackgroundJobs } from './modules/background-jobs/service';
import { settingsKeyring } from './modules/system-settings/settings-key';
import { systemClock, type Clock } from './clock';
import { createPaymentProvider } from './integrations/payments/create-provider';
import type { PaymentProvider } from './integrations/payments/provider';
import type { StripePaymentProvider as StripeProvider } from './integrations/payments/stripe';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the billing rules and jobs need; main.ts starts the scheduler with it. */
    billing: BillingDeps;
    /** The outbox writer every email goes through (docs/email.md). */
    email: EmailQueue;
    /** Delivers the outbox (the `email: deliver` job; main.ts runs it). */
    emailDelivery: EmailDelivery;
    /** Background jobs with progress (docs/background-jobs.md): CRM syncs, external imports. */
    backgroundJobs: BackgroundJobs;
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

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Every answer names the data it read and wrote, so screens refetch what a change made stale.
  registerDataFreshness(app);

  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const email = await createEmailQueue({
    db,
    appName: config.appName,
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
  });
  const billing: BillingDeps = {
    db,
    clock,
    appName: config.appName,
    provider: deps.paymentProvider ?? (await createPaymentProvider(config, db, clock)),
    mail: { queue: email, publicUrl: config.publicUrl },
  };

  await app.register(cookie);
  await registerSecurity(app, { dev: deps.dev ?? false, stripe: billing.provider.name === 'stripe' });
  // Limits are counted in the database, so they hold across instances (docs/architecture.md).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  await app.register(swagger, {
    openapi: { info: { title: `${config.appName} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
  registerAccessControl(app, database.db);
  registerTextGuard(app);
  // A body field a route does not declare is a 400 naming it, never dropped in silence.
  registerUnknownFieldGuard(app);
  // Refused requests and staff validation failures go to the audit trail (docs/audit-logs.md).
  registerSecurityEventAudit(app, db);
  // Hosting usage: every response of this instance is counted (docs/payment-operations.md).
  registerUsageMeter(app, { db, clock });
  // System Health: requests counted in memory, this instance's report written every few seconds.
  const monitor = registerSystemHealth(app, { database, reportMs: config.healthReportMs });

  app.decorate('billing', billing);
  app.decorate('email', email);
  const emailDelivery = createEmailDelivery({
    db,
    config,
    queue: email,
    keyring: settingsKeyring(config, database.driver === 'pglite'),
    instance: `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
    log: app.log,
  });
  app.decorate('emailDelivery', emailDelivery);
  const backgroundJobs = createBackgroundJobs({ db, log: app.log, instanceId: monitor.instanceId });
  app.decorate('backgroundJobs', backgroundJobs);
  app.addHook('onClose', () => backgroundJobs.stop());
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db, config });
  await app.register(customerRoutes, { db, config, clock });
  await app.register(planRoutes, { db });
  await app.register(portalRoutes, { billing, config });
  await app.register(paymentRoutes, { billing, config });
  await app.register(fleetRoutes, { db, clock, config });
  await app.register(staffCustomerRoutes, { billing, config });
  await app.register(fleetCenterRoutes, { db, clock, config });
  await app.register(notificationRoutes, { db, clock });
  await app.register(impersonationRoutes, { db, config, clock });
  await app.register(dashboardRoutes, { db, clock });
  await app.register(teamRoutes, { db, clock, config });
  await app.register(commissionRoutes, { db, clock });
  await app.register(staffProfileRoutes, { db, clock });
  await app.register(paymentOperationsRoutes, { billing });
  await app.register(usageAnalyticsRoutes, { db, clock });
  await app.register(billingAdminRoutes, { db, clock, appName: config.appName });
  await app.register(revenueRoutes, { db, clock });
  await app.register(staffPaymentRoutes, { billing, config });
  await app.register(systemHealthRoutes, { database, config, monitor });
  await app.register(systemSettingsRoutes, { database, config });
  await app.register(auditRoutes, { db, clock });
  await app.register(emailRoutes, { db, config, queue: email, delivery: emailDelivery });
  await app.register(passwordResetRoutes, { db, clock, config });
  await app.register(supportRoutes, { db, clock, config, email });
  await app.register(externalDbRoutes, { database, config, clock });
  await app.register(crmRoutes, { config, database });
  if (billing.provider.name === 'stripe') {
    // Its own encapsulated plugin: it parses JSON bodies raw, for the signature check.
    const { stripeWebhookRoutes } = await import('./modules/payments/stripe-webhook');
    await app.register(stripeWebhookRoutes, { billing, provider: billing.provider as StripeProvider });
  }

  app.get('/api/docs/openapi.json', {
    config: { access: access.public },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });

  await registerClientAssets(app, {
    clientDir: deps.clientDir === undefined ? defaultClientDir() : deps.clientDir,
    appName: config.appName,
  });
  return app;
}
