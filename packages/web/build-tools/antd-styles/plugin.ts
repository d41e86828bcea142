import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const run = promisify(execFile);

/** What src/main.tsx imports. */
export const ANTD_STYLES_MODULE = 'virtual:antd-styles.css';
const RESOLVED = `\0${ANTD_STYLES_MODULE}`;
const EXTRACT = fileURLToPath(new URL('./extract.ts', import.meta.url));

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g;

/** The values (not types) the console's sources import from 'antd'. */
export async function antdImports(srcDir: string): Promise<string[]> {
  const entries = await fs.readdir(srcDir, { withFileTypes: true, recursive: true });
  const sources = entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name));
  const names = new Set<string>();
  for (const entry of sources) {
    const text = await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(NAMED_IMPORT)) {
      for (const item of match[1].split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0].trim();
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/**
 * Vite plugin: antd's styles for the components the console imports, generated once at build
 * time (`virtual:antd-styles.css`, part of the entry stylesheet) instead of in every browser on
 * every load. The stylesheet carries antd's map of the styles it holds; antd's CSS-in-JS reads
 * it at the first render and skips generating and inserting those styles. Anything it does not
 * hold (another theme, such as the statistics screen's dark one, or a component rendered in a
 * way the extraction did not) is still generated in the browser, as before.
 *
 * The development server gets an empty stylesheet: there antd's class names carry a
 * development prefix, and antd generates everything itself.
 */
export function antdStaticStyles(): Plugin {
  let build = false;
  let production = true;
  let srcDir = '';
  return {
    name: 'vigil-antd-static-styles',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
      production = config.isProduction;
      srcDir = path.join(config.root, 'src');
    },
    resolveId(id) {
      return id === ANTD_STYLES_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      if (!build) return '';
      const names = await antdImports(srcDir);
      // A child process with the bundle's NODE_ENV: antd's class hashes depend on it when its CSS-in-JS loads.
      const { stdout } = await run(process.execPath, ['--import', 'tsx', EXTRACT, JSON.stringify(names)], {
        cwd: path.dirname(EXTRACT),
        env: { ...process.env, NODE_ENV: production ? 'production' : 'development' },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    },
  };
}
