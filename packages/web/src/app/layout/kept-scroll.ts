import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useKeptScreens } from './kept-screens.ts';

/**
 * Gives a kept screen, shown again, the scroll position it was left at; any other screen opens
 * at the top. The shell's main column is the one scroller every screen shares, so without this a
 * kept list would come back at the position of the tab seen last.
 */
export function useKeptScroll(scroller: RefObject<HTMLElement | null>, path: string): void {
  const positions = useRef(new Map<string, number>());
  // Switched before paint, so the scroll events of the switch itself count for the screen shown.
  const shownPath = useRef(path);
  const kept = useKeptScreens();
  const isKept = kept.some((screen) => screen.path === path);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const remember = () => positions.current.set(shownPath.current, element.scrollTop);
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  });

  useLayoutEffect(() => {
    shownPath.current = path;
    const element = scroller.current;
    if (element) element.scrollTop = isKept ? (positions.current.get(path) ?? 0) : 0;
    // Only when the screen changes: a screen becoming kept while shown stays where it is.
  }, [scroller, path]);
}
