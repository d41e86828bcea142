import type { ConsoleRoute } from '@vigil/contracts';
import { createContext, useContext, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * What renders a leaf route's screen, provided by the shell (AppLayout). The screens' code is
 * imported from the shell's chunk, not from the entry: rollup then knows the shell is in memory
 * whenever a screen loads, and puts the modules both use in the shell's chunk instead of a
 * chunk of their own for every set of screens that shares them (docs/performance.md).
 */
export const ScreenRendererContext = createContext<ComponentType<{ route: ConsoleRoute }> | null>(null);

/** A leaf route's screen, as the shell renders it; nothing outside the shell. */
export function ScreenSlot({ route }: { route: ConsoleRoute }) {
  const Screen = useContext(ScreenRendererContext);
  return Screen ? <Screen route={route} /> : null;
}

/** The routes a screen stack renders: the console's paths under the shell. */
export interface ScreenStackProps {
  routes: RouteObject[];
}

/** What renders the shell's screens (the current one and those kept behind the tab bar), provided by the shell. */
export const ScreenStackContext = createContext<ComponentType<ScreenStackProps> | null>(null);

/** The shell's screens, as the shell renders them; nothing outside the shell. */
export function ScreenStackSlot({ routes }: ScreenStackProps) {
  const Stack = useContext(ScreenStackContext);
  return Stack ? <Stack routes={routes} /> : null;
}
