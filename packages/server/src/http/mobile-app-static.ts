import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { hasBuild, IMMUTABLE, isHashedAsset, REVALIDATE } from './console-static.ts';

/** Where the caregiver and installer app lives (packages/app, docs/app.md). */
export const MOBILE_APP_PREFIX = '/app/';

/**
 * Serves the built mobile app from `distDir` at /app/ when it has been built, like the
 * console: hashed assets cached for a year, everything else (index.html, the service worker,
 * the manifest) revalidated, brotli or gzip from the build's precompressed files. The app
 * has no client-side routes, so a missing file is a 404, never the page.
 */
export async function serveMobileApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  if (!(await hasBuild(root))) return;
  await app.register(fastifyStatic, {
    root,
    prefix: MOBILE_APP_PREFIX,
    // The console's registration owns reply.sendFile.
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    index: ['index.html'],
    redirect: true,
    allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    setHeaders: (response, file) => {
      response.setHeader('Cache-Control', isHashedAsset(root, file) ? IMMUTABLE : REVALIDATE);
      response.setHeader('Vary', 'Accept-Encoding');
      // The service worker controls the whole app (its scope is /app/).
      if (file.endsWith(`${path.sep}sw.js`)) response.setHeader('Service-Worker-Allowed', MOBILE_APP_PREFIX);
    },
  });
}
