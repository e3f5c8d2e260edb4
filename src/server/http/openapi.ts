import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../shared/contracts/common';
import type { RouteAccess } from '../auth/access';
import { CUSTOMER_COOKIE, STAFF_COOKIE } from '../auth/sessions';
import { REFUSALS, tidyComponents, type OpenApiDocument } from './openapi-components';
import { contractSchemaRegistry } from './openapi-schemas';

/** How a caller proves who they are: the two session cookies, and the customer token as a bearer. */
const SECURITY_SCHEMES = {
  staffSession: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE, description: 'A staff sign-in.' },
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: CUSTOMER_COOKIE,
    description: 'A customer sign-in in the portal.',
  },
  customerToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A customer's session token (`Authorization: Bearer <token>`), as the sign-in answers it.",
  },
} as const;

type Security = Partial<Record<keyof typeof SECURITY_SCHEMES, []>>[];

/** An operation's `security`, from its access rule: a customer route takes the cookie or the token. */
export function securityOf(rule: RouteAccess): Security {
  if ('public' in rule) return [];
  if ('customer' in rule) return [{ customerSession: [] }, { customerToken: [] }];
  return [{ staffSession: [] }];
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/admin/invoices/:id/pdf` -> `getAdminInvoicesByIdPdf`: unique as the method and URL are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/.-]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capitalised(word.slice(1))}` : capitalised(word)));
  return method.toLowerCase() + words.join('');
}

/**
 * The refusals every route may answer, whatever its own schemas say (access hook, validation, limits):
 * for the document only, since a 4xx schema on the route itself would serialise those answers. They
 * become `#/components/responses/<Name>` (openapi-components.ts).
 */
function refusalsOf(route: { schema?: object; config?: { access?: RouteAccess; rateLimit?: unknown } }) {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const rule = route.config?.access;
  return {
    ...(schema.body || schema.querystring || schema.params ? { 400: REFUSALS.BadInput } : {}),
    ...(rule && !('public' in rule) ? { 401: REFUSALS.Unauthenticated, 403: REFUSALS.Forbidden } : {}),
    ...(route.config?.rateLimit ? { 429: REFUSALS.TooManyRequests } : {}),
  };
}

/**
 * Route schemas to JSON schemas, the contracts' named ones as `$ref`s. Query and path parameters are
 * listed one by one in the document and @fastify/swagger cannot follow a `$ref` there: they are inlined.
 */
function routeTransform(registry: () => ReturnType<typeof contractSchemaRegistry>): SwaggerTransform {
  let withRefs: ReturnType<typeof createJsonSchemaTransform> | undefined;
  let inlined: ReturnType<typeof createJsonSchemaTransform> | undefined;
  return (input) => {
    withRefs ??= createJsonSchemaTransform({ schemaRegistry: registry() });
    inlined ??= createJsonSchemaTransform({ schemaRegistry: z.registry() });
    if (!input.schema) return withRefs(input);
    const { querystring, params, headers, ...rest } = input.schema as Record<string, unknown>;
    const refs = withRefs({ ...input, schema: rest });
    const schema = refs.schema as Record<string, unknown>;
    if (schema.hide) return refs;
    const parameters = inlined({ ...input, schema: { querystring, params, headers } }).schema;
    // No response schema: a file, a page or a redirect (what @fastify/swagger says, with no content).
    const own = schema.response ?? {
      200: { type: 'null', description: 'Not JSON: a file, a page or a redirect.' },
    };
    const response = { ...refusalsOf(input.route), ...own };
    return { ...refs, schema: { ...schema, ...parameters, response } };
  };
}

/** The OpenAPI document of every route (`app.swagger()`), built from the route declarations. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { appName: string; publicUrl: string },
): Promise<void> {
  // The registry walks every contract module's exports: built when the document is first asked for
  // (the transforms run then), not at every start.
  let registry: ReturnType<typeof contractSchemaRegistry> | undefined;
  const registryOnce = () => (registry ??= contractSchemaRegistry());
  let withComponents: ReturnType<typeof createJsonSchemaTransformObject> | undefined;
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema itself, where a nullable `$ref` or `unknown` can be written (3.0 cannot).
      openapi: '3.1.0',
      info: {
        title: `${options.appName} API`,
        version: '1',
        description:
          'The HTTP API of the customer portal and the staff back-office. Customer routes take the ' +
          "portal's session cookie or its token as a bearer, staff routes the staff session cookie; a " +
          "route the session's role, permissions or plan do not open answers 403.",
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: routeTransform(registryOnce),
    transformObject: (input) => {
      withComponents ??= createJsonSchemaTransformObject({ schemaRegistry: registryOnce() });
      return tidyComponents(withComponents(input) as OpenApiDocument);
    },
  });
}

/**
 * The document at /api/docs/openapi.json and a reader for it at /api/docs (Swagger UI, its files from
 * the package), both public. Swagger UI's own routes declare no access rule: this context gives them
 * theirs.
 */
export async function registerApiReader(app: FastifyInstance, appName: string): Promise<void> {
  app.get('/api/docs/openapi.json', {
    config: { access: access.public },
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
  await app.register(async (reader) => {
    reader.decorate('pluginRouteAccess', access.public);
    // Its page loads only its own files and the document: the app's Content-Security-Policy holds as it is.
    await reader.register(swaggerUi, { routePrefix: '/api/docs', theme: { title: `${appName} API` } });
  });
}
