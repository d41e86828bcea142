import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';

/**
 * A dialog whose code (and the antd parts only it uses: upload, date pickers, result
 * illustrations) loads the first time it opens, so a screen's first paint does not carry
 * it. It stays mounted after that, so closing animates and reopening is instant.
 * A dialog opened by a value rather than an `open` flag (`firmware={row}`, null when
 * closed) says how to tell with `isOpen`.
 */
export function lazyDialog<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>): (props: Props) => ReactElement | null;
export function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>, isOpen: (props: Props) => boolean): (props: Props) => ReactElement | null;
export function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>, isOpen: (props: Props) => boolean = openFlag): (props: Props) => ReactElement | null {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

function openFlag(props: object): boolean {
  return 'open' in props && props.open === true;
}
