import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodType } from 'zod/v4/core';

/**
 * A request body field the route does not know is refused, on every route at once: 400
 * `Unknown field: foo` (`Unknown fields: foo, bar.baz` for several), naming each with its path, and
 * nothing changes. Zod objects strip unknown keys by default, so without this a misspelt or
 * out-of-date field (`assignedTo` for `assignedToStaffId`) was dropped in silence and the request
 * "succeeded" without doing what was asked.
 *
 * The fields a route knows are read from the zod schema it declares as `schema.body`, through
 * optional/nullable/default wrappers, pipes (the input side), unions (a body is judged against the
 * option it fits best), intersections (a key either side knows), arrays and records (values). An
 * object declared with a catch-all (`z.looseObject`, `.catchall(...)`) accepts any key.
 */
export function unknownFieldMessage(fields: string[]): string {
  return `Unknown field${fields.length > 1 ? 's' : ''}: ${fields.join(', ')}`;
}

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  element?: $ZodType;
  valueType?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  getter?: () => $ZodType;
};

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** An object as JSON parses one: a raw body (the Stripe webhook's Buffer) is no list of fields. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The fields of `value` (as `a.b.0.c`) that `schema` does not declare. Depth-bounded: bodies are JSON. */
export function unknownFields(schema: $ZodType, value: unknown): string[] {
  return walk(schema, value, '', 0) ?? [];
}

/** Types that hold no fields: an object or array given to one of them fits no union option's. */
const SCALAR_TYPES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'literal',
  'enum',
  'date',
  'nan',
  'template_literal',
  'file',
]);

/** As `unknownFields`; null when `schema` cannot hold a value of this kind at all. */
function walk(schema: $ZodType, value: unknown, path: string, depth: number): string[] | null {
  if (depth > 64) return [];
  const unknownFields = (inner: $ZodType, child: unknown, at: string, level: number) =>
    walk(inner, child, at, level) ?? [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value)) return Array.isArray(value) ? null : [];
      const shape = def.shape ?? {};
      const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
      const found: string[] = [];
      for (const [key, child] of Object.entries(value)) {
        const known = Object.prototype.hasOwnProperty.call(shape, key) ? shape[key] : undefined;
        if (known) found.push(...unknownFields(known, child, join(path, key), depth + 1));
        else if (open) found.push(...unknownFields(def.catchall!, child, join(path, key), depth + 1));
        else found.push(join(path, key));
      }
      return found;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return def.innerType ? walk(def.innerType, value, path, depth + 1) : [];
    case 'pipe':
      // A preprocess (`transform` first) is judged by what follows it; anything else by its input.
      if (def.in && defOf(def.in).type === 'transform') return walk(def.out!, value, path, depth + 1);
      return def.in ? walk(def.in, value, path, depth + 1) : [];
    case 'lazy':
      return def.getter ? walk(def.getter(), value, path, depth + 1) : [];
    case 'union': {
      let best: string[] | null = null;
      for (const option of def.options ?? []) {
        const found = walk(option, value, path, depth + 1);
        if (found !== null && (best === null || found.length < best.length)) best = found;
        if (found?.length === 0) break;
      }
      return best;
    }
    case 'intersection': {
      const right = new Set(unknownFields(def.right!, value, path, depth + 1));
      return unknownFields(def.left!, value, path, depth + 1).filter((field) => right.has(field));
    }
    case 'array':
      if (!Array.isArray(value) || !def.element) return [];
      return value.flatMap((item, i) => unknownFields(def.element!, item, join(path, i), depth + 1));
    case 'tuple':
      if (!Array.isArray(value)) return [];
      return value.flatMap((item, i) => {
        const itemSchema = def.items?.[i] ?? def.rest ?? undefined;
        return itemSchema ? unknownFields(itemSchema, item, join(path, i), depth + 1) : [];
      });
    case 'record':
      if (!isPlainObject(value) || !def.valueType) return [];
      return Object.entries(value).flatMap(([key, child]) =>
        unknownFields(def.valueType!, child, join(path, key), depth + 1),
      );
    default:
      return SCALAR_TYPES.has(def.type) && typeof value === 'object' && value !== null ? null : [];
  }
}

export function registerUnknownFieldGuard(app: FastifyInstance): void {
  // preValidation, registered after the access hook: 401 and 403 still come first.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404 || !request.routeOptions.config?.access) return;
    const schema = request.routeOptions.schema?.body;
    const body: unknown = request.body;
    let fields: string[];
    if (schema instanceof $ZodType) fields = unknownFields(schema, body);
    // A route that declares no body knows no field (its clients send `{}` or nothing).
    else if (schema === undefined && isPlainObject(body)) fields = Object.keys(body);
    else return;
    if (fields.length === 0) return;
    return reply.status(400).send({
      message: unknownFieldMessage(fields),
      errors: Object.fromEntries(fields.map((field) => [field, 'Unknown field'])),
    });
  });
}
