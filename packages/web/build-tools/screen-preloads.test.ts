import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { CONSOLE_ROUTES, type ConsoleRoute } from '@vigil/contracts';
import { screenModules, screenPreloads } from './screen-preloads.ts';

const WEB = path.resolve(import.meta.dirname, '..');

function builtRouteNames(routes: readonly ConsoleRoute[]): string[] {
  return routes.flatMap((route) => (route.children ? builtRouteNames(route.children) : route.built ? [route.name] : []));
}

test('screenModules finds the screen module of every built console route in the screens module', () => {
  const modules = screenModules(path.join(WEB, 'src/app/routing/screens.tsx'));
  assert.deepEqual([...modules.keys()].sort(), builtRouteNames(CONSOLE_ROUTES).sort());
  assert.equal(modules.get('userManage'), path.join(WEB, 'src/features/residents/ResidentManagePage.tsx'));
});

test("screenPreloads lists a screen's chunk and its static imports, without what the entry and the shell load", () => {
  const chunk = (fileName: string, imports: string[], moduleIds: string[] = [], isEntry = false) => ({ fileName, imports, moduleIds, isEntry });
  const chunks = [
    chunk('assets/index.js', ['assets/react.js'], ['/web/src/main.tsx'], true),
    chunk('assets/react.js', []),
    chunk('assets/AppLayout.js', ['assets/index.js', 'assets/select.js'], ['/web/src/Select.tsx', '/web/src/app/layout/AppLayout.tsx']),
    chunk('assets/select.js', ['assets/index.js']),
    chunk('assets/List.js', ['assets/index.js', 'assets/select.js', 'assets/table.js'], ['/web/src/List.tsx']),
    chunk('assets/table.js', ['assets/react.js', 'assets/pagination.js']),
    chunk('assets/pagination.js', []),
  ];
  const modules = new Map([['userManage', '/web/src/List.tsx']]);
  assert.deepEqual(screenPreloads(chunks, modules, '/web/src/app/layout/AppLayout.tsx'), {
    userManage: ['assets/List.js', 'assets/table.js', 'assets/pagination.js'],
  });
  assert.throws(() => screenPreloads(chunks, new Map([['gone', '/web/src/Gone.tsx']]), '/web/src/app/layout/AppLayout.tsx'), /no chunk for gone/);
});
