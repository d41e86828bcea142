import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and probes for it
// on first use; the console's Content-Security-Policy forbids eval, so the probe shows
// up as a CSP violation. Imported first by main.tsx, before any contract schema is built.
z.config({ jitless: true });
