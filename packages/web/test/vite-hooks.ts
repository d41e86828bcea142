import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type LoadResult = { format?: string | null; source?: string | ArrayBuffer | Uint8Array; shortCircuit?: boolean };
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

const GLOB = /import\.meta\.glob\(\s*['"]\.\/([\w-]+)\/\*\.json['"]\s*,\s*\{\s*import:\s*['"]default['"]\s*\}\s*\)/g;

/** `import.meta.glob('./dir/*.json', { import: 'default' })` as an object of lazy JSON imports. */
function expandGlobs(source: string, fileUrl: string): string {
  return source.replace(GLOB, (_match, folder: string) => {
    const directory = join(dirname(fileURLToPath(fileUrl)), folder);
    const entries = readdirSync(directory)
      .filter((name) => name.endsWith('.json'))
      .map((name) => {
        const url = pathToFileURL(join(directory, name)).href;
        return `${JSON.stringify(`./${folder}/${name}`)}: () => import(${JSON.stringify(url)}, { with: { type: 'json' } }).then((module) => module.default)`;
      });
    return `({ ${entries.join(', ')} })`;
  });
}

/** Node module hook: empty CSS, expanded globs; everything else as the next loader has it. */
export async function load(url: string, context: unknown, nextLoad: NextLoad): Promise<LoadResult> {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || !/\.tsx?$/.test(url) || result.source === undefined) return result;
  const text = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  return text.includes('import.meta.glob') ? { ...result, source: expandGlobs(text, url) } : result;
}
