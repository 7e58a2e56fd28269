import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Everything the SPA does not serve itself comes from the local cloud (`npm start`) on one origin. */
const localCloud = 'http://localhost:3000';
const proxied = ['/api', '/config.json', '/media', '/cognito'];

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    // zod without its `new Function` probe, which the production CSP reports (see src/lib/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      // The same aliases as web/tsconfig.json's `paths` (and jest's moduleNameMapper).
      { find: /^@\/(.*)$/, replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}$1` },
      {
        find: /^@shared\/(.*)$/,
        replacement: `${fileURLToPath(new URL('../shared/src/', import.meta.url))}$1`,
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Read by the web bench (test/bench/web.ts) to size the landing page's initial JavaScript.
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: localCloud, changeOrigin: true }])),
  },
});
