import { UPDATE_CHECK_INTERVAL_MS } from '@vigil/contracts';
import { useEffect } from 'react';

/** The script sources named in an HTML page, sorted. */
export function scriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)) sources.add(match[1]);
  return [...sources].sort();
}

function loadedScriptSources(): string[] {
  const sources = new Set<string>();
  for (const script of document.querySelectorAll('script[src]')) {
    const src = script.getAttribute('src');
    if (src) sources.add(src);
  }
  return [...sources].sort();
}

/**
 * Every 10 minutes fetches the site's root page and reloads when its set of
 * scripts differs from the loaded page's: a new release was deployed (spec 01 §4).
 */
export function useUpdateCheck(): void {
  useEffect(() => {
    const loaded = loadedScriptSources().join('\n');
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch('/', { cache: 'no-store' });
        if (!response.ok) return;
        const current = scriptSources(await response.text()).join('\n');
        if (current && current !== loaded) window.location.reload();
      } catch {
        // Offline for now: try again next time.
      }
    }, UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
