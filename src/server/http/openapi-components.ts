/** The OpenAPI document's components, tidied once @fastify/swagger has built it (openapi.ts). */

const SCHEMAS = '#/components/schemas/';
const RESPONSES = '#/components/responses/';

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `${SCHEMAS}ErrorResponse` } } },
});

/** The answers of the access hook, validation and rate limits: one shape, `ErrorResponse`. */
export const REFUSALS = {
  BadInput: errorAnswer('The input does not fit: `message`, and `errors` by field.'),
  Unauthenticated: errorAnswer('No session, or an expired one.'),
  Forbidden: errorAnswer("The session's role, permissions or plan do not open this route."),
  TooManyRequests: errorAnswer('Too many attempts: try again later.'),
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, unknown> };
};

/** A copy of `value` with each `$ref` that `renamed` names replaced. */
function withRefs<T>(value: T, renamed: Map<string, string>): T {
  const replace = (key: string, v: unknown) => (key === '$ref' ? (renamed.get(v as string) ?? v) : v);
  return JSON.parse(JSON.stringify(value, replace)) as T;
}

/** The schema names `value` refers to, and those they refer to in turn. */
function referredSchemas(value: unknown, schemas: Record<string, unknown>, found = new Set<string>()) {
  if (typeof value !== 'object' || value === null) return found;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(SCHEMAS) && !found.has(ref.slice(SCHEMAS.length))) {
    found.add(ref.slice(SCHEMAS.length));
    referredSchemas(schemas[ref.slice(SCHEMAS.length)], schemas, found);
  }
  for (const child of Object.values(value)) referredSchemas(child, schemas, found);
  return found;
}

type JsonSchema = {
  propertyNames?: { enum?: string[] };
  additionalProperties?: unknown;
  properties?: Record<string, unknown>;
};

/**
 * A record over a closed set of keys (`z.record(z.enum(...), v)`) as the object it is, each key a
 * property: zod writes `propertyNames` and `additionalProperties`, which readers (and the lint) do not
 * follow to the keys. In place, on the document's own copy.
 */
function spellOutRecordKeys(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const child of Object.values(value)) spellOutRecordKeys(child);
  const schema = value as JsonSchema;
  const keys = schema.propertyNames?.enum;
  if (!keys || schema.properties || typeof schema.additionalProperties !== 'object') return;
  schema.properties = Object.fromEntries(keys.map((key) => [key, schema.additionalProperties]));
  schema.additionalProperties = false;
  delete schema.propertyNames;
}

/**
 * Each contract comes out of the schema transform twice, `X` as answered and `XInput` as accepted.
 * `XInput` becomes `X` where the two are the same (no defaults, no transforms, no unknown keys
 * refused), or where `X` itself is never used (a request body): `XInput` remains only beside a
 * different `X`.
 */
function mergedInputs(schemas: Record<string, unknown>, used: (name: string) => boolean) {
  const renamed = new Map<string, string>();
  const text = (name: string) => JSON.stringify(withRefs(schemas[name], renamed));
  // Until nothing changes: an input is the same as its output once the inputs it refers to are.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of Object.keys(schemas)) {
      const twin = name.replace(/Input$/, '');
      if (twin === name || !(twin in schemas) || renamed.has(SCHEMAS + name)) continue;
      if (used(twin) && text(name) !== text(twin)) continue;
      renamed.set(SCHEMAS + name, SCHEMAS + twin);
      changed = true;
    }
  }
  return renamed;
}

/**
 * The components as a reader wants them: the schemas the paths use, by name, inputs merged into their
 * twins (`mergedInputs`), records' keys spelled out, and the common refusals as shared responses.
 */
export function tidyComponents<D extends OpenApiDocument>(doc: D): D {
  const usedBefore = referredSchemas(doc.paths, doc.components.schemas);
  const renamed = mergedInputs(doc.components.schemas, (name) => usedBefore.has(name));
  const tidy = withRefs(doc, renamed);
  const schemas = tidy.components.schemas;
  // Where `X` was never used, its name now stands for the accepted form.
  for (const [input, twin] of renamed)
    schemas[twin.slice(SCHEMAS.length)] = schemas[input.slice(SCHEMAS.length)];
  const refusals = new Map(Object.entries(REFUSALS).map(([name, answer]) => [JSON.stringify(answer), name]));
  for (const operation of Object.values(tidy.paths).flatMap((item) => Object.values(item))) {
    for (const [status, answer] of Object.entries(operation.responses ?? {})) {
      const name = refusals.get(JSON.stringify(answer));
      if (name) operation.responses![status] = { $ref: RESPONSES + name };
    }
  }
  spellOutRecordKeys(tidy);
  const used = referredSchemas(tidy.paths, schemas);
  tidy.components = {
    ...tidy.components,
    schemas: Object.fromEntries([...used].sort().map((name) => [name, schemas[name]])),
    responses: { ...tidy.components.responses, ...REFUSALS },
  };
  return tidy;
}
