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

  if (options.clientDir && indexHtml) await serveClientFiles(app, options.clientDir);

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

/**
 * The hashed bundles (hundreds of files) are served by one wildcard route that looks the file up when
 * asked: a route per file, found by walking the folder, cost about a third of building the app at every
 * start (docs/performance.md, cold start). A missing one falls through to the not-found handler. The
 * few unhashed files beside index.html keep a route each, and are checked for changes.
 */
async function serveClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  const assetsDir = path.join(clientDir, 'assets');
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    wildcard: true,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.startsWith(assetsDir + path.sep);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const topFiles = fs
    .readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
  for (const { name } of topFiles) {
    app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) => reply.sendFile(name, clientDir));
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
