import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

function secure(config: Config, request: FastifyRequest): boolean {
  if (config.cookieSecure === 'always') return true;
  if (config.cookieSecure === 'never') return false;
  return request.protocol === 'https';
}

/** Session cookies: HttpOnly, SameSite=Lax, Secure over HTTPS (docs/product-rules.md). */
export function setSessionCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(config, request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
): void {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(config, request) });
}
