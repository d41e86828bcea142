/**
 * Lets node's test runner load the console's modules as Vite would: CSS imports become
 * empty modules and `import.meta.glob('./locales/*.json', …)` becomes lazy JSON imports.
 * Use with `node --import tsx --import ./packages/web/test/register.ts --test …`.
 */
import { register } from 'node:module';

register('./vite-hooks.ts', import.meta.url);
