/**
 * `npm run build:web`'s second step: writes the public pages that are the same for everyone
 * (`prerenderedPaths`, shared/src/site/site-routes.ts) as HTML, so their first paint needs no JavaScript.
 * Vite's SSR build of web/src/prerender/entry-server.tsx renders each page (the browser's own components,
 * with a static router); its markup goes into the built shell (web/dist/index.html) with the page's title
 * and description, its route module's CSS and `modulepreload` links for its chunks, and is written to
 * `web/dist/<prerenderedFile(path)>`. The edge (CloudFront Function, local origin) serves that file for the
 * path; main.tsx hydrates it.
 *
 * The markup depends on the environment's name in one place (the register page's test-mode hint): it is
 * rendered for `WEB_PRERENDER_ENVIRONMENT` (default `local`; `npm run deploy` sets the stage's name). In
 * another environment the browser renders afresh instead of hydrating, as without a prerender.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '@shared/config';
import {
  EMPTY_ROOT,
  withHeadTags,
  withLowPriorityScripts,
  withPrerenderedRoot,
} from '@shared/site/head-tags';
import { paths } from '@shared/site/paths';
import { withPreloadsAfterFirstPaint } from '@shared/site/preloads-after-paint';
import {
  CHARITIES_PAGE_SHELL_FILE,
  CHARITY_PAGE_SHELL_FILE,
  prerenderedFile,
  prerenderedPaths,
} from '@shared/site/site-routes';
import { build } from 'vite';
import { repoRoot } from '../infra/paths';

const WEB = join(repoRoot, 'web');
const DIST = join(WEB, 'dist');
const SSR_OUT = join(repoRoot, '.local-build', 'web-ssr');

/**
 * Each prerendered page's lazy route module (`web/src/app/routes/<module>.tsx`), whose chunks and CSS the
 * page links; null: the page is in the entry chunk (the landing page).
 */
const ROUTE_MODULES: Record<string, string | null> = {
  [paths.home.path]: null,
  [paths.joinWaitlist.path]: 'join-waitlist',
  [paths.waitlistThankYou.path]: 'waitlist-thank-you',
  [paths.privacyPolicy.path]: 'privacy-policy',
  [paths.termsOfService.path]: 'terms-of-service',
  [paths.cookiePolicy.path]: 'cookie-policy',
  [paths.financialTransparency.path]: 'financial-transparency',
  [paths.verificationInfo.path]: 'verification-info',
  [paths.fees.path]: 'fees',
  [paths.charity.register.path]: 'charity-register',
  [paths.charity.signIn.path]: 'charity-signin',
  [paths.charity.forgotPassword.path]: 'charity-forgot-password',
  [paths.charity.support.path]: 'charity-support',
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk files and CSS files of a manifest entry and its static imports, transitively. */
function closure(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`web/dist/.vite/manifest.json has no ${k}`);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return { js, css: [...css] };
}

/** The configuration the pages render with: only `environment` shows in public pages' markup. */
const renderConfig = (environment: string): RuntimeConfig => ({
  environment,
  siteUrl: 'https://prerender.invalid',
  apiBaseUrl: '/api',
  mediaBaseUrl: '/media',
  region: 'eu-west-2',
  userPoolId: 'prerender',
  charityClientId: 'prerender',
  donorClientId: 'prerender',
});

async function main() {
  const environment = process.env.WEB_PRERENDER_ENVIRONMENT || 'local';
  await build({
    configFile: join(WEB, 'vite.config.mts'),
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: SSR_OUT,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: {
        // entry-server: this script's pages; charity-page-server: the share-page lambda's render (it bundles
        // this file: lambdas/adapters/charity-page-renderer.ts).
        input: {
          'entry-server': join(WEB, 'src/prerender/entry-server.tsx'),
          'charity-page-server': join(WEB, 'src/prerender/charity-page-server.tsx'),
          // The `/charities` document's render (lambdas/adapters/charities-page-renderer.ts bundles it).
          'charities-page-server': join(WEB, 'src/prerender/charities-page-server.tsx'),
        },
        output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  const { renderPage } = (await import(pathToFileURL(join(SSR_OUT, 'entry-server.mjs')).href)) as {
    renderPage: typeof import('../web/src/prerender/entry-server').renderPage;
  };

  const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('web/dist/.vite/manifest.json has no entry');
  // What every page links already: the entry's chunks and the app's (src/boot.tsx, web/vite.config.mts).
  const [main, boot] = [closure(manifest, entryKey), closure(manifest, 'src/boot.tsx')];
  const entry = { js: [...main.js, ...boot.js], css: [...main.css, ...boot.css] };
  if (!shell.includes(EMPTY_ROOT)) throw new Error('web/dist/index.html has no empty #root');

  /** The shell with a route module's CSS and `modulepreload` links for its chunks (beyond the entry's). */
  const withRoute = (html: string, module: string | null, extra: string[] = []) => {
    const keys = [...(module ? [`src/app/routes/${module}.tsx`] : []), ...extra];
    const parts = keys.map((key) => closure(manifest, key));
    const route = {
      js: [...new Set(parts.flatMap((p) => p.js))],
      css: [...new Set(parts.flatMap((p) => p.css))],
    };
    const links = [
      ...route.css.filter((f) => !entry.css.includes(f)).map((f) => `<link rel="stylesheet" href="/${f}" />`),
      ...route.js
        .filter((f) => !entry.js.includes(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
    ];
    return links.length ? html.replace(/<\/head>/i, `  ${links.join('\n    ')}\n  </head>`) : html;
  };
  const write = (file: string, html: string, what: string) => {
    mkdirSync(dirname(join(DIST, file)), { recursive: true });
    writeFileSync(join(DIST, file), html);
    console.log(`${what} -> web/dist/${file} (${(html.length / 1024).toFixed(1)} KB)`);
  };

  rmSync(join(DIST, 'pages'), { recursive: true, force: true });
  for (const path of prerenderedPaths) {
    const module = ROUTE_MODULES[path];
    if (module === undefined) throw new Error(`scripts/prerender-web.ts: no route module listed for ${path}`);
    const { html, meta } = await renderPage(path, renderConfig(environment));
    if (!meta) throw new Error(`${path} rendered no document meta (useDocumentMeta)`);
    // The page paints without JavaScript: its scripts (for hydrating) need not compete with its CSS.
    const page = withPrerenderedRoot(
      withPreloadsAfterFirstPaint(withLowPriorityScripts(withRoute(withHeadTags(shell, meta), module))),
      environment,
      html,
    );
    write(prerenderedFile(path), page, `prerendered ${path}`);
  }
  // A charity's public page (its share document, from the API, rendered on the server) starts from this
  // shell: the route's CSS and chunks download with the document. Not the API client (callApi's lazy module):
  // the page hydrates from the document's inline data and calls nothing (without the server render, the
  // document preloads the API answer and the client loads when the page asks for it).
  write(CHARITY_PAGE_SHELL_FILE, withRoute(shell, 'charity-page'), 'charity page shell');
  // The `/charities` listing's document (render-charities-page) starts from this shell, in the same way.
  write(CHARITIES_PAGE_SHELL_FILE, withRoute(shell, 'charities'), 'charities page shell');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
