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

type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, object> };

/**
 * A schema of the document as the walkers read it: every `$ref` into the components replaced by what
 * it names (a cycle stays a `$ref`), and each `const` (OpenAPI 3.1) written as the one-value `enum`.
 */
function inlined(doc: Document, value: unknown, seen: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => inlined(doc, item, seen));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/') && !seen.has(ref)) {
    const [kind, name] = ref.slice('#/components/'.length).split('/') as [string, string];
    return inlined(doc, (doc.components[kind] as Record<string, unknown>)[name], new Set([...seen, ref]));
  }
  const { const: only, ...schema } = value as Record<string, unknown>;
  const entries = Object.entries(schema).map(([key, child]) => {
    // `properties` maps names to schemas: a property may be called `const` or `$ref`.
    if (key !== 'properties' || typeof child !== 'object' || child === null)
      return [key, inlined(doc, child, seen)];
    return [key, Object.fromEntries(Object.entries(child).map(([name, s]) => [name, inlined(doc, s, seen)]))];
  });
  return { ...Object.fromEntries(entries), ...('const' in value ? { enum: [only] } : {}) };
}

/**
 * The operation of a route as Fastify names it (`/api/plans/:id`; the document says `{id}`), with the
 * named schemas it refers to written out in place.
 */
export function operationOf(app: FastifyInstance, method: string, url: string): Operation {
  const doc = app.swagger() as unknown as Document;
  const operation = doc.paths[url.replace(/:([a-z]+)/gi, '{$1}')]?.[method.toLowerCase()];
  return operation ? (inlined(doc, operation) as Operation) : {};
}

export const bodySchemaOf = (op: Operation) => op.requestBody?.content?.['application/json']?.schema;

/** A copy of `base` with the value at `path` replaced (arrays stay arrays). */
export function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string, unknown>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), value);
  return copy;
}
