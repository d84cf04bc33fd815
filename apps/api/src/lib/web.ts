import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Serves the built SPA: hashed assets cached for a year and sent precompressed, index.html and /sw.js revalidated on every
 * load (so a new worker is picked up), and every other GET that is not an API path answered with
 * index.html so client routes survive reloads.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/precompress.ts): sent as
      // such to browsers that accept them (Content-Encoding, Vary), never compressed per request.
      preCompressed: true,
      cacheControl: false, // ours below: immutable hashed assets, revalidated everything else
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The body depends on Accept-Encoding (preCompressed): caches must keep one per encoding.
        res.setHeader('vary', 'accept-encoding');
        // The notifications' service worker controls the whole site (apps/web/public/sw.js).
        if (path.basename(filePath) === 'sw.js') res.setHeader('service-worker-allowed', '/');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApiPath = /^\/(api|idp)(\/|$)/.test(pathname);
    const isFile = /\.[a-z0-9]+$/i.test(pathname); // a missing asset is a 404, not the app's HTML
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath || isFile || !wantsPage) {
      throw new AppError('not_found', `Rota não encontrada: ${request.method} ${pathname}`);
    }
    if (!hasBuild) {
      throw new AppError('unavailable', 'A aplicação web não foi compilada. Rode `npm start`.');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
}
