import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildFile, hasBuild, IMMUTABLE, REVALIDATE } from './console-static.ts';

/** Where the caregiver and installer app lives (packages/app, docs/app.md). */
export const MOBILE_APP_PREFIX = '/app/';

/**
 * Serves the mobile app at /app/ (docs/releases.md "What /app/ serves"): the folder of the
 * published H5 package `liveRoot` names (the most recently published H5 version, unpacked), or,
 * when none is published, the app built with the server from `distDir`. Which one is asked on
 * every request, so publishing or withdrawing a version changes /app/ at once. Hashed assets
 * (under assets/) are cached for a year; everything else (index.html, the service worker, the
 * manifest) is revalidated on every use; brotli or gzip from precompressed files where the build
 * wrote them. The app has no client-side routes, so a missing file is a 404, never the page.
 */
export async function serveMobileApp(app: FastifyInstance, distDir: string, liveRoot: () => Promise<string | null> = async () => null): Promise<void> {
  const built = path.resolve(distDir);
  const hasBuilt = await hasBuild(built);
  await app.register(async (scope) => {
    // Its own scope: reply.sendFile here takes the root per request; the console's registration keeps its own.
    await scope.register(fastifyStatic, { root: built, serve: false, preCompressed: true, cacheControl: false, index: false });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = request.url.split('?')[0] ?? '';
      if (urlPath === '/app') return reply.redirect(MOBILE_APP_PREFIX + (request.url.slice(4) || ''), 301);
      const live = await liveRoot();
      const root = live ?? (hasBuilt ? built : null);
      if (!root) return reply.callNotFound();
      const inner = urlPath.slice(MOBILE_APP_PREFIX.length - 1);
      const file = await buildFile(root, inner.endsWith('/') ? `${inner}index.html` : inner);
      if (!file) return reply.callNotFound();
      const hashed = file.split('/')[0] === 'assets';
      reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE).header('Vary', 'Accept-Encoding');
      // The service worker controls the whole app (its scope is /app/).
      if (file === 'sw.js') reply.header('Service-Worker-Allowed', MOBILE_APP_PREFIX);
      return reply.sendFile(file, root);
    };
    scope.route({ method: ['GET', 'HEAD'], url: '/app', handler, schema: { hide: true } });
    scope.route({ method: ['GET', 'HEAD'], url: `${MOBILE_APP_PREFIX}*`, handler, schema: { hide: true } });
  });
}
