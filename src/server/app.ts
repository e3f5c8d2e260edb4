import fs from 'node:fs';
import path from 'node:path';
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
import type { Database } from './db/client';
import { registerAccessControl } from './auth/access';
import { registerClientAssets } from './http/client-assets';
import { registerErrorHandling } from './http/errors';
import { registerSecurity } from './http/security';
import { authRoutes } from './modules/auth/routes';
import { customerRoutes } from './modules/customers/routes';
import { healthRoutes } from './modules/health/routes';
import { planRoutes } from './modules/plans/routes';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Directory of the built client; null serves the API only (tests). Defaults to dist/client. */
  clientDir?: string | null;
  logger?: boolean;
  dev?: boolean;
};

export function defaultClientDir(): string | null {
  const dir = path.join(appRoot, 'dist/client');
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : null;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  await registerSecurity(app, { dev: deps.dev ?? false });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: `${config.appName} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
  registerAccessControl(app, database.db);

  const db = database.db;
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db, config });
  await app.register(customerRoutes, { db, config });
  await app.register(planRoutes, { db });

  app.get('/api/docs/openapi.json', {
    config: { access: { public: true } },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });

  await registerClientAssets(app, {
    clientDir: deps.clientDir === undefined ? defaultClientDir() : deps.clientDir,
    appName: config.appName,
  });
  return app;
}
