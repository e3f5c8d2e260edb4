import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientPath } from '../../shared/client-routes';

/**
 * Serves the built client: hashed assets with a long cache life, and index.html (with the
 * product name filled in) for every client path. Unknown paths get the client's 404 page with a
 * real 404 status; unknown /api paths get JSON.
 */
export async function registerClientAssets(
  app: FastifyInstance,
  options: { clientDir: string | null; appName: string },
): Promise<void> {
  const indexFile = options.clientDir ? path.join(options.clientDir, 'index.html') : null;
  const indexHtml =
    indexFile && fs.existsSync(indexFile)
      ? fs.readFileSync(indexFile, 'utf8').replaceAll('%APP_NAME%', escapeHtml(options.appName))
      : null;

  if (options.clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}` });
    }
    if (!indexHtml) {
      return reply
        .status(404)
        .send({ message: 'The web client is not built. Run `npm run build` (npm start does it for you).' });
    }
    return reply
      .status(isClientPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
