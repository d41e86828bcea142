import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { antdStaticStyles } from './build-tools/antd-styles/plugin.ts';
import { precompress } from './build-tools/precompress.ts';
import { screenPreloadHints } from './build-tools/screen-preloads.ts';

export default defineConfig({
  plugins: [react(), antdStaticStyles(), screenPreloadHints(), precompress()],
  resolve: {
    // @vigil/contracts with schema-free operation descriptors (packages/contracts/src/client.generated.ts):
    // calling the API brings no zod; only forms that validate with a contract schema do.
    conditions: ['schema-free', ...defaultClientConditions],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle budget test (e2e/specs/bundle-budget.spec.ts) reads the chunk graph from here.
    manifest: true,
    // Linked maps: browsers fetch them only when DevTools is open, so users pay nothing,
    // and whoever debugs a care home's console sees the real sources (which are not secret).
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // React and the router change less often than the console: their own chunk stays cached across releases.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
