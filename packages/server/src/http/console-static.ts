import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed build output: a new release gets new names, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, robots.txt, favicon) is revalidated on every use. */
export const REVALIDATE = 'no-cache';

/** Whether a file in the build is content-hashed (Vite writes those under assets/). */
export function isHashedAsset(distDir: string, file: string): boolean {
  return path.relative(distDir, file).split(path.sep)[0] === 'assets';
}

/**
 * The file of the build a URL path names, or null: only regular files inside the build,
 * never a dot-folder (Vite's manifest) or a path that climbs out of it.
 */
export async function buildFile(distDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'))) return null;
  const file = path.join(distDir, ...segments);
  if (!file.startsWith(distDir + path.sep)) return null;
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? path.relative(distDir, file).split(path.sep).join('/') : null;
}

/** Sends the console's page for a client-side route; the router in the page decides what to show. */
function sendPage(reply: FastifyReply): FastifyReply {
  return reply.sendFile('index.html');
}

/**
 * Serves the built console from `distDir` when it has been built: hashed assets cached for a
 * year, index.html and other files revalidated, brotli or gzip sent from the `.br`/`.gz` files
 * the build wrote, and every other GET or HEAD outside /api and /assets answered with the
 * page (history fallback). Without a build it serves nothing and /api works alone.
 */
/** True when `root` holds a built web app (its index.html). */
export async function hasBuild(root: string): Promise<boolean> {
  return fs.stat(path.join(root, 'index.html')).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

export async function serveConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  if (!(await hasBuild(root))) return;
  await app.register(fastifyStatic, {
    root,
    serve: false,
    preCompressed: true,
    // @fastify/static writes its own Cache-Control after setHeaders runs; off, so ours reaches the client.
    cacheControl: false,
    index: false,
    setHeaders: (response, file) => {
      response.setHeader('Cache-Control', isHashedAsset(root, file) ? IMMUTABLE : REVALIDATE);
      // The same URL answers differently by Accept-Encoding: shared caches must keep them apart.
      response.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.callNotFound();
    const file = await buildFile(root, urlPath);
    if (file) return reply.sendFile(file);
    // A missing script or style is a 404, never the page: a stale tab after a release must not run HTML as code.
    if (urlPath.startsWith('/assets/')) return reply.callNotFound();
    return sendPage(reply);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/', handler, schema: { hide: true } });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler, schema: { hide: true } });
}
