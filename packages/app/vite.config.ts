import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../web/build-tools/precompress.ts';

/**
 * The caregiver and installer app (docs/app.md): its own bundle, served by Vigil at /app/.
 * No antd and no charts, so the first load stays under 250 KB of gzip JavaScript
 * (`npm run bench:app` prints it).
 */
export default defineConfig({
  base: '/app/',
  plugins: [react(), precompress()],
  define: {
    // The build number the update check compares with published app versions (docs/app.md).
    __APP_BUILD__: JSON.stringify(process.env.VIGIL_APP_BUILD ?? '1'),
  },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
  },
});
