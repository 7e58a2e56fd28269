import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Everything the SPA does not serve itself comes from the local cloud (`npm start`) on one origin. */
const localCloud = 'http://localhost:3000';
const proxied = ['/api', '/config.json', '/media', '/cognito'];

/**
 * The entry (src/main.tsx) loads the app (src/boot.tsx) with a dynamic import after the first paint; the
 * page links the app's chunks as `modulepreload` so they download with the document, not after the entry ran.
 */
function preloadBoot(): Plugin {
  return {
    name: 'kindred:preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/boot.tsx'));
        if (!boot) throw new Error('vite.config.mts: no chunk for src/boot.tsx');
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const css = new Set<string>();
        const visit = (file: string) => {
          if (preloaded.has(file)) return;
          preloaded.add(file);
          files.push(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
          for (const dep of chunk?.imports ?? []) visit(dep);
        };
        visit(boot.fileName);
        // The app's own CSS (the site frame, the landing page) is the page's too: linked, so it paints styled.
        return [
          ...[...css].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), preloadBoot()],
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
    // The dev server stands in for the site's own origin: the API accepts state changes only from the site's
    // origin (lambdas/lib/edge.ts), so the proxy presents the local cloud's.
    proxy: Object.fromEntries(
      proxied.map((prefix) => [
        prefix,
        {
          target: localCloud,
          changeOrigin: true,
          configure: (proxy) =>
            proxy.on('proxyReq', (req) => {
              if (req.getHeader('origin')) req.setHeader('origin', new URL(localCloud).origin);
            }),
        },
      ]),
    ),
  },
});
