import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';

/**
 * A dialog whose code (and the antd parts only it uses: upload, date pickers, result
 * illustrations) loads the first time it opens, so a screen's first paint does not carry
 * it. It stays mounted after that, so closing animates and reopening is instant.
 */
export function lazyDialog<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>): (props: Props) => ReactElement | null {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
