import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An expected failure with a status and a user-facing message (and optional extra fields). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : {});
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors ? { errors } : {});

/** Every error answer is JSON `{message}`; nothing a client sends can produce a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        if (!errors[field]) errors[field] = issue.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      const where =
        error.validationContext && error.validationContext !== 'body' ? ` (${error.validationContext})` : '';
      return reply.status(400).send({ message: `${first}${where}`, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Request body is too large' });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send({ message: 'Requests with a body must be sent as application/json' });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is empty; send a JSON object' });
    }
    if (status === 400 && (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError)) {
      return reply.status(400).send({ message: 'Malformed JSON in request body' });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: error.message || 'Too many requests. Please try again later.' });
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
