/** The id of the data block the build writes into index.html (build-tools/screen-preloads.ts). */
export const SCREEN_PRELOADS_ID = 'vigil-screen-preloads';

let hints: Readonly<Record<string, readonly string[]>> | undefined;

function readHints(): Readonly<Record<string, readonly string[]>> {
  const block = document.getElementById(SCREEN_PRELOADS_ID);
  try {
    const parsed: unknown = JSON.parse(block?.textContent ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, readonly string[]>) : {};
  } catch {
    return {};
  }
}

/**
 * Starts fetching the script files of the screen named `name`, beside the shell's: the
 * screens are imported from the shell's chunk, so without this the opening screen would be
 * requested only once the shell had arrived. The files are the build's (index.html, as
 * absolute paths); in development, or for a name the build does not know, nothing is
 * preloaded and the screen loads when the shell imports it, as it would anyway.
 */
export function preloadScreenFiles(name: string): void {
  hints ??= readHints();
  const files = hints[name];
  for (const href of Array.isArray(files) ? files : []) {
    if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
