// The app's own OpenAPI document, for the tests that walk every declared route (bad input,
// account isolation): a route's parameters and body schema, and bodies built from them.
import type { FastifyInstance } from 'fastify';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};
export type Parameter = { in: 'path' | 'query'; name: string; schema: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** The operation of a route as Fastify names it (`/api/plans/:id`; the document says `{id}`). */
export function operationOf(app: FastifyInstance, method: string, url: string): Operation {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return doc.paths[url.replace(/:([a-z]+)/gi, '{$1}')]?.[method.toLowerCase()] ?? {};
}

export const bodySchemaOf = (op: Operation) => op.requestBody?.content?.['application/json']?.schema;

/** A copy of `base` with the value at `path` replaced (arrays stay arrays). */
export function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string, unknown>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), value);
  return copy;
}
