import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One entry of Vite's build manifest (`build.manifest: true`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** The chunk's name (its main module's file name without extension). */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  /** The stylesheets the chunk brings. */
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const WEB_DIST = path.resolve(import.meta.dirname, '../../packages/web/dist');

/** Reads the manifest of the console's last build. */
export function readManifest(dist = WEB_DIST): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const parsed: Manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  return parsed;
}

/** The JS files a browser must fetch before the chunks under `keys` run: each chunk with its static imports, transitively. */
export function staticGraph(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The built JS files with code from a module whose path matches `source`, read from each file's
 * source map (the build writes linked maps): its `sources` name every module that put code in
 * the file. Unlike chunk names and manifest keys, which are rollup's choice (zod's chunk was
 * `coerce-*.js`, then `schemas-*.js`), the sources name the modules themselves.
 */
export function filesWithSource(manifest: Manifest, source: RegExp, dist = WEB_DIST): Set<string> {
  const files = new Set<string>();
  for (const { file } of Object.values(manifest)) {
    const map = path.join(dist, `${file}.map`);
    if (!file.endsWith('.js') || !fs.existsSync(map)) continue;
    const { sources }: { sources: string[] } = JSON.parse(fs.readFileSync(map, 'utf8'));
    if (sources.some((name) => source.test(name))) files.add(file);
  }
  return files;
}

/** gzip size of a set of built files (level 9, as the build precompresses them). */
export function gzipBytes(files: Iterable<string>, dist = WEB_DIST): number {
  let total = 0;
  for (const file of files) total += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return total;
}

/** The manifest key of the entry chunk (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].isEntry);
  if (!key) throw new Error('manifest has no entry chunk');
  return key;
}

/**
 * The manifest key of the chunk holding one of our modules. Rollup names a dynamic entry
 * `_<Name>-<hash>.js` instead of its path when the chunk also hosts modules shared with the
 * chunks it loads later (the shell hosts the alarm bell the alarm centre uses).
 */
export function chunkKey(manifest: Manifest, src: string): string {
  if (manifest[src]) return src;
  const name = path.basename(src).replace(/\.[^.]+$/, '');
  const matches = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !manifest[key].src && manifest[key].name === name);
  if (matches.length !== 1) throw new Error(`manifest has ${matches.length} chunks for ${src}`);
  return matches[0];
}

/** True for a chunk of our own source module (a screen, page or dialog), not a library, locale file or contracts module. */
export function isOurModule(manifest: Manifest, key: string): boolean {
  if (key.endsWith('.json')) return false;
  if (key.startsWith('src/')) return true;
  // A dynamic entry named by rollup (see chunkKey): our components are PascalCase.
  return key.startsWith('_') && !manifest[key].src && /^[A-Z]\w*$/.test(manifest[key].name ?? '');
}
