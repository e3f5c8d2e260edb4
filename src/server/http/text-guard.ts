import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Text PostgreSQL cannot store, or that is not text at all, is refused at the edge: a NUL character
 * (`\u0000`) or an unpaired UTF-16 surrogate (`\ud800`) anywhere in a JSON body (values and keys), a
 * path parameter or a query value. One hook for every route, so no route has to remember it and
 * none answers 500 when the database refuses the bytes.
 */
export const BAD_TEXT_MESSAGE = 'This text contains characters that are not allowed.';

function isBadText(value: string): boolean {
  return value.includes('\u0000') || !(value as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The first field (as `a.b.0.c`) holding bad text, or null. Depth-bounded: bodies are JSON. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path.join('.') || '_' : null;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (isBadText(key)) return path.join('.') || '_';
    const found = findBadText(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function registerTextGuard(app: FastifyInstance): void {
  // preValidation, registered after the access hook: 401 and 403 still come first.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findBadText(part);
      if (field !== null) {
        return reply.status(400).send({ message: BAD_TEXT_MESSAGE, errors: { [field]: BAD_TEXT_MESSAGE } });
      }
    }
  });
}
