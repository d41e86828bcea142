import { lazy, useState, type ComponentType } from 'react';

/** A page whose code loads on first render, or earlier through preload(). */
export interface LazyPage {
  /** The page: suspends while its code is on the way, renders at once when it is already in. */
  Page: ComponentType;
  /** Starts loading the page's code (once); settles when it is in. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy with a preload. A plain lazy component suspends on its first render even when
 * its module is already loaded, and React then holds the page back behind the Suspense
 * fallback for up to 300 ms; a preloaded LazyPage renders without suspending.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((page) => (loaded = page)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Chosen once per mount, so the page is not remounted when its code arrives later.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, preload };
}
