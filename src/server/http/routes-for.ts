import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../auth/access';
import { operationIdOf, securityOf } from './openapi';

/** The handler Fastify would type for these schemas: `request.query/params/body` and the reply from them. */
type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/**
 * One route as a plugin declares it: only what differs from its neighbours. The tag comes from the
 * plugin's table; `access` and `rateLimit` go to the route's config (auth/access.ts and
 * @fastify/rate-limit read them there), the schemas and summary to its schema (validation,
 * serialisation, the OpenAPI document), with the operationId and security derived from the method,
 * URL and access (http/openapi.ts).
 */
export type RouteDeclaration<Q, P, B, R> = {
  access: RouteAccess;
  /** One line for the OpenAPI document: what the route does, in the product's words. */
  summary: string;
  querystring?: Q;
  params?: P;
  body?: B;
  response?: R;
  rateLimit?: RateLimitOptions;
  /** Bytes, for the few routes whose body may exceed the app's default limit. */
  bodyLimit?: number;
  handler: Handler<{ querystring: Q; params: P; body: B; response: R }>;
};

type Declare = <Q = undefined, P = undefined, B = undefined, R = undefined>(
  url: string,
  declaration: RouteDeclaration<Q, P, B, R>,
) => void;

/**
 * The route table of one plugin, every route under one OpenAPI tag:
 * `const route = routesFor(app, 'plans'); route.get('/api/plans', { access, summary, response, handler })`.
 * Routes are registered in the order they are declared, which is the OpenAPI document's order.
 */
export function routesFor(app: FastifyInstance, tag: string) {
  const tags = [tag];
  const declare =
    (method: HTTPMethods): Declare =>
    (url, { access, rateLimit, bodyLimit, handler, ...schema }) => {
      app.route({
        method,
        url,
        config: rateLimit ? { access, rateLimit } : { access },
        ...(bodyLimit === undefined ? {} : { bodyLimit }),
        schema: {
          ...schema,
          tags,
          operationId: operationIdOf(method, url),
          security: securityOf(access),
        } as FastifySchema,
        handler: handler as RouteHandlerMethod,
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
