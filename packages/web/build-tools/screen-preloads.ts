import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

// The block's id, shared with the console module that reads it (importing it runs no browser code).
import { SCREEN_PRELOADS_ID } from '../src/app/routing/screen-preloads.ts';

/** The module that maps route names to their screens, and the shell that imports it. */
const SCREENS_MODULE = 'src/app/routing/screens.tsx';
const SHELL_MODULE = 'src/app/layout/AppLayout.tsx';

/** One `name: lazyPage(() => import('…'))` line of the screens module. */
const SCREEN_IMPORT = /^\s*(\w+): lazyPage\(\(\) => import\('([^']+)'\)/gm;

/** Route name → absolute path of its screen module, read from the screens module's source. */
export function screenModules(screensFile: string): Map<string, string> {
  const source = fs.readFileSync(screensFile, 'utf8');
  const modules = new Map<string, string>();
  for (const [, name, specifier] of source.matchAll(SCREEN_IMPORT)) modules.set(name, path.resolve(path.dirname(screensFile), specifier));
  return modules;
}

type ChunkLike = Pick<Rollup.OutputChunk, 'fileName' | 'isEntry' | 'moduleIds' | 'imports'>;

/**
 * Route name → the script files its screen needs beyond the entry and the shell: the screen's
 * chunk and its static imports, transitively, in the order a browser may fetch them.
 */
export function screenPreloads(chunks: readonly ChunkLike[], modules: ReadonlyMap<string, string>, shellModule: string): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: readonly ChunkLike[]) => {
    const files = new Set<string>();
    const visit = (chunk: ChunkLike | undefined) => {
      if (!chunk || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const imported of chunk.imports) visit(byFile.get(imported));
    };
    roots.forEach(visit);
    return files;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  // By the modules a chunk holds, not its facade: a dynamic entry's chunk that also hosts modules
  // shared with the chunks it loads (the shell does) has none.
  const chunkOf = (moduleId: string) => chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
  const shell = chunkOf(shellModule);
  if (!entry || !shell) throw new Error(`screen preloads: the build has no ${entry ? 'shell chunk' : 'entry chunk'}`);
  const loaded = closure([entry, shell]);
  const preloads: Record<string, string[]> = {};
  for (const [name, moduleId] of modules) {
    const chunk = chunkOf(moduleId);
    if (!chunk) throw new Error(`screen preloads: no chunk for ${name} (${moduleId})`);
    preloads[name] = [...closure([chunk])].filter((file) => !loaded.has(file));
  }
  return preloads;
}

/**
 * Vite plugin: writes into index.html, for each screen, the script files it needs beyond the
 * entry and the shell. The screens are imported from the shell's chunk (so the modules they
 * share with it live there, not in ~40 small chunks); without these hints, a console opened at
 * a screen's address would request the screen only once the shell had arrived. The entry reads
 * the block and preloads the opening screen's files beside the shell's (`preloadRoute`).
 * A JSON data block is not a script the browser runs, so `script-src 'self'` stands.
 */
export function screenPreloadHints(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'vigil:screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const chunks = Object.values(context.bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const files = screenPreloads(chunks, screenModules(path.join(root, SCREENS_MODULE)), path.join(root, SHELL_MODULE));
        // Absolute paths: the console opens at any address, so a relative one would resolve against it.
        const preloads = Object.fromEntries(Object.entries(files).map(([name, names]) => [name, names.map((file) => `${base}${file}`)]));
        // `<` escaped so no file name can close the block.
        const json = JSON.stringify(preloads).replaceAll('<', '\\u003c');
        return { html, tags: [{ tag: 'script', attrs: { type: 'application/json', id: SCREEN_PRELOADS_ID }, children: json, injectTo: 'head' }] };
      },
    },
  };
}
