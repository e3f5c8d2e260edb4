import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseErrorOf, isTransactionConflict, uniqueViolationMessage } from '../db/errors';

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

/**
 * The database's own refusals that a request can cause, as the 4xx they are, on both drivers: a
 * write that lost a race on a unique value (409), a row it refers to that was just removed (409), a
 * lock conflict PostgreSQL resolved by aborting (409, try again), a value the column cannot hold (400).
 */
export function databaseRefusal(error: unknown): { status: number; message: string } | null {
  const info = databaseErrorOf(error);
  if (!info) return null;
  if (info.code === '23505') return { status: 409, message: uniqueViolationMessage(info.constraint) };
  if (info.code === '23503')
    return { status: 409, message: 'The record this refers to no longer exists. Reload and try again.' };
  if (isTransactionConflict(error))
    return { status: 409, message: 'Another change was in progress. Please try again.' };
  if (info.code.startsWith('22')) return { status: 400, message: 'A value in the request is not valid.' };
  return null;
}

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
    const refusal = databaseRefusal(error);
    if (refusal) {
      // Only the code and the constraint: the driver's message and detail quote the values.
      request.log.warn({ dbError: databaseErrorOf(error) }, 'database refused a write');
      return reply.status(refusal.status).send({ message: refusal.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}
